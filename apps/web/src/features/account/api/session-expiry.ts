import type { ApiRequestError, ErrorReaction, OnApiError } from '../../../lib/api-error.ts';
import { clearSession } from '../../../lib/auth/sign-in.ts';

/**
 * How an account call reports a failure. A 401 means the customer's token is
 * no longer accepted (revoked, or expired while renewal could not run): the
 * session ends as a logout does, without leaving the page, and RequireAccount
 * sends the visitor to Home to sign in again, remembering this page, as the
 * session renewal does when a token runs out. No toast: Home says what to do.
 * Anything else goes to `otherwise`, or the general-failure toast.
 */
export function accountErrorHandler(otherwise?: (error: ApiRequestError) => ErrorReaction | undefined): OnApiError {
  return (error) => {
    if (error.status === 401) {
      clearSession();
      return 'silent';
    }
    return otherwise?.(error);
  };
}
