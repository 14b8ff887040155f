import type { RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { RegisterPage } from '../features/auth/register-page.tsx';
import { SignInCallbackPage } from '../features/auth/sign-in-callback-page.tsx';
import { SilentRenewPage } from '../features/auth/silent-renew-page.tsx';
import { CataloguePage } from '../features/catalogue/catalogue-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { TermsPage } from '../features/terms/terms-page.tsx';
import { RootErrorPage, RouteErrorPage } from './error-boundary.tsx';
import { RequireAccount } from './layout/require-account.tsx';
import { RootLayout } from './layout/root-layout.tsx';

/**
 * Every route of spec section 2 (plus our /tours catalogue). The booking
 * flow and the account area load on demand: they carry the forms and the
 * payment code that a visitor reading the catalogue never needs.
 */
/** Ids for `useRouteLoaderData` and `router.patchRoutes`. */
export const ROUTE_IDS = { root: 'root', pages: 'pages' } as const;

export const routes: RouteObject[] = [
  // Loaded in a hidden frame by the OpenID Connect client: no layout, nothing to see.
  { path: '/auth/silent-renew', element: <SilentRenewPage /> },
  {
    id: ROUTE_IDS.root,
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      {
        id: ROUTE_IDS.pages,
        // A failing page shows its error inside the layout, keeping the header's phone number in view.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'tours', element: <CataloguePage /> },
          { path: 'tours/:code', lazy: async () => ({ Component: (await import('../features/catalogue/tour-page.tsx')).TourPage }) },
          { path: 'book', lazy: async () => ({ Component: (await import('../features/booking/book-page.tsx')).BookPage }) },
          { path: 'register', element: <RegisterPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'auth/callback', element: <SignInCallbackPage /> },
          {
            element: <RequireAccount />,
            children: [
              { path: 'account', lazy: async () => ({ Component: (await import('../features/account/account-page.tsx')).AccountPage }) },
              {
                path: 'account/booking/:id',
                lazy: async () => ({ Component: (await import('../features/account/booked-item-page.tsx')).BookedItemPage }),
              },
            ],
          },
          {
            path: 'booking-confirmation',
            lazy: async () => ({
              Component: (await import('../features/booking/booking-confirmation-page.tsx')).BookingConfirmationPage,
            }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

function AppLoading() {
  return (
    <main className="site-main app-loading">
      <Spinner label="Loading the page" />
    </main>
  );
}
