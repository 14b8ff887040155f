import type { ComponentType } from 'react';

/**
 * The route table, once: every page of spec section 2 (plus our /tours
 * catalogue) with its path, the frame it sits in, and its chunk. Without
 * React or anything else heavy, so that main.tsx can evaluate it first and
 * start the page in the address bar downloading while the rest of the entry
 * (React and the shell) is still being evaluated, not after (preload-page.ts;
 * issue 15). routes.tsx builds React Router's routes from it.
 */

/**
 * Where a page sits: in the site's layout ('site'), in it behind the
 * account guard ('account'), or alone ('bare': the OpenID Connect client's
 * hidden frame, with nothing to see).
 */
export type PageFrame = 'site' | 'account' | 'bare';

interface PageEntry {
  /** React Router's path: segments, `:name` for a parameter, '*' for anything else. */
  path: string;
  frame: PageFrame;
  load: () => Promise<ComponentType>;
}

/** In matching order: '*' last. */
export const PAGES = {
  home: { path: '/', frame: 'site', load: () => import('../features/home/home-page.tsx').then((m) => m.HomePage) },
  catalogue: { path: '/tours', frame: 'site', load: () => import('../features/catalogue/catalogue-page.tsx').then((m) => m.CataloguePage) },
  tour: { path: '/tours/:code', frame: 'site', load: () => import('../features/catalogue/tour-page.tsx').then((m) => m.TourPage) },
  book: { path: '/book', frame: 'site', load: () => import('../features/booking/book-page.tsx').then((m) => m.BookPage) },
  register: { path: '/register', frame: 'site', load: () => import('../features/auth/register-page.tsx').then((m) => m.RegisterPage) },
  terms: { path: '/terms', frame: 'site', load: () => import('../features/terms/terms-page.tsx').then((m) => m.TermsPage) },
  signInCallback: { path: '/auth/callback', frame: 'site', load: () => import('../features/auth/sign-in-callback-page.tsx').then((m) => m.SignInCallbackPage) },
  silentRenew: { path: '/auth/silent-renew', frame: 'bare', load: () => import('../features/auth/silent-renew-page.tsx').then((m) => m.SilentRenewPage) },
  account: { path: '/account', frame: 'account', load: () => import('../features/account/account-page.tsx').then((m) => m.AccountPage) },
  bookedItem: {
    path: '/account/booking/:id',
    frame: 'account',
    load: () => import('../features/account/booked-item-page.tsx').then((m) => m.BookedItemPage),
  },
  confirmation: {
    path: '/booking-confirmation',
    frame: 'site',
    load: () => import('../features/booking/booking-confirmation-page.tsx').then((m) => m.BookingConfirmationPage),
  },
  notFound: { path: '*', frame: 'site', load: () => import('../features/not-found/not-found-page.tsx').then((m) => m.NotFoundPage) },
} satisfies Record<string, PageEntry>;

export type PageName = keyof typeof PAGES;
export const PAGE_NAMES = Object.keys(PAGES) as PageName[];

/** Whether `path` (no trailing slash) is one `pattern` matches, as React Router matches it (case aside). */
function matches(pattern: string, path: string): boolean {
  if (pattern === '*') return true;
  const expected = pattern.split('/');
  const actual = path.split('/');
  return expected.length === actual.length && expected.every((segment, index) => (segment.startsWith(':') ? actual[index] !== '' : segment === actual[index]));
}

/** The page a first load of `pathname` shows, matched as <AppRoutes> matches it (the account guard aside). */
export function pageFor(pathname: string): PageName {
  const path = pathname.replace(/\/+$/, '') || '/';
  return PAGE_NAMES.find((name) => matches(PAGES[name].path, path)) ?? 'notFound';
}

/** Pages whose chunk has arrived, so their route can render them at once (routes.tsx). */
const loadedPages = new Map<PageName, ComponentType>();

/** A page's component, loaded once and remembered. */
export function loadPage(name: PageName): Promise<ComponentType> {
  return PAGES[name].load().then((Page) => {
    loadedPages.set(name, Page);
    return Page;
  });
}

/** The page's component if its chunk has already arrived, otherwise null. */
export const loadedPage = (name: PageName): ComponentType | null => loadedPages.get(name) ?? null;

/**
 * Starts loading the chunk of the page at `pathname` at once; settles when it
 * has arrived (or failed). A failure is left to the page's own load, which shows it.
 */
export function preloadPage(pathname: string): Promise<void> {
  return loadPage(pageFor(pathname)).then(
    () => undefined,
    () => undefined,
  );
}
