import { SCREEN_TEXT } from '@tours/domain/messages';
import { OPERATOR } from '@tours/domain/operator';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { catalogueAnswer } from '../test/fixtures.ts';
import { jsonResponse, mockRoutes } from '../test/fetch-mock.ts';
import { useAccountSession } from '../lib/auth/account-session.ts';
import { fakeUserManager, signInForTest } from '../test/auth.ts';
import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { renderInRouter, renderRoute } from '../test/render.tsx';
import { RootLayout } from './layout/root-layout.tsx';

const title = (page: string) => `${page} | ${OPERATOR.companyName}`;

describe('routes', () => {
  it.each([
    ['/', 'Sign in or create an account', 'Sign in or create an account'],
    ['/tours', 'Our tours', 'Our tours'],
    ['/register', 'Register', 'Register'],
    ['/terms', 'Booking conditions', 'Booking conditions'],
    ['/book?tour=VIE24&departure=2027-03-04', 'Book your tour', 'Book your tour'],
    ['/account', 'Manage your bookings', 'Manage your bookings'],
    // The mock answers 404 for every unlisted call: a booking not in this account.
    ['/account/booking/812', 'Booking not found', 'Booking not found'],
    // With no booking confirmed, the confirmation route sends the visitor home (spec section 2).
    ['/booking-confirmation', 'Sign in or create an account', 'Sign in or create an account'],
    ['/no/such/page', 'Page not found', 'Page not found'],
  ])('%s has one h1 %j, its own title and the landmarks', async (path, heading, pageTitle) => {
    mockRoutes({ '/api/tours': () => jsonResponse(catalogueAnswer()) });
    if (path.startsWith('/account')) {
      fakeUserManager();
      signInForTest();
    }
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(title(pageTitle)));
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main');
  });

  it.each([['/account'], ['/account/booking/812?tab=2']])(
    'sends %s to sign in when there is no customer and no token, remembering it',
    async (path) => {
      const { router } = renderRoute(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
      expect(useAccountSession.getState().locationWhenAuthenticating).toBe(path);
    },
  );

  it('refuses to start a booking without tour and departure', async () => {
    renderRoute('/book?tour=VIE24');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(SCREEN_TEXT.unableToInitiate(OPERATOR.regions.DEFAULT.phone)));
  });

  it('moves focus to the main content after navigating', async () => {
    mockRoutes({ '/api/tours': () => jsonResponse(catalogueAnswer()) });
    const { router } = renderRoute('/');
    await router.navigate('/tours');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });

  it('shows a page that fails inside the layout, with a way out, and lets the next page try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockRoutes({ '/api/tours': () => jsonResponse(catalogueAnswer()) });
    // A lazy page whose chunk cannot load (a release replaced it) must not blank the site.
    const Broken = lazy(() => Promise.reject(new Error('chunk gone')));
    const { router } = renderInRouter(
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="broken" element={<Broken />} />
          <Route path="fine" element={<h1>Fine</h1>} />
        </Route>
      </Routes>,
      '/fine',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Fine' })).toBeTruthy();
    await router.navigate('/broken');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home Page' }).getAttribute('href')).toBe('/');
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fine' })).toBeTruthy();
  });

  it('says the page is loading while its code arrives', async () => {
    let arrive: (page: { default: ComponentType }) => void = () => {};
    const Slow = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
    renderInRouter(
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="slow" element={<Slow />} />
        </Route>
      </Routes>,
      '/slow',
    );
    expect((await screen.findByText('Loading the page…')).getAttribute('role')).toBe('status');
    expect(screen.getByRole('banner')).toBeTruthy();
    arrive({ default: () => <h1>Arrived</h1> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Arrived' })).toBeTruthy();
    expect(screen.queryByText('Loading the page…')).toBeNull();
  });
});
