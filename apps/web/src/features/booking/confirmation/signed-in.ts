import { isSignedIn as sessionSignedIn } from '../../../lib/auth/account-session.ts';

/** Whether the visitor is signed in (the account session of spec section 3: isAuth with an access token). */
export function isSignedIn(): boolean {
  return sessionSignedIn();
}
