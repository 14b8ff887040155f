import { QueryClient } from '@tanstack/react-query';

/**
 * Calls report their own failures (lib/api-client), so a retry would raise
 * the same toast again; the reservations API is ours and answers
 * deterministically, so a failure is shown at once with a way to retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
