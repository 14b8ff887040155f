import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
