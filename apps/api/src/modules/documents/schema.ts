import { index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/schema.ts';
import { createdAt, id } from '../../db/columns.ts';

/**
 * A document a booking carries; the template decides its title and what it
 * says (CustomerInvoice, ATOLPackage...), null for one made by hand. No file
 * is stored: the PDF is drawn from the booking's data each time it is
 * downloaded, so it is right on the day (docs/decisions/0012-booking-documents.md).
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    template: text('template'),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_booking_idx').on(t.bookingId),
    // One document per template on a booking, so issuing at confirmation twice adds nothing; documents with no template may be several.
    unique('documents_booking_template_unique').on(t.bookingId, t.template),
  ],
);

/**
 * The secret download links are signed with (HMAC-SHA256). Kept in the
 * database so every API replica signs and checks alike; made on first use.
 */
export const documentLinkKeys = pgTable('document_link_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
