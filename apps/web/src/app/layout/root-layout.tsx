import { Outlet, ScrollRestoration } from 'react-router';
import { AlertStack } from '../../features/alerts/alert-stack.tsx';
import { useSessionRenewal } from '../../lib/auth/use-session-renewal.ts';
import { AuthenticatingOverlay } from './authenticating-overlay.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useRouteFocus } from './use-route-focus.ts';

const MAIN_ID = 'main';

/** The shell every page sits in: skip link, header, main, footer and the toast stack. */
export function RootLayout() {
  useRouteFocus(MAIN_ID);
  useSessionRenewal();
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <SiteHeader />
      <main className="site-main" id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <AuthenticatingOverlay />
      <AlertStack />
      <ScrollRestoration />
    </>
  );
}
