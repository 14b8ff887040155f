import type { StaffMfaMethod, WebauthnCredential } from '@tours/domain';
import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { takeChallenge } from './challenges.ts';
import { passkeyCount, provePasskey, registerPasskey, type RelyingParty } from './passkeys.ts';
import { issueRecoveryCodes, recoveryCodesLeft, useRecoveryCode } from './recovery-codes.ts';
import { staffMembers } from './schema.ts';
import { createStaffSession, type IssuedStaffSession, type StaffMemberIdentity } from './sessions.ts';

/**
 * The second factor's steps of a staff sign-in, each in one transaction with
 * its audit entries: a session exists only if its sign-in is in the log.
 * Failures are answered as outcomes, so the route can log them and count
 * them against the rate limits without rolling that back.
 */

export interface StepContext {
  now: SQL;
  requestId: string;
}

const audit = (db: Database, member: StaffMemberIdentity, action: string, context: StepContext, detail: Record<string, unknown> = {}) =>
  recordAudit(db, { actor: `staff:${member.id}`, action, entityType: 'staff_member', entityId: member.id, staffMemberId: member.id, requestId: context.requestId, detail });

/** Starts the session of a member whose second factor was just proven, and logs the sign-in. */
export async function signIn(db: Database, member: StaffMemberIdentity, method: StaffMfaMethod, context: StepContext, detail: Record<string, unknown> = {}): Promise<IssuedStaffSession> {
  return db.transaction(async (tx) => {
    const session = await createStaffSession(tx, member, method, context.now);
    await audit(tx, member, 'staff.signed-in', context, { method, ...detail });
    return session;
  });
}

/** A second factor that failed: logged on its own, whatever happens to the request. */
export const recordSecondFactorFailure = (db: Database, member: StaffMemberIdentity, method: string, context: StepContext, why: string) =>
  db.transaction((tx) => audit(tx, member, 'staff.second-factor-failed', context, { method, why }));

export type StepFailure = 'expired' | 'failed' | 'already-registered';
export type StepOutcome<T> = { ok: true; value: T } | { ok: false; failure: StepFailure };

/**
 * A first sign-in's passkey (or the first after an administrator reset
 * them): registered only while the member has none, under the member's row
 * lock, so two tabs cannot each add one on the strength of the e-mailed code
 * alone. New recovery codes replace any old ones; the session starts.
 */
export async function registerFirstPasskey(
  db: Database,
  member: StaffMemberIdentity,
  input: { challengeId: string; credential: WebauthnCredential; name: string; rp: RelyingParty },
  context: StepContext,
): Promise<StepOutcome<{ session: IssuedStaffSession; recoveryCodes: string[] }>> {
  return db.transaction(async (tx) => {
    await tx.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.id, member.id)).for('update');
    const challenge = await takeChallenge(tx, input.challengeId, member.id, 'sign-in-registration', context.now);
    if (challenge === null) return { ok: false, failure: 'expired' };
    if ((await passkeyCount(tx, member.id)) > 0) return { ok: false, failure: 'already-registered' };
    if (!(await registerPasskey(tx, member, { credential: input.credential, challenge, rp: input.rp, name: input.name, now: context.now }))) {
      return { ok: false, failure: 'failed' };
    }
    const recoveryCodes = await issueRecoveryCodes(tx, member.id);
    await audit(tx, member, 'staff.passkey-registered', context, { at_sign_in: true, recovery_codes_issued: recoveryCodes.length });
    const session = await signIn(tx, member, 'passkey', context);
    return { ok: true, value: { session, recoveryCodes } };
  });
}

/** A later sign-in: the passkey answers the challenge, its counter moves on, the session starts. */
export async function signInWithPasskey(
  db: Database,
  member: StaffMemberIdentity,
  input: { challengeId: string; credential: WebauthnCredential; rp: RelyingParty },
  context: StepContext,
): Promise<StepOutcome<IssuedStaffSession>> {
  return db.transaction(async (tx) => {
    const challenge = await takeChallenge(tx, input.challengeId, member.id, 'authentication', context.now);
    if (challenge === null) return { ok: false, failure: 'expired' };
    if (!(await provePasskey(tx, member, { credential: input.credential, challenge, rp: input.rp, now: context.now }))) return { ok: false, failure: 'failed' };
    return { ok: true, value: await signIn(tx, member, 'passkey', context) };
  });
}

/** A recovery code instead of the passkey: used up for good, logged with how many are left. */
export async function signInWithRecoveryCode(db: Database, member: StaffMemberIdentity, codeHash: string, context: StepContext): Promise<StepOutcome<IssuedStaffSession>> {
  return db.transaction(async (tx) => {
    if (!(await useRecoveryCode(tx, member.id, codeHash, context.now))) return { ok: false, failure: 'failed' };
    await audit(tx, member, 'staff.recovery-code-used', context, { codes_left: await recoveryCodesLeft(tx, member.id) });
    return { ok: true, value: await signIn(tx, member, 'recovery-code', context) };
  });
}

/** A signed-in member adds a passkey (say, after signing in with a recovery code); their recovery codes stay as they are. */
export async function addPasskey(
  db: Database,
  member: StaffMemberIdentity,
  input: { challengeId: string; credential: WebauthnCredential; name: string; rp: RelyingParty },
  context: StepContext,
): Promise<StepOutcome<number>> {
  return db.transaction(async (tx) => {
    const challenge = await takeChallenge(tx, input.challengeId, member.id, 'registration', context.now);
    if (challenge === null) return { ok: false, failure: 'expired' };
    if (!(await registerPasskey(tx, member, { credential: input.credential, challenge, rp: input.rp, name: input.name, now: context.now }))) {
      return { ok: false, failure: 'failed' };
    }
    const count = await passkeyCount(tx, member.id);
    await audit(tx, member, 'staff.passkey-registered', context, { at_sign_in: false, passkeys: count });
    return { ok: true, value: count };
  });
}
