import type { User, UserManager } from 'oidc-client-ts';
import { vi } from 'vitest';
import { useAccountSession } from '../lib/auth/account-session.ts';
import { setUserManagerForTests } from '../lib/auth/user-manager.ts';

/** An oidc-client-ts user as the client returns it after the code exchange. */
export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    access_token: 'access.token.demo',
    id_token: 'id.token.demo',
    refresh_token: 'refresh-demo',
    expires_at: Math.floor(Date.now() / 1000) + 600,
    expired: false,
    profile: { sub: 'customer-sub', email: 'demo@example.com', iss: 'http://localhost/idp', aud: 'web', exp: 0, iat: 0 },
    ...overrides,
  } as unknown as User;
}

/** A stand-in for the OpenID Connect client: every method a spy, events that record their listeners. */
export function fakeUserManager(user: User | null = fakeUser()) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const on = (name: string) => (listener: (...args: unknown[]) => void) => {
    const set = listeners.get(name) ?? new Set();
    set.add(listener);
    listeners.set(name, set);
  };
  const off = (name: string) => (listener: (...args: unknown[]) => void) => listeners.get(name)?.delete(listener);
  const manager = {
    signinRedirect: vi.fn(() => Promise.resolve()),
    signinRedirectCallback: vi.fn(() => (user ? Promise.resolve(user) : Promise.reject(new Error('No matching state found')))),
    signinSilent: vi.fn(() => Promise.reject(new Error('login_required'))),
    signinSilentCallback: vi.fn(() => Promise.resolve()),
    signoutRedirect: vi.fn(() => Promise.resolve()),
    clearStaleState: vi.fn(() => Promise.resolve()),
    getUser: vi.fn(() => Promise.resolve(user)),
    removeUser: vi.fn(() => Promise.resolve()),
    events: {
      addUserLoaded: on('userLoaded'),
      removeUserLoaded: off('userLoaded'),
      addAccessTokenExpired: on('accessTokenExpired'),
      removeAccessTokenExpired: off('accessTokenExpired'),
      addSilentRenewError: on('silentRenewError'),
      removeSilentRenewError: off('silentRenewError'),
      addUserSignedOut: on('userSignedOut'),
      removeUserSignedOut: off('userSignedOut'),
    },
  };
  const emit = (name: string, ...args: unknown[]) => listeners.get(name)?.forEach((listener) => listener(...args));
  setUserManagerForTests(Promise.resolve(manager as unknown as UserManager));
  return { manager, emit, listenerCount: (name: string) => listeners.get(name)?.size ?? 0 };
}

/** A signed-in customer in the account session, as a completed sign-in leaves it. */
export function signInForTest(user: User = fakeUser()) {
  useAccountSession
    .getState()
    .signedIn(
      { sub: user.profile.sub, email: 'demo@example.com', expiresAt: user.expires_at ?? null },
      user.access_token,
      { id: 1, title: 'Mrs', forename: 'Dora', surname: 'Demo', email: 'demo@example.com' },
      null,
    );
}
