import { describe, expect, it } from 'vitest';
import { persistOptions, STORAGE_KEYS } from '../storage.ts';
import { accountSessionSchema, INITIAL_ACCOUNT_SESSION, isSignedIn, useAccountSession, type AccountSessionState } from './account-session.ts';

describe('account session', () => {
  it('starts signed out, on booking tab 0, returning to Home (spec section 3)', () => {
    expect(INITIAL_ACCOUNT_SESSION).toMatchObject({ isAuth: false, accessToken: null, bookingTab: 0, locationWhenAuthenticating: '/', authenticating: false });
    expect(isSignedIn(INITIAL_ACCOUNT_SESSION)).toBe(false);
  });

  it('remembers where to return to, but only paths of this site', () => {
    useAccountSession.getState().rememberLocation('/account/booking/5?tab=2');
    expect(useAccountSession.getState().locationWhenAuthenticating).toBe('/account/booking/5?tab=2');
    useAccountSession.getState().rememberLocation('//evil.example/steal');
    expect(useAccountSession.getState().locationWhenAuthenticating).toBe('/');
    useAccountSession.getState().beginAuthentication('https://evil.example/');
    expect(useAccountSession.getState().locationWhenAuthenticating).toBe('/');
  });

  it('restores a stored session field by field, dropping what does not validate', () => {
    const { merge } = persistOptions<AccountSessionState, typeof accountSessionSchema>(STORAGE_KEYS.accountSession, accountSessionSchema);
    const restored = merge!(
      { isAuth: true, accessToken: 'token', bookingTab: -4, locationWhenAuthenticating: 'https://evil.example', customer: { id: 'x' } },
      useAccountSession.getState(),
    );
    expect(restored).toMatchObject({ isAuth: true, accessToken: 'token', bookingTab: 0, locationWhenAuthenticating: '/', customer: null });
  });

  it('takes a renewed access token', () => {
    useAccountSession.getState().signedIn({ sub: 's', email: null, expiresAt: 1 }, 'old', { id: 1, title: '', forename: 'A', surname: 'B', email: 'a@b.c' }, null);
    useAccountSession.getState().renewed('new', 99);
    expect(useAccountSession.getState()).toMatchObject({ accessToken: 'new', user: { expiresAt: 99 } });
  });
});
