import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/schema.ts';
import { staffMembers } from '../staff/schema.ts';

/** Append-only record of who changed what, for support and disputes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** 'system', 'customer:12', 'agent-staff:3', 'visitor' ... */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    requestId: text('request_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** The staff member who made the change (or signed in, or out); null for everyone else. */
    staffMemberId: integer('staff_member_id').references(() => staffMembers.id),
    /** Why, as the staff member typed it: required for every change a staff member makes (recordStaffChange). */
    reason: text('reason'),
    /** What the change changed, as it was and as it became (the fields it touched). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_booking_idx').on(t.bookingId),
    index('audit_log_staff_member_idx').on(t.staffMemberId),
  ],
);
