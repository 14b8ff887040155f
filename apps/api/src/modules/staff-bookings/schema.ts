import { DEALT_WITH_QUEUES } from '@tours/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
