import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { isApiRequestError } from '../../lib/api-error.ts';
import { ConsoleRoutes } from './routes.tsx';

/**
 * The console: its own router under /admin and its own query client. Staff
 * data is never shared and must be current, so a refused call is not
 * retried (a 4xx will not change) and reads refresh when the window regains
 * focus.
 */
export function ConsoleApp() {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: (count, error) => count < 2 && !(isApiRequestError(error) && error.status >= 400 && error.status < 500), staleTime: 10_000 },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter basename="/admin">
        <ConsoleRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
