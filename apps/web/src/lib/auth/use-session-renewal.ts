import type { User, UserManager } from 'oidc-client-ts';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSignedIn, useAccountSession } from './account-session.ts';
import { clearSession } from './sign-in.ts';
import { getUserManager } from './user-manager.ts';

/**
 * Keeps a signed-in visitor's access token fresh: the client renews it
 * silently before it expires (refresh token, or the hidden frame at
 * /auth/silent-renew), and each new token goes into the account session.
 * When renewal is impossible and the token has expired, the session ends and
 * the visitor is sent to sign in again, remembering the page they were on.
 */
export function useSessionRenewal(): void {
  const navigate = useNavigate();
  const signedIn = useAccountSession((state) => isSignedIn(state));
  // Read when the session expires, not a reason to re-subscribe on every page.
  const { pathname, search } = useLocation();
  const here = useRef('/');
  // Outside the React Router data router, navigate changes with every page: read through a ref, or
  // each route change would restart the renewal, whose first look at the user writes the token back
  // (after a logout had cleared it, say).
  const navigateTo = useRef(navigate);
  useEffect(() => {
    here.current = `${pathname}${search}`;
    navigateTo.current = navigate;
  }, [pathname, search, navigate]);

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    let detach = () => undefined as void;

    const expire = () => {
      if (cancelled) return;
      const location = here.current;
      clearSession();
      useAccountSession.getState().rememberLocation(location);
      void navigateTo.current('/', { replace: true });
    };
    const onLoaded = (user: User) => useAccountSession.getState().renewed(user.access_token, user.expires_at ?? null);
    const onRenewFailed = async (manager: UserManager) => {
      const user = await manager.getUser();
      if (!user || user.expired) expire();
    };

    void getUserManager()
      .then(async (manager) => {
        if (cancelled) return;
        const onError = () => void onRenewFailed(manager);
        manager.events.addUserLoaded(onLoaded);
        manager.events.addAccessTokenExpired(onError);
        manager.events.addSilentRenewError(onError);
        manager.events.addUserSignedOut(expire);
        detach = () => {
          manager.events.removeUserLoaded(onLoaded);
          manager.events.removeAccessTokenExpired(onError);
          manager.events.removeSilentRenewError(onError);
          manager.events.removeUserSignedOut(expire);
        };
        const user = await manager.getUser();
        if (cancelled) return;
        if (!user) return expire();
        if (user.expired) {
          // Back after the token ran out (a sleeping laptop): one silent try before asking to sign in again.
          await manager.signinSilent().catch(() => expire());
        } else {
          onLoaded(user);
        }
      })
      .catch((error: unknown) => console.warn('Session renewal is not running', error));

    return () => {
      cancelled = true;
      detach();
    };
  }, [signedIn]);
}
