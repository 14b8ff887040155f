import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AlertStack } from '../../features/alerts/alert-stack.tsx';
import { useSessionRenewal } from '../../lib/auth/use-session-renewal.ts';
import { RouteErrorBoundary } from '../error-boundary.tsx';
import { AuthenticatingOverlay } from './authenticating-overlay.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useRouteFocus } from './use-route-focus.ts';
import { useScrollRestoration } from './use-scroll-restoration.ts';

const MAIN_ID = 'main';

/** Shown in <main> while a page's code arrives (each page is its own chunk, app/routes.tsx). */
function PageLoading() {
  return (
    <div className="app-loading">
      <p role="status">Loading the page…</p>
    </div>
  );
}

/** The shell every page sits in: skip link, header, main, footer and the toast stack. */
export function RootLayout() {
  useRouteFocus(MAIN_ID);
  useScrollRestoration();
  useSessionRenewal();
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <SiteHeader />
      <main className="site-main" id={MAIN_ID} tabIndex={-1}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <AuthenticatingOverlay />
      <AlertStack />
    </>
  );
}
