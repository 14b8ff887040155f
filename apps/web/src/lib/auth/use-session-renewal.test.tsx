import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeUser, fakeUserManager, signInForTest } from '../../test/auth.ts';
import { renderRoute } from '../../test/render.tsx';
import { useAccountSession } from './account-session.ts';

describe('session renewal', () => {
  it('takes each silently renewed access token into the account session', async () => {
    const { emit, listenerCount } = fakeUserManager();
    signInForTest();
    renderRoute('/register');
    await waitFor(() => expect(listenerCount('userLoaded')).toBe(1));
    emit('userLoaded', fakeUser({ access_token: 'renewed.token', expires_at: 4_000_000_000 }));
    expect(useAccountSession.getState()).toMatchObject({ accessToken: 'renewed.token', user: { expiresAt: 4_000_000_000 } });
  });

  it('keeps running across page changes, without looking the user up again (which would write the token back)', async () => {
    const { manager, listenerCount } = fakeUserManager();
    signInForTest();
    const { router } = renderRoute('/register');
    await waitFor(() => expect(listenerCount('userLoaded')).toBe(1));
    const lookups = manager.getUser.mock.calls.length;
    await router.navigate('/terms');
    await router.navigate('/tours');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our tours' })).toBeTruthy();
    expect(listenerCount('userLoaded')).toBe(1);
    expect(manager.getUser.mock.calls.length).toBe(lookups);
  });

  it('sends an expired session that cannot be renewed to sign in, remembering the page', async () => {
    const { manager } = fakeUserManager(fakeUser({ expired: true }));
    signInForTest();
    const { router } = renderRoute('/register?from=here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeTruthy();
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
    expect(useAccountSession.getState()).toMatchObject({ isAuth: false, accessToken: null, locationWhenAuthenticating: '/register?from=here' });
  });

  it('ends the session when renewal fails after the token expired', async () => {
    const expiring = fakeUser();
    const { emit, manager, listenerCount } = fakeUserManager(expiring);
    signInForTest();
    const { router } = renderRoute('/terms');
    await waitFor(() => expect(listenerCount('silentRenewError')).toBe(1));
    manager.getUser.mockResolvedValue(fakeUser({ expired: true }));
    emit('silentRenewError', new Error('login_required'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAccountSession.getState().locationWhenAuthenticating).toBe('/terms');
  });
});
