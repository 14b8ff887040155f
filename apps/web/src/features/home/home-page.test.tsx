import { SCREEN_TEXT } from '@tours/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAccountSession } from '../../lib/auth/account-session.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { fakeUserManager } from '../../test/auth.ts';
import { renderRoute } from '../../test/render.tsx';

const saveBookingUrl = (bookingURL: unknown) =>
  window.sessionStorage.setItem(STORAGE_KEYS.accountSession.key, JSON.stringify({ state: { bookingURL }, version: 0 }));

describe('Home (sign-in) page', () => {
  it('explains signing in, and Continue goes to the identity provider behind the overlay', async () => {
    const { manager } = fakeUserManager();
    renderRoute('/');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeTruthy();
    expect(within(main).getByText(/submit your travel information, pay your balance and download your booking confirmation/)).toBeTruthy();
    expect(within(main).getByText(/e-mail address you used when your reservation was confirmed/)).toBeTruthy();
    expect(within(main).queryByRole('link', { name: /Continue with your last booking/ })).toBeNull();

    expect(within(main).queryByRole('alert')).toBeNull();

    await userEvent.click(within(main).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(manager.signinRedirect).toHaveBeenCalledTimes(1));
    expect(useAccountSession.getState()).toMatchObject({ authenticating: true, locationWhenAuthenticating: '/' });
    expect((await screen.findByText(SCREEN_TEXT.authenticating)).getAttribute('role')).toBe('status');
    // A visitor back from the provider with the Back button clears it with a click anywhere.
    await userEvent.click(screen.getByTestId('auth-overlay'));
    expect(screen.queryByText(SCREEN_TEXT.authenticating)).toBeNull();
    expect(useAccountSession.getState().authenticating).toBe(false);

    // Keyboard users have its button.
    useAccountSession.getState().beginAuthentication();
    await userEvent.click(await screen.findByRole('button', { name: 'Click anywhere to close this message' }));
    expect(screen.queryByText(SCREEN_TEXT.authenticating)).toBeNull();
  });

  it('shows the error box when the provider refused the sign-in', async () => {
    fakeUserManager();
    const { router } = renderRoute('/auth/callback?error=access_denied&state=abc');
    expect((await screen.findByRole('alert')).textContent).toContain(SCREEN_TEXT.invalidAccount);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeTruthy();
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
