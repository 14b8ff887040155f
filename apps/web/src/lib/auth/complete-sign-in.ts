import { ALERTS, getProfile, LOGOUT_AFTER_SIGN_IN_FAILURE_MS } from '@tours/domain';
import type { User } from 'oidc-client-ts';
import { callApi } from '../api-client.ts';
import { isApiRequestError } from '../api-error.ts';
import { useAccountSession } from './account-session.ts';
import { rememberNoAccount } from './no-account.ts';
import { clearSession, destinationAfterSignIn, endProviderSession, phoneAlert, sessionUserOf, type SignInOutcome } from './sign-in.ts';
import { getUserManager } from './user-manager.ts';

/*
 * Apart from sign-in.ts, which the shell loads on every page (the header's
 * logout, the session renewal): only the callback page (/auth/callback)
 * completes a sign-in, and this brings the profile call and its contract
 * with it (issue 15's page weight).
 */

/**
 * The return from the provider (/auth/callback): the code becomes tokens,
 * the profile is loaded with them, and customer, address and user are kept.
 * Any failure logs out, clears the booking and payment stores, says why, and
 * ends the provider session 3 s later so the message can be read.
 */
export async function completeSignIn(url: string = window.location.href): Promise<SignInOutcome> {
  const params = new URL(url).searchParams;
  if (params.has('error')) {
    // The provider refused (the visitor cancelled, say): Home's error box says so, no session was made.
    useAccountSession.getState().clearOverlay();
    try {
      const manager = await getUserManager();
      await manager.clearStaleState();
    } catch {
      // Only tidying; the error box is what matters.
    }
    return { kind: 'provider-error' };
  }

  let user: User;
  try {
    const manager = await getUserManager();
    user = await manager.signinRedirectCallback(url);
  } catch (error) {
    console.error('The sign-in code could not be exchanged', error);
    phoneAlert(ALERTS.loginFailed);
    failSignIn(null);
    return { kind: 'failed', reason: 'token' };
  }

  try {
    const { data } = await callApi(getProfile, { token: user.access_token, onError: 'silent' });
    const session = useAccountSession.getState();
    session.signedIn(sessionUserOf(user), user.access_token, data.customer, data.address);
    return { kind: 'signed-in', path: destinationAfterSignIn(session.locationWhenAuthenticating) };
  } catch (error) {
    const noAccount = isApiRequestError(error) && error.code === 'NOT_FOUND';
    phoneAlert(noAccount ? ALERTS.noAccount : ALERTS.profileFailed);
    if (noAccount) rememberNoAccount(sessionUserOf(user).email);
    failSignIn(user.id_token ?? null);
    return { kind: 'failed', reason: noAccount ? 'no-account' : 'profile' };
  }
}

let pendingProviderLogout: ReturnType<typeof setTimeout> | null = null;

function failSignIn(idToken: string | null): void {
  clearSession();
  if (pendingProviderLogout) clearTimeout(pendingProviderLogout);
  pendingProviderLogout = setTimeout(() => {
    pendingProviderLogout = null;
    void endProviderSession(idToken);
  }, LOGOUT_AFTER_SIGN_IN_FAILURE_MS);
}

