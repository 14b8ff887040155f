import { useEffect } from 'react';
import { getUserManager } from '../../lib/auth/user-manager.ts';

/**
 * /auth/silent-renew, loaded by the OpenID Connect client in a hidden frame
 * to renew the access token without leaving the page (when the provider
 * gives no refresh token). It only hands the answer back to the parent page.
 */
export function SilentRenewPage() {
  useEffect(() => {
    void getUserManager()
      .then((manager) => manager.signinSilentCallback())
      .catch((error: unknown) => console.warn('Silent renewal failed', error));
  }, []);
  return null;
}
