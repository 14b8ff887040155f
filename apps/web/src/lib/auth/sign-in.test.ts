import { ALERTS, LOGOUT_AFTER_SIGN_IN_FAILURE_MS, OPERATOR } from '@tours/domain';
import { describe, expect, it, vi } from 'vitest';
import { fakeUser, fakeUserManager, signInForTest } from '../../test/auth.ts';
import { jsonResponse, mockRoutes } from '../../test/fetch-mock.ts';
import { useAlertStore } from '../alerts.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../storage.ts';
import { INITIAL_ACCOUNT_SESSION, useAccountSession } from './account-session.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { readNoAccount } from './no-account.ts';
import { destinationAfterSignIn, logout, startSignIn } from './sign-in.ts';

const PHONE = OPERATOR.regions.DEFAULT.phone;
const CALLBACK = 'http://localhost/auth/callback?code=abc&state=xyz';
const PROFILE = {
  data: {
    customer: { id: 7, title: 'Mrs', forename: 'Dora', surname: 'Demo', email: 'demo@example.com' },
    address: { line_1: '1 High St', line_2: '', line_3: '', city: 'London', state: 'London', postal_code: 'N1 1AA', country: 'GBR' },
  },
};

const alerts = () => useAlertStore.getState().alerts.map(({ message, type, timeout }) => ({ message, type, timeout }));

/** What a booking in progress leaves in storage: the stores logout and a failed sign-in must clear. */
function seedStores() {
  writeJson(STORAGE_KEYS.booking, { version: 0, state: { step: '2a' } });
  writeJson(STORAGE_KEYS.payment, { version: 0, state: { amountPaid: 100 } });
  writeJson(STORAGE_KEYS.product, { version: 0, state: { currency: 'USD' } });
  writeJson(STORAGE_KEYS.passengers, { version: 0, state: { passengers: [] } });
}

