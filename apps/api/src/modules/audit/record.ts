import { staffReasonSchema } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { auditLog } from './schema.ts';

export interface AuditEntry {
  /** 'visitor', 'system', 'customer:12', 'staff:3' ... */
  actor: string;
  action: string;
  entityType: string;
  entityId: string | number;
  bookingId?: number | null;
  requestId?: string | null;
  detail?: Record<string, unknown>;
  /** The staff member who acted (their sign-ins and sign-outs too). */
  staffMemberId?: number | null;
  /** Why, as the staff member typed it. */
  reason?: string | null;
  /** The fields the change touched, as they were and as they became. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Written in the transaction of the change it records, so the log never claims what was rolled back. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, staffMemberId: entry.staffMemberId ?? staffMemberOf(entry.actor), entityId: String(entry.entityId), detail: entry.detail ?? {} });
}

/**
 * The staff member an actor 'staff:3' names: a step of the confirmation core
 * that a staff action ran (a payment applied to the balance) knows only the
 * actor, and the history names the member by this column.
 */
function staffMemberOf(actor: string): number | null {
  const match = /^staff:(\d+)$/.exec(actor);
  return match ? Number(match[1]) : null;
}

/** A change a staff member made: who, why, and what it was before and after. */
export interface StaffChange {
  staffMemberId: number;
  /** What the member typed; checked again here (the domain's rule), so no staff change is ever logged without one. */
  reason: string;
  action: string;
  entityType: string;
  entityId: string | number;
  bookingId?: number | null;
  requestId?: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  detail?: Record<string, unknown>;
}

/** A staff change reached the log without a valid reason: the route forgot its contract's reason field, a programming error. */
export class MissingStaffReason extends Error {
  override name = 'MissingStaffReason';
}

/**
 * Records a staff member's change, in its transaction. The reason is
 * required: a change without one throws (and so rolls the change back)
 * rather than be logged as if nobody had to say why.
 */
export async function recordStaffChange(db: Database, change: StaffChange): Promise<void> {
  const reason = staffReasonSchema.safeParse(change.reason);
  if (!reason.success) throw new MissingStaffReason(`${change.action} on ${change.entityType} ${change.entityId}: ${reason.error.issues[0]?.message}`);
  await recordAudit(db, {
    actor: `staff:${change.staffMemberId}`,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    bookingId: change.bookingId ?? null,
    requestId: change.requestId ?? null,
    detail: change.detail ?? {},
    staffMemberId: change.staffMemberId,
    reason: reason.data,
    before: change.before,
    after: change.after,
  });
}
