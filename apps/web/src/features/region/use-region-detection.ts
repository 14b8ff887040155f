import { useEffect } from 'react';
import { startRegionDetection } from './detect-region.ts';

/** Mounted once at the app root: detects the region in the background, never blocking the first paint. */
export function useRegionDetection(): void {
  useEffect(() => {
    void startRegionDetection();
  }, []);
}