describe('completeSignIn', () => {
  it('exchanges the code, loads the profile with the token and keeps customer, address and user', async () => {
    const { manager } = fakeUserManager();
    const fetchMock = mockRoutes({ '/api/account/profile': () => jsonResponse(PROFILE) });
    useAccountSession.getState().beginAuthentication('/');

    await expect(completeSignIn(CALLBACK)).resolves.toEqual({ kind: 'signed-in', path: '/account' });

    expect(manager.signinRedirectCallback).toHaveBeenCalledWith(CALLBACK);
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer access.token.demo');
    expect(useAccountSession.getState()).toMatchObject({
      isAuth: true,
      accessToken: 'access.token.demo',
      customer: PROFILE.data.customer,
      customerAddress: PROFILE.data.address,
      user: { sub: 'customer-sub', email: 'demo@example.com' },
      authenticating: false,
      overlay: { status: false },
    });
    // The account session is in session storage (spec section 4, Persistence), without the ID token.
    const stored = readJson(STORAGE_KEYS.accountSession) as { state: Record<string, unknown> };
    expect(stored.state).toMatchObject({ isAuth: true, customer: PROFILE.data.customer });
    expect(JSON.stringify(stored)).not.toContain('id.token.demo');
  });

  it('returns to the location saved when sign-in was asked for', async () => {
    fakeUserManager();
    mockRoutes({ '/api/account/profile': () => jsonResponse(PROFILE) });
    useAccountSession.getState().beginAuthentication('/account/booking/812?tab=2');
    await expect(completeSignIn(CALLBACK)).resolves.toEqual({ kind: 'signed-in', path: '/account/booking/812?tab=2' });
  });

  it('goes to the account area when the saved location was Home', () => {
    expect(destinationAfterSignIn('/')).toBe('/account');
    expect(destinationAfterSignIn('/book?tour=X')).toBe('/book?tour=X');
  });

  it("says 'No account found' for 3 s, clears the stores and ends the provider session 3 s later", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { manager } = fakeUserManager();
    mockRoutes({ '/api/account/profile': () => jsonResponse({ error: { code: 'NOT_FOUND', message: 'No account' } }, 404) });
    seedStores();

    await expect(completeSignIn(CALLBACK)).resolves.toEqual({ kind: 'failed', reason: 'no-account' });

    expect(alerts()).toEqual([{ ...ALERTS.noAccount(PHONE), timeout: 3_000 }]);
    expect(useAccountSession.getState()).toMatchObject({ isAuth: false, accessToken: null, customer: null });
    for (const entry of [STORAGE_KEYS.booking, STORAGE_KEYS.payment]) expect(readJson(entry)).toBeNull();
    vi.advanceTimersByTime(LOGOUT_AFTER_SIGN_IN_FAILURE_MS - 1);
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id.token.demo' }));
    // Home names the address tried once the provider's logout has brought the visitor back (issue 25), until they try again.
    expect(readNoAccount()).toBe('demo@example.com');
    void startSignIn();
    expect(readNoAccount()).toBeNull();
  });

  it('says the account details could not be loaded when the profile call fails otherwise', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fakeUserManager();
    mockRoutes({ '/api/account/profile': () => jsonResponse({ error: { code: 'INTERNAL', message: 'boom' } }, 500) });
    await expect(completeSignIn(CALLBACK)).resolves.toEqual({ kind: 'failed', reason: 'profile' });
    expect(alerts()).toEqual([ALERTS.profileFailed(PHONE)]);
    expect(alerts()[0]!.message).toMatch(/^There was a problem getting your account details\./);
  });

  it('says the login failed when the code cannot be exchanged, and logs out at the provider 3 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { manager } = fakeUserManager(null);
    seedStores();
    await expect(completeSignIn(CALLBACK)).resolves.toEqual({ kind: 'failed', reason: 'token' });
    expect(alerts()).toEqual([ALERTS.loginFailed(PHONE)]);
    expect(alerts()[0]!.message).toMatch(/^An error occurred when trying to login\./);
    expect(readJson(STORAGE_KEYS.booking)).toBeNull();
    vi.advanceTimersByTime(LOGOUT_AFTER_SIGN_IN_FAILURE_MS);
    await vi.waitFor(() => expect(manager.signoutRedirect).toHaveBeenCalledWith({}));
  });

  it("shows the error box, not a toast, when the provider returns an error", async () => {
    const { manager } = fakeUserManager();
    useAccountSession.getState().beginAuthentication('/');
    await expect(completeSignIn('http://localhost/auth/callback?error=access_denied&state=xyz')).resolves.toEqual({ kind: 'provider-error' });
    expect(manager.signinRedirectCallback).not.toHaveBeenCalled();
    expect(alerts()).toEqual([]);
    expect(useAccountSession.getState()).toMatchObject({ authenticating: false, overlay: { status: false } });
  });
});

describe('logout', () => {
  it('clears auth, payment, product, passenger and booking stores, resets the session and ends the provider session', async () => {
    const { manager } = fakeUserManager(fakeUser());
    signInForTest();
    useAccountSession.getState().setBookingTab(2);
    useAccountSession.getState().setBookingUrl('/book?tour=MHW-VIE&departure=2027-03-04');
    seedStores();
    window.sessionStorage.setItem('tours.oidc.user.user:http://localhost/idp:web', '{"access_token":"secret"}');

    await logout();

    const { bookingURL, ...rest } = useAccountSession.getState();
    expect(rest).toMatchObject(INITIAL_ACCOUNT_SESSION_WITHOUT_URL);
    // Kept so Home can offer 'Continue with your last booking', as the logout question promises.
    expect(bookingURL).toBe('/book?tour=MHW-VIE&departure=2027-03-04');
    for (const entry of [STORAGE_KEYS.booking, STORAGE_KEYS.payment, STORAGE_KEYS.product, STORAGE_KEYS.passengers]) {
      expect(readJson(entry)).toBeNull();
    }
    expect(window.sessionStorage.getItem('tours.oidc.user.user:http://localhost/idp:web')).toBeNull();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id.token.demo' });
  });
});

const { bookingURL: _url, ...INITIAL_ACCOUNT_SESSION_WITHOUT_URL } = INITIAL_ACCOUNT_SESSION;
