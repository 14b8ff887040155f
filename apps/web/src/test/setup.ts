import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAlertStore } from '../lib/alerts.ts';
import { useRegionStore } from '../lib/region.ts';

// jsdom does not scroll; ScrollRestoration and focus({ preventScroll }) call these.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  useAlertStore.getState().clear();
  useRegionStore.setState({ region: 'DEFAULT', detected: false });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
