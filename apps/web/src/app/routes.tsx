import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { RootErrorBoundary } from './error-boundary.tsx';
import { RequireAccount } from './layout/require-account.tsx';
import { RootLayout } from './layout/root-layout.tsx';

/**
 * Every route of spec section 2 (plus our /tours catalogue), in React
 * Router's declarative mode: the data router (loaders, actions, its own
 * error elements and scroll restoration) is twice the size and the site uses
 * none of it (issue 15's page weight). Every page is its own chunk, so a
 * visitor downloads the shell (header, footer, providers, the router) and the
 * page in front of them, not the booking forms or the account area; the
 * layout says "Loading the page…" while a page's chunk arrives
 * (layout/root-layout.tsx) and catches a page that fails, a chunk lost after
 * a release included (error-boundary.tsx).
 */

type PageModule = () => Promise<{ default: ComponentType }>;

/** A page loaded on demand; `load` is kept so the page in the address bar can start loading before React renders. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): { Page: ComponentType; load: PageModule } {
  const loadPage: PageModule = () => load().then((module) => ({ default: pick(module) }));
  return { Page: lazy(loadPage), load: loadPage };
}

const pages = {
  home: page(() => import('../features/home/home-page.tsx'), (m) => m.HomePage),
  catalogue: page(() => import('../features/catalogue/catalogue-page.tsx'), (m) => m.CataloguePage),
  tour: page(() => import('../features/catalogue/tour-page.tsx'), (m) => m.TourPage),
  book: page(() => import('../features/booking/book-page.tsx'), (m) => m.BookPage),
  confirmation: page(() => import('../features/booking/booking-confirmation-page.tsx'), (m) => m.BookingConfirmationPage),
  register: page(() => import('../features/auth/register-page.tsx'), (m) => m.RegisterPage),
  signInCallback: page(() => import('../features/auth/sign-in-callback-page.tsx'), (m) => m.SignInCallbackPage),
  silentRenew: page(() => import('../features/auth/silent-renew-page.tsx'), (m) => m.SilentRenewPage),
  terms: page(() => import('../features/terms/terms-page.tsx'), (m) => m.TermsPage),
  account: page(() => import('../features/account/account-page.tsx'), (m) => m.AccountPage),
  bookedItem: page(() => import('../features/account/booked-item-page.tsx'), (m) => m.BookedItemPage),
  notFound: page(() => import('../features/not-found/not-found-page.tsx'), (m) => m.NotFoundPage),
};

/** The page a first load of `pathname` shows, matched as <AppRoutes> matches it (the account guard aside). */
function pageFor(pathname: string): keyof typeof pages {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return 'home';
  if (path === '/tours') return 'catalogue';
  if (/^\/tours\/[^/]+$/.test(path)) return 'tour';
  if (path === '/book') return 'book';
  if (path === '/booking-confirmation') return 'confirmation';
  if (path === '/register') return 'register';
  if (path === '/terms') return 'terms';
  if (path === '/auth/callback') return 'signInCallback';
  if (path === '/auth/silent-renew') return 'silentRenew';
  if (path === '/account') return 'account';
  if (/^\/account\/booking\/[^/]+$/.test(path)) return 'bookedItem';
  return 'notFound';
}

/**
 * Starts loading the chunk of the page at `pathname` at once, in parallel
 * with the first render, instead of when React first meets the lazy page
 * (main.tsx). A failure is left to the page's own load, which shows it.
 */
export function preloadPage(pathname: string): void {
  pages[pageFor(pathname)].load().catch(() => {});
}

export function AppRoutes() {
  const { home, catalogue, tour, book, confirmation, register, signInCallback, silentRenew, terms, account, bookedItem, notFound } = pages;
  return (
    <Routes>
      {/* Loaded in a hidden frame by the OpenID Connect client: no layout, nothing to see. */}
      <Route
        path="/auth/silent-renew"
        element={
          <Suspense fallback={null}>
            <silentRenew.Page />
          </Suspense>
        }
      />
      <Route
        element={
          <RootErrorBoundary>
            <RootLayout />
          </RootErrorBoundary>
        }
      >
        <Route index element={<home.Page />} />
        <Route path="tours" element={<catalogue.Page />} />
        <Route path="tours/:code" element={<tour.Page />} />
        <Route path="book" element={<book.Page />} />
        <Route path="register" element={<register.Page />} />
        <Route path="terms" element={<terms.Page />} />
        <Route path="auth/callback" element={<signInCallback.Page />} />
        <Route element={<RequireAccount />}>
          <Route path="account" element={<account.Page />} />
          <Route path="account/booking/:id" element={<bookedItem.Page />} />
        </Route>
        <Route path="booking-confirmation" element={<confirmation.Page />} />
        <Route path="*" element={<notFound.Page />} />
      </Route>
    </Routes>
  );
}
