import { can, STAFF_MESSAGES, staffMemberEtag, type StaffRole } from '@tours/domain';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { forbidden, HttpError, notFound, validationFailed } from '../../lib/http-error.ts';
import { assertIfMatch } from '../../lib/if-match.ts';
import { recordStaffChange } from '../audit/index.ts';
import { auditedFields, insertStaffMember, otherActiveManagerExists, staffMemberById, type NewStaffMember, type StaffMemberRecord } from './members.ts';
import { staffMembers, staffPasskeys, staffRecoveryCodes, staffWebauthnChallenges } from './schema.ts';
import { deleteSessionsOf, type StaffMemberIdentity } from './sessions.ts';

/**
 * Administrators manage staff members (permission staff.manage). Each change
 * runs in one transaction with its audit entry (who, the reason typed,
 * before and after), checks the version the administrator read (If-Match),
 * and keeps the rules that stop the console locking everyone out: nobody
 * takes their own administrator role or deactivates themselves, and an
 * active member who may manage staff always remains.
 */

export interface ChangeContext {
  /** The database's clock (app.clock.databaseNow()). */
  now: SQL;
  requestId: string;
}

const ENTITY = 'staff_member';

export async function addStaffMember(db: Database, actor: StaffMemberIdentity, input: NewStaffMember & { reason: string }, context: ChangeContext): Promise<StaffMemberRecord> {
  return db.transaction(async (tx) => {
    const added = await insertStaffMember(tx, input, context.now);
    await recordStaffChange(tx, {
      staffMemberId: actor.id,
      reason: input.reason,
      action: 'staff.member-added',
      entityType: ENTITY,
      entityId: added.id,
      requestId: context.requestId,
      before: null,
      after: { email: added.email, ...auditedFields(added) },
    });
    return added;
  });
}

/**
 * Locks the acting administrator's row and the member's (in id order, so two
 * administrators editing each other wait rather than deadlock), and checks
 * that the actor may still manage staff (another administrator may have
 * taken their role a moment ago) and that the member is as they read it.
 */
async function lockForChange(tx: Database, actor: StaffMemberIdentity, memberId: number, ifMatch: readonly string[]): Promise<StaffMemberRecord> {
  const locked = await tx
    .select({ id: staffMembers.id, active: staffMembers.active, roles: staffMembers.roles })
    .from(staffMembers)
    .where(inArray(staffMembers.id, [...new Set([actor.id, memberId])]))
    .orderBy(asc(staffMembers.id))
    .for('update');
  const actorRow = locked.find((row) => row.id === actor.id);
  if (!actorRow?.active || !can(actorRow.roles as StaffRole[], 'staff.manage')) throw forbidden(STAFF_MESSAGES.forbidden);
  const member = await staffMemberById(tx, memberId);
  if (!member) throw notFound('No staff member has this id.');
  assertIfMatch(ifMatch, staffMemberEtag(member), STAFF_MESSAGES.staleMember);
  return member;
}

export interface MemberChanges {
  name?: string | undefined;
  roles?: StaffRole[] | undefined;
  active?: boolean | undefined;
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((role) => b.includes(role));

export async function changeStaffMember(
  db: Database,
  actor: StaffMemberIdentity,
  memberId: number,
  ifMatch: readonly string[],
  changes: MemberChanges & { reason: string },
  context: ChangeContext,
): Promise<StaffMemberRecord> {
  return db.transaction(async (tx) => {
    const before = await lockForChange(tx, actor, memberId, ifMatch);
    const next = {
      name: changes.name ?? before.name,
      roles: changes.roles ?? before.roles,
      active: changes.active ?? before.active,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((field) =>
      field === 'roles' ? !sameRoles(next.roles, before.roles) : next[field] !== before[field],
    );
    if (changed.length === 0) return before;

    if (before.id === actor.id) {
      if (!next.active) throw validationFailed({ active: STAFF_MESSAGES.ownDeactivation });
      if (!can(next.roles, 'staff.manage')) throw validationFailed({ roles: STAFF_MESSAGES.ownAdminRole });
    }
    const managesNow = before.active && can(before.roles, 'staff.manage');
    const managesAfter = next.active && can(next.roles, 'staff.manage');
    if (managesNow && !managesAfter && !(await otherActiveManagerExists(tx, before.id))) {
      throw new HttpError(409, 'CONFLICT', STAFF_MESSAGES.lastAdmin);
    }

    await tx
      .update(staffMembers)
      .set({ ...next, version: sql`${staffMembers.version} + 1`, updatedAt: context.now })
      .where(eq(staffMembers.id, before.id));
    // A deactivated member is signed out everywhere at once; their sessions would open nothing anyway.
    if (before.active && !next.active) await deleteSessionsOf(tx, before.id);

    const pick = (record: typeof next) => Object.fromEntries(changed.map((field) => [field, record[field]]));
    await recordStaffChange(tx, {
      staffMemberId: actor.id,
      reason: changes.reason,
      action: changed.includes('active') ? (next.active ? 'staff.member-reactivated' : 'staff.member-deactivated') : 'staff.member-changed',
      entityType: ENTITY,
      entityId: before.id,
      requestId: context.requestId,
      before: pick(before),
      after: pick(next),
    });
    return (await staffMemberById(tx, before.id))!;
  });
}

/**
 * Removes a member's passkeys, recovery codes, pending challenges and
 * sessions: at their next sign-in they register a new passkey and get new
 * recovery codes (a lost phone, a member who left a laptop behind).
 */
export async function resetStaffPasskeys(
  db: Database,
  actor: StaffMemberIdentity,
  memberId: number,
  ifMatch: readonly string[],
  reason: string,
  context: ChangeContext,
): Promise<StaffMemberRecord> {
  return db.transaction(async (tx) => {
    const before = await lockForChange(tx, actor, memberId, ifMatch);
    await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffMemberId, before.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffMemberId, before.id));
    await tx.delete(staffWebauthnChallenges).where(eq(staffWebauthnChallenges.staffMemberId, before.id));
    const sessionsEnded = await deleteSessionsOf(tx, before.id);
    await tx
      .update(staffMembers)
      .set({ version: sql`${staffMembers.version} + 1`, updatedAt: context.now })
      .where(eq(staffMembers.id, before.id));
    await recordStaffChange(tx, {
      staffMemberId: actor.id,
      reason,
      action: 'staff.passkeys-reset',
      entityType: ENTITY,
      entityId: before.id,
      requestId: context.requestId,
      before: { passkeys: before.passkeys, recovery_codes_left: before.recoveryCodesLeft },
      after: { passkeys: 0, recovery_codes_left: 0 },
      detail: { sessions_ended: sessionsEnded },
    });
    return (await staffMemberById(tx, before.id))!;
  });
}
