import {
  addStaffBookingNote,
  can,
  downloadStaffBookingDocument,
  exportStaffBookings,
  getStaffBooking,
  getStaffBookingMessage,
  getStaffQueue,
  IDEMPOTENCY_KEY_HEADER,
  listStaffBookings,
  markQueueItemDealtWith,
  STAFF_REASON_LIMITS,
} from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error.ts';
import { CSV_CONTENT_TYPE } from '../../lib/csv.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { staffSessionOf } from '../../plugins/staff-auth.ts';
import { recordAudit } from '../audit/index.ts';
import { drawBookingDocument, PDF_CONTENT_TYPE } from '../documents/index.ts';
import { markDealtWith } from './dealt-with.ts';
import { addNote, bookingExists } from './notes.ts';
import { readBookingMessage, readBookingPage } from './booking-page.ts';
import { bookingsCsv } from './csv.ts';
import { exportBookingLines } from './export-lines.ts';
import { listBookings } from './list.ts';
import { presentBookingPage } from './present.ts';
import { queueCounts, type QueueDay } from './queues.ts';

export const NO_SUCH_BOOKING = 'No booking has this id.';
export const NO_SUCH_MESSAGE = 'This booking has no such e-mail.';
/** The work queue's day for a request: the database's clock and the balance due setting (QueueDay). */
const queueDay = (app: FastifyInstance): QueueDay => ({ now: app.clock.databaseNow(), balanceDueDays: app.config.balances.dueDays });

export const NO_SUCH_DOCUMENT = 'This booking shows no such document now.';

/**
 * The staff console's bookings (issue 26; permission bookings.read, notes
 * notes.write, queue.deal): the searched list and its CSV, the work queue's
 * counts and the items marked as dealt with, a booking's page with its
 * e-mails and documents, and internal notes. Every
 * answer is no-store (the staff guard) and none goes through the read cache.
 */
export async function staffBookingRoutes(app: FastifyInstance) {
  registerEndpoint(app, listStaffBookings, async (request) => {
    const search = request.query;
    const { items, total } = await listBookings(app.db, search, queueDay(app));
    return { data: { items, total, page: search.page, page_size: search.page_size, sort: search.sort, direction: search.direction } };
  });

  registerEndpoint(app, exportStaffBookings, async (request, reply) => {
    const lines = await exportBookingLines(app.db, request.query, queueDay(app));
    const day = app.clock.now().toISOString().slice(0, 10);
    reply.type(CSV_CONTENT_TYPE).header('content-disposition', `attachment; filename="bookings-${day}.csv"`);
    return reply.send(bookingsCsv(lines));
  });

  registerEndpoint(app, getStaffQueue, async () => ({ data: { items: await queueCounts(app.db, queueDay(app)) } }));

  registerEndpoint(app, getStaffBooking, async (request) => {
    const session = staffSessionOf(request);
    const bookingId = request.params.booking;
    const record = await readBookingPage(app.db, bookingId, queueDay(app));
    if (!record) throw notFound(NO_SUCH_BOOKING);
    const mayReadPassports = can(session.member.roles, 'passports.read');
    // Passport numbers are personal data shown to few: each time they are shown, who saw whose is logged.
    const withPassports = record.passengers.filter((passenger) => passenger.apis !== null);
    if (mayReadPassports && withPassports.length > 0) {
      await recordAudit(app.db, {
        actor: `staff:${session.member.id}`,
        action: 'passports.read',
        entityType: 'booking',
        entityId: bookingId,
        bookingId,
        requestId: request.id,
        staffMemberId: session.member.id,
        detail: { passengerIds: withPassports.map((passenger) => passenger.id) },
      });
    }
    return { data: presentBookingPage(record, mayReadPassports) };
  });

  registerEndpoint(
    app,
    addStaffBookingNote,
    async (request) => {
      const session = staffSessionOf(request);
      const note = await addNote(app.db, {
        bookingId: request.params.booking,
        staffMemberId: session.member.id,
        text: request.body.text,
        // The contract's header schema has checked it is a UUID.
        key: String(request.headers[IDEMPOTENCY_KEY_HEADER]),
        requestId: request.id,
        reasonMax: STAFF_REASON_LIMITS.max,
      });
      return { data: note };
    },
    { status: 201 },
  );

  registerEndpoint(app, markQueueItemDealtWith, async (request) => {
    const session = staffSessionOf(request);
    const marked = await markDealtWith(app.db, {
      bookingId: request.params.booking,
      queue: request.body.queue,
      staffMemberId: session.member.id,
      reason: request.body.reason,
      // The contract's header schema has checked it is a UUID.
      key: String(request.headers[IDEMPOTENCY_KEY_HEADER]),
      requestId: request.id,
      day: queueDay(app),
    });
    return { data: { booking_id: marked.bookingId, queue: marked.queue, dealt_with_at: marked.dealtWithAt.toISOString(), message_ids: marked.messageIds } };
  });

  registerEndpoint(app, getStaffBookingMessage, async (request) => {
    const { booking: bookingId, message: messageId } = request.params;
    const message = await readBookingMessage(app.db, bookingId, messageId);
    if (!message) throw notFound(NO_SUCH_MESSAGE);
    return {
      data: {
        id: message.id,
        to: message.toAddress,
        cc: message.ccAddress,
        subject: message.subject,
        status: message.status,
        attempts: message.attempts,
        last_error: message.lastError,
        created_at: message.createdAt.toISOString(),
        sent_at: message.sentAt?.toISOString() ?? null,
        text: message.bodyText,
        attachments: message.attachments.map((attachment) => ({ filename: attachment.filename })),
      },
    };
  });

  registerEndpoint(app, downloadStaffBookingDocument, async (request, reply) => {
    const session = staffSessionOf(request);
    const { booking: bookingId, document: documentId } = request.params;
    if (!(await bookingExists(app.db, bookingId))) throw notFound(NO_SUCH_BOOKING);
    const file = await drawBookingDocument(app.db, bookingId, documentId, { now: app.clock.now(), balanceDueDays: app.config.balances.dueDays });
    if (!file) throw notFound(NO_SUCH_DOCUMENT);
    await recordAudit(app.db, {
      actor: `staff:${session.member.id}`,
      action: 'document.downloaded',
      entityType: 'document',
      entityId: documentId,
      bookingId,
      requestId: request.id,
      staffMemberId: session.member.id,
    });
    reply
      .type(PDF_CONTENT_TYPE)
      .header('content-disposition', `inline; filename="${file.fileName}"`)
      .header('x-robots-tag', 'noindex, nofollow');
    return file.content;
  });
}
