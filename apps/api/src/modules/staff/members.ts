import { rolesWith, STAFF_MESSAGES, type StaffMember, type StaffRole } from '@tours/domain';
import { and, arrayOverlaps, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { conflict } from '../../lib/http-error.ts';
import { staffMembers } from './schema.ts';
import type { StaffMemberIdentity } from './sessions.ts';

/** Reading staff members: who they are, and what the management pages show of their sign-in. */

export interface StaffMemberRecord extends StaffMemberIdentity {
  active: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

// Written out qualified: drizzle leaves a column of the outer query unqualified, which the subquery would read as its own.
const passkeyCount = sql<number>`(select count(*)::int from staff_passkeys p where p.staff_member_id = "staff_members"."id")`;
const codesLeft = sql<number>`(select count(*)::int from staff_recovery_codes c where c.staff_member_id = "staff_members"."id" and c.used_at is null)`;

const recordColumns = {
  id: staffMembers.id,
  email: staffMembers.email,
  name: staffMembers.name,
  roles: staffMembers.roles,
  active: staffMembers.active,
  passkeys: passkeyCount,
  recoveryCodesLeft: codesLeft,
  version: staffMembers.version,
  createdAt: staffMembers.createdAt,
  updatedAt: staffMembers.updatedAt,
};

type RecordRow = { [K in keyof typeof recordColumns]: unknown };
const asRecord = (row: RecordRow): StaffMemberRecord => ({ ...(row as StaffMemberRecord), roles: row.roles as StaffRole[] });

/** Every member, active ones first, then by name: one statement whatever their number. */
export async function listStaffMembers(db: Database): Promise<StaffMemberRecord[]> {
  const rows = await db.select(recordColumns).from(staffMembers).orderBy(desc(staffMembers.active), asc(staffMembers.name), asc(staffMembers.id));
  return rows.map(asRecord);
}

export async function staffMemberById(db: Database, id: number): Promise<StaffMemberRecord | null> {
  const [row] = await db.select(recordColumns).from(staffMembers).where(eq(staffMembers.id, id));
  return row ? asRecord(row) : null;
}

/** The active member with this (verified, lower-cased) address; deactivated members and strangers alike are null. */
export async function activeStaffMemberByEmail(db: Database, email: string): Promise<StaffMemberRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(staffMembers)
    .where(and(eq(staffMembers.email, email.trim().toLowerCase()), eq(staffMembers.active, true)));
  return row ? asRecord(row) : null;
}

/** The API's view of a member (contract staffMemberSchema). */
export function presentStaffMember(member: StaffMemberRecord): StaffMember {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    roles: member.roles,
    active: member.active,
    passkeys: member.passkeys,
    recovery_codes_left: member.recoveryCodesLeft,
    version: member.version,
    created_at: member.createdAt.toISOString(),
    updated_at: member.updatedAt.toISOString(),
  };
}

/** What an audit entry keeps of a member, before and after a change: the fields a change can touch. */
export const auditedFields = (member: Pick<StaffMemberRecord, 'name' | 'roles' | 'active'> & { passkeys?: number }) => ({
  name: member.name,
  roles: member.roles,
  active: member.active,
  ...(member.passkeys === undefined ? {} : { passkeys: member.passkeys }),
});

export interface NewStaffMember {
  email: string;
  name: string;
  roles: StaffRole[];
}

/** Inserts a member; an address that is already a member's is a 409, whatever its case. */
export async function insertStaffMember(db: Database, member: NewStaffMember, now: SQL | Date): Promise<StaffMemberRecord> {
  try {
    const [row] = await db
      .insert(staffMembers)
      .values({ email: member.email.trim().toLowerCase(), name: member.name, roles: member.roles, createdAt: now, updatedAt: now })
      .returning({ id: staffMembers.id });
    return (await staffMemberById(db, row!.id))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(STAFF_MESSAGES.emailTaken);
    throw error;
  }
}

/**
 * Whether an active member other than `exceptId` holds staff.manage. Their
 * rows are locked, so two administrators taking each other's role at the
 * same moment cannot both succeed and leave nobody to manage staff.
 */
export async function otherActiveManagerExists(db: Database, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(and(eq(staffMembers.active, true), ne(staffMembers.id, exceptId), arrayOverlaps(staffMembers.roles, [...rolesWith('staff.manage')])))
    .orderBy(asc(staffMembers.id))
    .for('update');
  return rows.length > 0;
}
