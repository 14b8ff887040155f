import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { providerUser } from '../../lib/console-oidc.ts';
import { takeReturnTo } from '../../lib/return-to.ts';
import { useStaffSession } from '../../lib/staff-session.ts';
import { STEP_PATHS, startWithProviderToken, usePendingSignIn, type PasskeyStep } from './pending-sign-in.ts';

/**
 * The pending step a passkey page works on. After a reload nothing is
 * pending: a new step is asked for with the provider's access token, if it
 * still lasts, and the page for that step is opened; otherwise the sign-in
 * starts again. A step that ends because its sign-in finished (the session
 * is there) is not asked for again: the page is on its way elsewhere (the
 * recovery codes, the page the member was on), and a new step would take
 * it back to the passkey.
 */
export function usePendingStep<K extends PasskeyStep['next']>(kind: K): Extract<PasskeyStep, { next: K }> | null {
  const step = usePendingSignIn((state) => state.step);
  const signedIn = useStaffSession((state) => state.session !== null);
  const navigate = useNavigate();
  // Asked once per page: React runs effects twice in development.
  const resuming = useRef(false);
  const wanted = step?.next === kind ? (step as Extract<PasskeyStep, { next: K }>) : null;

  useEffect(() => {
    if (wanted || signedIn || resuming.current) return;
    resuming.current = true;
    void (async () => {
      const user = await providerUser().catch(() => null);
      if (!user) return navigate('/sign-in', { replace: true });
      try {
        const next = await startWithProviderToken(user.access_token);
        if (next.kind === 'signed-in') navigate(takeReturnTo(), { replace: true });
        else if (next.path !== STEP_PATHS[kind]) navigate(next.path, { replace: true });
        // Otherwise the new step is this page's: the store's change renders it.
      } catch (error) {
        navigate('/sign-in', { replace: true, state: { error: isApiRequestError(error) ? error.message : undefined } });
      }
    })();
  }, [wanted, signedIn, kind, navigate]);
  return wanted;
}

/** The provider's access token of the pending sign-in (or of this tab's provider user, after a reload). */
export async function pendingProviderToken(): Promise<string | null> {
  const pending = usePendingSignIn.getState().providerToken;
  if (pending) return pending;
  const user = await providerUser().catch(() => null);
  if (user) usePendingSignIn.getState().set({ providerToken: user.access_token });
  return user?.access_token ?? null;
}
