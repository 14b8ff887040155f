import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { createdAt, id } from './columns.ts';

/** A document issued for a booking; the template decides its title (CustomerInvoice, ATOLPackage...). */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    /** Where the file lives in document storage; unique so two documents never share a file. */
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    createdAt: createdAt(),
  },
  (t) => [index('documents_booking_idx').on(t.bookingId)],
);
