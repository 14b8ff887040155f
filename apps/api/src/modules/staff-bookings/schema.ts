import { DEALT_WITH_QUEUES } from '@tours/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/schema.ts';
import { createdAt, id } from '../../db/columns.ts';
import { staffMembers } from '../staff/schema.ts';

/**
 * Internal notes staff write on a booking (never shown to the customer).
 * Append-only: a correction is another note. The Idempotency-Key the console
 * sends with each is kept, so a note sent twice (a retried request, a
 * double click) is written once.
 */
export const bookingNotes = pgTable(
  'booking_notes',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'restrict' }),
    text: text('text').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('booking_notes_booking_idx').on(t.bookingId, t.createdAt)],
);

/**
 * Items of the work queue a member marked as dealt with, where no other
 * action ends them (DEALT_WITH_QUEUES): the booking's e-mails the relay gave
 * up on, by their ids (one given up on later is not among them, and puts the
 * booking back), or its quote for a sold-out room. Append-only; the reason
 * and who are in the audit log too. The Idempotency-Key makes a retried
 * request write once.
 */
export const queueItemsDealtWith = pgTable(
  'queue_items_dealt_with',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    queue: text('queue', { enum: DEALT_WITH_QUEUES }).notNull(),
    /** mail-failed: the outbox messages it covered; empty for a quote. */
    messageIds: integer('message_ids').array().notNull().default(sql`'{}'`),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('queue_items_dealt_with_booking_idx').on(t.bookingId, t.queue),
    check('queue_items_dealt_with_queue', sql`${t.queue} in (${sql.raw(DEALT_WITH_QUEUES.map((queue) => `'${queue}'`).join(', '))})`),
  ],
);

/** A PostgreSQL snapshot (pg_current_snapshot()): which transactions' writes a statement saw. Read and written as its text ('737:740:738'). */
const pgSnapshot = customType<{ data: string }>({ dataType: () => 'pg_snapshot' });
/** A transaction id with its epoch (pg_current_xact_id()). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });
/** The days a booking is in each queue of the work queue (queues.ts, queueDaysSql). */
const dateranges = customType<{ data: string }>({ dataType: () => 'daterange[]' });

/**
 * The staff bookings CSV's read model (export-lines.ts, docs/decisions/0021):
 * each booking's line up to its last field (`head`), and the days it is in
 * each queue (none: null), from which the export writes that field on its day. A line is
 * current while no change to what it is written from (booking_export_changes)
 * escaped the snapshot it was built under (`built_under`), and while it was
 * built by the same statement (`format`: a digest of its text, settings and
 * labels). Written by the export alone; a deleted booking takes its line.
 */
export const bookingExportLines = pgTable('booking_export_lines', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  format: text('format').notNull(),
  builtUnder: pgSnapshot('built_under').notNull(),
  head: text('head').notNull(),
  /** Null: in no queue on any day. */
  queueDays: dateranges('queue_days'),
});

/**
 * Which bookings changed, and in which transaction: written by the triggers
 * on the tables a line is written from (migration 0019: a booking, its
 * passengers, lines, payments, refunds, e-mails and queue items, and its
 * departure's dates, its tour's and agent's names), in the writer's own
 * transaction, so no writer, whichever module, can forget to. Append-only, no
 * unique key, so writers never wait on each other here; the export deletes
 * the changes its lines have seen.
 */
export const bookingExportChanges = pgTable(
  'booking_export_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id').notNull(),
    changedBy: xid8('changed_by')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('booking_export_changes_booking_idx').on(t.bookingId)],
);
