import { ALERTS, type AlertText } from '@tours/domain';
import type { User } from 'oidc-client-ts';
import { addAlert } from '../alerts.ts';
import { getRegionContact } from '../region.ts';
import { clearPersistedStores, OIDC_STORAGE_PREFIXES, removeByPrefix } from '../storage.ts';
import { useAccountSession, type SessionUser } from './account-session.ts';
import { forgetNoAccount } from './no-account.ts';
import { getUserManager } from './user-manager.ts';

/**
 * The sign-in and logout flows (spec section 4, Sign-in and Logout) on top
 * of the OpenID Connect client. Pages call these; none talks to the client.
 */

export const phoneAlert = (text: (phone: string) => AlertText) => addAlert(text(getRegionContact().phone));

export const sessionUserOf = (user: User): SessionUser => ({
  sub: user.profile.sub,
  email: typeof user.profile.email === 'string' ? user.profile.email : null,
  expiresAt: user.expires_at ?? null,
});

/**
 * Continue on Home, the step 5 sign-in action and an expired session:
 * remember where to come back to, show the overlay, go to the provider.
 */
export async function startSignIn(returnTo?: string): Promise<void> {
  forgetNoAccount();
  useAccountSession.getState().beginAuthentication(returnTo);
  try {
    const manager = await getUserManager();
    await manager.signinRedirect();
  } catch (error) {
    console.error('Could not start the sign-in', error);
    useAccountSession.getState().clearOverlay();
    phoneAlert(ALERTS.loginFailed);
  }
}

export type SignInOutcome =
  | { kind: 'signed-in'; path: string }
  | { kind: 'provider-error' }
  | { kind: 'failed'; reason: 'token' | 'profile' | 'no-account' };

/** Navigation state that makes Home show its error box (the provider refused the sign-in). */
export const SIGN_IN_ERROR_STATE = { signInError: true } as const;
export const hasSignInError = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { signInError?: unknown }).signInError === true;

/** Where a completed sign-in goes: the saved location, or the account area when that was Home. */
export function destinationAfterSignIn(location: string): string {
  return location === '/' ? '/account' : location;
}

/** Logout without leaving the page: every store of spec section 4 Logout, and the provider's user with its tokens. */
export function clearSession(): void {
  clearPersistedStores();
  useAccountSession.getState().reset();
  removeByPrefix(OIDC_STORAGE_PREFIXES.user);
}

/** Ends the provider's session, which brings the visitor back to Home (also after a failed sign-in, complete-sign-in.ts). */
export async function endProviderSession(idToken: string | null): Promise<void> {
  try {
    const manager = await getUserManager();
    await manager.signoutRedirect(idToken ? { id_token_hint: idToken } : {});
  } catch (error) {
    // No provider session to end, or the provider is unreachable: the local session is gone either way.
    console.warn('Provider logout failed', error);
    window.location.assign('/');
  }
}

/**
 * Log out (header): clear the stores, reset the account session, then end
 * the provider session, which brings the visitor back to Home.
 */
export async function logout(): Promise<void> {
  let idToken: string | null = null;
  try {
    const manager = await getUserManager();
    idToken = (await manager.getUser())?.id_token ?? null;
  } catch {
    // Without the client there is no provider session to end; the stores still clear below.
  }
  clearSession();
  await endProviderSession(idToken);
}
