import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter, unstable_HistoryRouter as HistoryRouter, useLocation, useNavigate, useNavigationType, type Location, type NavigateFunction, type NavigationType } from 'react-router';
import { AppRoutes } from '../app/routes.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** What a test reads of the router and how it moves it, as the data router's object offered it. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  /** Navigates as a link or the browser's Back/Forward (a number) would, and lets React settle. */
  navigate: (to: string | number) => Promise<void>;
}

type Probed = { navigate?: NavigateFunction; location?: Location; action?: NavigationType };

/** Reads the router from inside it (declarative mode has no router object to hold), after each change is committed. */
function RouterProbe({ onChange }: { onChange: (probed: Required<Probed>) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const action = useNavigationType();
  useLayoutEffect(() => {
    onChange({ navigate, location, action });
  }, [onChange, navigate, location, action]);
  return null;
}

/** Where a test opens the app: a path, or an entry with the history state a reload would keep. */
export type InitialEntry = string | { pathname: string; search?: string; state?: unknown };

/** Renders `ui` in a memory router at `path`, with a fresh query cache, and the router to drive it. */
export function renderInRouter(ui: ReactNode, path: InitialEntry, queryClient: QueryClient = createQueryClient()) {
  const probe: Probed = {};
  const onChange = (probed: Required<Probed>) => {
    Object.assign(probe, probed);
  };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe onChange={onChange} />
        {ui}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const router: TestRouter = {
    state: {
      get location() {
        return probe.location!;
      },
      get historyAction() {
        return probe.action!;
      },
    },
    navigate: async (to) => {
      await act(async () => {
        if (typeof to === 'number') await probe.navigate!(to);
        else await probe.navigate!(to);
      });
    },
  };
  return { ...view, router, queryClient };
}

/** Renders the real route table at `path`, as the browser would, with a fresh query cache. */
export function renderRoute(path: InitialEntry, queryClient: QueryClient = createQueryClient()) {
  return renderInRouter(<AppRoutes />, path, queryClient);
}

/** A history of the browser's kind that the test controls (UNSAFE_createBrowserHistory, or one wrapping it). */
export type TestHistory = Parameters<typeof HistoryRouter>[0]['history'];

/** Renders the app's routes over `history` (unstable_HistoryRouter), for a test that decides when the router hears of a move. */
export function renderRouteInHistory(history: TestHistory, queryClient: QueryClient = createQueryClient()) {
  return render(
    <QueryClientProvider client={queryClient}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </QueryClientProvider>,
  );
}
