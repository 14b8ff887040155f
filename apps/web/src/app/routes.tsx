import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { RootErrorBoundary } from './error-boundary.tsx';
import { RequireAccount } from './layout/require-account.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { pageModules, type PageName } from './page-modules.ts';

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

/** A page loaded on demand, from the loader page-modules.ts keeps for it. */
function page(load: () => Promise<ComponentType>): { Page: ComponentType } {
  const loadPage: PageModule = () => load().then((Page) => ({ default: Page }));
  return { Page: lazy(loadPage) };
}

const pages = Object.fromEntries(Object.entries(pageModules).map(([name, load]) => [name, page(load)])) as Record<PageName, { Page: ComponentType }>;

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
