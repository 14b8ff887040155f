import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/schema.ts';
import { createdAt, id } from '../../db/columns.ts';

/**
 * A file to attach, named rather than stored: the relay draws it when it
 * sends the message, so the outbox stays small and the file is as current as
 * the e-mail (docs/decisions/0012-booking-documents.md).
 */
export interface OutboxAttachment {
  /** A booking document (documents.id), drawn as a PDF. */
  kind: 'booking-document';
  documentId: number;
  filename: string;
  contentType: string;
}

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export const outboxStatus = pgEnum('outbox_status', OUTBOX_STATUSES);

/**
 * E-mails to send, written in the same transaction as the change that causes
 * them, so a confirmation is never lost nor sent for a rolled-back booking.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    /** A copy to someone else, openly (Cc): the travel agent staff member who booked it for the client. */
    ccAddress: text('cc_address'),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** 'booking-confirmed:100123': a message that must go once is queued once, whatever retries happen. */
    messageKey: text('message_key').unique(),
    createdAt: createdAt(),
    /** Not sent before this time; moved on after a failed attempt. */
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('outbox_messages_pending_idx').on(t.status, t.availableAt),
    // A booking's e-mails on its staff page; the ones the relay gave up on, for the work queue.
    index('outbox_messages_booking_idx').on(t.bookingId),
    index('outbox_messages_failed_idx').on(t.bookingId).where(sql`${t.status} = 'failed'`),
    check('outbox_messages_attempts_non_negative', sql`${t.attempts} >= 0`),
    check('outbox_messages_sent_has_time', sql`${t.status} <> 'sent' or ${t.sentAt} is not null`),
  ],
);
