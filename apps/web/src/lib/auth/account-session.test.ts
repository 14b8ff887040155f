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

  it('keeps the verified agent, staff member and verification, and restores only a valid verification', () => {
    const agent = { ID: 'AG1001', Name: 'Wanderlust Travel Ltd' };
    const staff = { Id: 1, Name: 'Jane Holt', Email: 'jane.holt@wanderlust.example' };
    const verification = { token: 'proof', expires_at: '2030-01-01T10:00:00.000Z' };
    useAccountSession.getState().setAgent(agent, staff, verification);
    expect(useAccountSession.getState()).toMatchObject({ agent, agentStaff: staff, agentVerification: verification });

    const { merge } = persistOptions<AccountSessionState, typeof accountSessionSchema>(STORAGE_KEYS.accountSession, accountSessionSchema);
    const base = { ...useAccountSession.getState(), ...INITIAL_ACCOUNT_SESSION };
    expect(merge!({ agent, agentStaff: staff, agentVerification: verification }, base)).toMatchObject({ agent, agentStaff: staff, agentVerification: verification });
    for (const tampered of [{ token: '', expires_at: verification.expires_at }, { token: 'proof', expires_at: 'soon' }, 'proof']) {
      expect(merge!({ agent, agentVerification: tampered }, base)).toMatchObject({ agent, agentVerification: null });
    }

    useAccountSession.getState().reset();
    expect(useAccountSession.getState()).toMatchObject({ agent: null, agentStaff: null, agentVerification: null });
  });

  it('takes a renewed access token', () => {
    useAccountSession.getState().signedIn({ sub: 's', email: null, expiresAt: 1 }, 'old', { id: 1, title: '', forename: 'A', surname: 'B', email: 'a@b.c' }, null);
    useAccountSession.getState().renewed('new', 99);
    expect(useAccountSession.getState()).toMatchObject({ accessToken: 'new', user: { expiresAt: 99 } });
  });
});
