import { z } from 'zod';
import { readPersistedState, STORAGE_KEYS } from '../../../lib/storage.ts';

/**
 * Whether the visitor is signed in, read from the account session the spec
 * keeps in session storage (section 3: isAuth, accessToken). The sign-in
 * issue owns that store; until it exists nobody is signed in, which is what
 * the header shows too (app/layout/header-session.ts).
 */
const signedInSchema = z.object({ isAuth: z.boolean(), accessToken: z.string().min(1) });

export function isSignedIn(): boolean {
  const session = readPersistedState(STORAGE_KEYS.accountSession, signedInSchema);
  return session?.isAuth === true && typeof session.accessToken === 'string';
}
