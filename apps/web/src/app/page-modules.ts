/**
 * Each page's chunk, and which page a path shows. Without React or anything
 * else heavy, so that main.tsx can evaluate it first and start the page in
 * the address bar downloading while the rest of the entry (React and the
 * shell) is still being evaluated, not after (preload-page.ts; issue 15).
 * routes.tsx wraps these loaders with React.lazy.
 */
export const pageModules = {
  home: () => import('../features/home/home-page.tsx').then((m) => m.HomePage),
  catalogue: () => import('../features/catalogue/catalogue-page.tsx').then((m) => m.CataloguePage),
  tour: () => import('../features/catalogue/tour-page.tsx').then((m) => m.TourPage),
  book: () => import('../features/booking/book-page.tsx').then((m) => m.BookPage),
  confirmation: () => import('../features/booking/booking-confirmation-page.tsx').then((m) => m.BookingConfirmationPage),
  register: () => import('../features/auth/register-page.tsx').then((m) => m.RegisterPage),
  signInCallback: () => import('../features/auth/sign-in-callback-page.tsx').then((m) => m.SignInCallbackPage),
  silentRenew: () => import('../features/auth/silent-renew-page.tsx').then((m) => m.SilentRenewPage),
  terms: () => import('../features/terms/terms-page.tsx').then((m) => m.TermsPage),
  account: () => import('../features/account/account-page.tsx').then((m) => m.AccountPage),
  bookedItem: () => import('../features/account/booked-item-page.tsx').then((m) => m.BookedItemPage),
  notFound: () => import('../features/not-found/not-found-page.tsx').then((m) => m.NotFoundPage),
};

export type PageName = keyof typeof pageModules;

/** The page a first load of `pathname` shows, matched as <AppRoutes> matches it (the account guard aside). */
export function pageFor(pathname: string): PageName {
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
 * Starts loading the chunk of the page at `pathname` at once. A failure is
 * left to the page's own load (the same promise, React.lazy's), which shows it.
 */
export function preloadPage(pathname: string): void {
  pageModules[pageFor(pathname)]().catch(() => {});
}
