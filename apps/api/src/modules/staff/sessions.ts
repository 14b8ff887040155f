import { createHash, randomBytes } from 'node:crypto';
import { STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS, type StaffMfaMethod, type StaffRole } from '@tours/domain';
import { and, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sqlAfter } from '../../lib/clock.ts';
import { staffMembers, staffSessions } from './schema.ts';

/**
 * Staff sessions: an opaque token of 256 random bits, 'stf_' first so a
 * person reading a header can tell it from a booking token or a JWT. Only
 * its SHA-256 is stored. Idle and absolute expiry are judged in SQL by the
 * database's clock (the app's `databaseNow()`), so replicas with skewed
 * clocks agree, and tests move them with the test clock.
 */

export interface StaffMemberIdentity {
  id: number;
  email: string;
  name: string;
  roles: StaffRole[];
}

export interface StaffSessionView {
  sessionId: number;
  member: StaffMemberIdentity;
  mfaMethod: StaffMfaMethod;
  expiresAt: Date;
  idleExpiresAt: Date;
}

export interface IssuedStaffSession extends StaffSessionView {
  token: string;
}

const TOKEN_PATTERN = /^stf_[A-Za-z0-9_-]{43}$/;
export const hashStaffToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const looksLikeStaffToken = (token: string) => TOKEN_PATTERN.test(token);

const idleSince = (now: SQL) => sqlAfter(now, -STAFF_SESSION_IDLE_MS);

/** Starts a session for the member once their second factor is proven; ended sessions of theirs go at the same time. */
export async function createStaffSession(db: Database, member: StaffMemberIdentity, mfaMethod: StaffMfaMethod, now: SQL): Promise<IssuedStaffSession> {
  const token = `stf_${randomBytes(32).toString('base64url')}`;
  const [row] = await db.transaction(async (tx) => {
    await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffMemberId, member.id), or(lte(staffSessions.expiresAt, now), lte(staffSessions.lastSeenAt, idleSince(now)))));
    return tx
      .insert(staffSessions)
      .values({ tokenHash: hashStaffToken(token), staffMemberId: member.id, mfaMethod, createdAt: now, lastSeenAt: now, expiresAt: sqlAfter(now, STAFF_SESSION_ABSOLUTE_MS) })
      .returning({ id: staffSessions.id, lastSeenAt: staffSessions.lastSeenAt, expiresAt: staffSessions.expiresAt });
  });
  if (!row) throw new Error('the staff session was not written');
  return { token, sessionId: row.id, member, mfaMethod, expiresAt: row.expiresAt, idleExpiresAt: idleEnd(row.lastSeenAt, row.expiresAt) };
}

const idleEnd = (lastSeenAt: Date, expiresAt: Date) => new Date(Math.min(lastSeenAt.getTime() + STAFF_SESSION_IDLE_MS, expiresAt.getTime()));

/**
 * The session a token opens, moved on (its idle time starts again), in one
 * statement; null when the token is not one of ours, has ended (idle,
 * absolute, signed out) or its member was deactivated.
 */
export async function useStaffSession(db: Database, token: string, now: SQL): Promise<StaffSessionView | null> {
  if (!looksLikeStaffToken(token)) return null;
  // A transaction even for one statement: on PGlite it keeps the write out of another request's open transaction.
  const [row] = await db.transaction((tx) =>
    tx
    .update(staffSessions)
    .set({ lastSeenAt: sql`greatest(${staffSessions.lastSeenAt}, ${now})` })
    .from(staffMembers)
    .where(
      and(
        eq(staffSessions.tokenHash, hashStaffToken(token)),
        eq(staffMembers.id, staffSessions.staffMemberId),
        eq(staffMembers.active, true),
        gt(staffSessions.lastSeenAt, idleSince(now)),
        gt(staffSessions.expiresAt, now),
      ),
    )
    .returning({
      sessionId: staffSessions.id,
      mfaMethod: staffSessions.mfaMethod,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      id: staffMembers.id,
      email: staffMembers.email,
      name: staffMembers.name,
      roles: staffMembers.roles,
    }),
  );
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    member: { id: row.id, email: row.email, name: row.name, roles: row.roles as StaffRole[] },
    mfaMethod: row.mfaMethod as StaffMfaMethod,
    expiresAt: row.expiresAt,
    idleExpiresAt: idleEnd(row.lastSeenAt, row.expiresAt),
  };
}

/** Sign-out: the session is deleted, so its token opens nothing from now on. */
export async function deleteStaffSession(db: Database, sessionId: number): Promise<void> {
  await db.transaction((tx) => tx.delete(staffSessions).where(eq(staffSessions.id, sessionId)));
}

/** Every session of a member ends (deactivated, passkeys reset). */
export async function deleteSessionsOf(db: Database, memberId: number): Promise<number> {
  const deleted = await db.delete(staffSessions).where(eq(staffSessions.staffMemberId, memberId)).returning({ id: staffSessions.id });
  return deleted.length;
}

/** Sessions past either expiry; they already open nothing, so deleting them changes nothing but the table's size. */
export async function deleteEndedSessions(db: Database, now: SQL): Promise<number> {
  const deleted = await db.transaction((tx) =>
    tx
      .delete(staffSessions)
      .where(or(lte(staffSessions.expiresAt, now), lte(staffSessions.lastSeenAt, idleSince(now))))
      .returning({ id: staffSessions.id }),
  );
  return deleted.length;
}
