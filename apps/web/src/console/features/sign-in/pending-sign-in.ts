import { startStaffSession, type StaffSession, type StaffSignInStep } from '@tours/domain/contracts/staff/session';
import { create } from 'zustand';
import { staffCall } from '../../lib/staff-api.ts';
import { useStaffSession } from '../../lib/staff-session.ts';

/**
 * A staff sign-in between the provider and the session: the provider's
 * access token and the step the API asked for (register a passkey, prove
 * it). In memory only: a challenge lasts five minutes and works once, so a
 * reloaded page asks the API for a new step with the provider's token.
 * Recovery codes are held here just long enough to be shown, once.
 */
export type PasskeyStep = Exclude<StaffSignInStep, { next: 'signed-in' }>;

interface PendingSignIn {
  providerToken: string | null;
  step: PasskeyStep | null;
  recoveryCodes: string[] | null;
  /** Signed in with a recovery code: the console offers a new passkey before going on. */
  usedRecoveryCode: boolean;
  set: (next: Partial<Omit<PendingSignIn, 'set' | 'reset'>>) => void;
  reset: () => void;
}

const EMPTY = { providerToken: null, step: null, recoveryCodes: null, usedRecoveryCode: false };

export const usePendingSignIn = create<PendingSignIn>()((set) => ({
  ...EMPTY,
  set: (next) => set(next),
  reset: () => set(EMPTY),
}));

/** Where a step is taken in the console. */
export const STEP_PATHS = {
  'register-passkey': '/sign-in/passkey/new',
  'assert-passkey': '/sign-in/passkey',
} as const satisfies Record<PasskeyStep['next'], string>;

/** Asks the API for the next step with the provider's access token; a session straight away (a real provider's second factor) is kept. */
export async function startWithProviderToken(providerToken: string): Promise<{ kind: 'signed-in' } | { kind: 'step'; path: string }> {
  const { data } = (await staffCall(startStaffSession, { body: {}, providerToken })).body;
  if (data.next === 'signed-in') {
    finishSignIn(data.session);
    return { kind: 'signed-in' };
  }
  usePendingSignIn.getState().set({ providerToken, step: data });
  return { kind: 'step', path: STEP_PATHS[data.next] };
}

/** The session starts: kept for the tab; what was pending goes, except codes still to be shown. */
export function finishSignIn(session: StaffSession): void {
  useStaffSession.getState().signedIn(session);
  usePendingSignIn.getState().set({ step: null });
}
