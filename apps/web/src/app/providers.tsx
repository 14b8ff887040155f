import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useRegionDetection } from '../features/region/use-region-detection.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** App-wide providers and start-up work; tests pass their own QueryClient. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useRegionDetection();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
