import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { renderRoute } from '../../test/render.tsx';

const saveBookingUrl = (bookingURL: unknown) =>
  window.sessionStorage.setItem(STORAGE_KEYS.accountSession.key, JSON.stringify({ state: { bookingURL }, version: 0 }));

describe('Home (sign-in) page', () => {
  it('explains signing in and continues to the account area', async () => {
    const { router } = renderRoute('/');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeTruthy();
    expect(within(main).getByText(/submit your travel information, pay your balance and download your booking confirmation/)).toBeTruthy();
    expect(within(main).getByText(/e-mail address you used when your reservation was confirmed/)).toBeTruthy();
    expect(within(main).queryByRole('link', { name: /Continue with your last booking/ })).toBeNull();

    await userEvent.click(within(main).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage your bookings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('offers the last booking when one is saved', () => {
    saveBookingUrl('/book?tour=VIE24&departure=2027-03-04&currency=USD');
    renderRoute('/');
    const link = screen.getByRole('link', { name: /Continue with your last booking/ });
    expect(link.getAttribute('href')).toBe('/book?tour=VIE24&departure=2027-03-04&currency=USD');
  });

  it('accepts a saved absolute URL of this site, as a path', () => {
    saveBookingUrl(`${window.location.origin}/book?tour=LD-KEW&departure=2027-05-01`);
    renderRoute('/');
    expect(screen.getByRole('link', { name: /Continue with your last booking/ }).getAttribute('href')).toBe(
      '/book?tour=LD-KEW&departure=2027-05-01',
    );
  });

  it.each([['https://evil.example/book?tour=X'], ['//evil.example/book'], ['/account'], [42], ['']])(
    'never offers a saved value that is not our booking route: %j',
    (value) => {
      saveBookingUrl(value);
      renderRoute('/');
      expect(screen.queryByRole('link', { name: /Continue with your last booking/ })).toBeNull();
    },
  );
});
