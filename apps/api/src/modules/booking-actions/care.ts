import { isSettled, type Correspondence, type PassengerSection, type PassengerUpdate } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { recordStaffChange } from '../audit/index.ts';
import {
  changedFields,
  lockBookingForDetails,
  saveCorrespondence,
  savePassengerSection,
  sectionValue,
  storedCorrespondence,
  type DetailsWindow,
  type PassengerRow,
} from '../bookings/index.ts';
import { resendConfirmationEmail, sendDocumentEmail, type QueuedNotice, type StaffDecision } from '../confirmation/index.ts';
import { shownDocuments } from '../documents/index.ts';
import { factsOf, lockStaffBooking, NO_SUCH_BOOKING } from './booking.ts';

/**
 * Looking after a booking for its customer (issue 26): their passengers'
 * details saved with the account area's own service and rules
 * (savePassengerSection; permission passengers.edit), and e-mails sent
 * again (messages.send), each a new outbox message, once per request key.
 */

export const NO_SUCH_PASSENGER = 'This booking has no such passenger.';
export const STILL_BOOKING_ONLINE = 'This booking is still being booked online: its details are the visitor’s to give.';
export const NOTHING_TO_RESEND = 'This booking is not confirmed: it has no confirmation e-mail to send again.';
export const NO_ADDRESS = 'The lead passenger has no e-mail address to send to.';

/**
 * Staff may correct details at any time but while the booking is still being
 * booked online (a Quote): the customer's window is the account's
 * (Confirmed or Optional, tour not ended); a cancelled booking or a finished
 * tour is a record staff may still correct (the domain's comment on
 * DETAILS_EDITABLE_STATUSES).
 */
export const staffWindow: DetailsWindow = (booking) => booking.status !== 'Quote';

/**
 * A passport number in the audit log, which administrators read: all but
 * its last two characters hidden, enough to see that it changed, never the
 * number. (A hash would be no better: a passport number is short enough to
 * guess from one.)
 */
export const maskDocumentNumber = (number: string): string => (number.length <= 2 ? '*'.repeat(number.length) : `${'*'.repeat(number.length - 2)}${number.slice(-2)}`);

/** A section as the audit log keeps it: passport numbers masked. */
export function auditedSection(row: PassengerRow, section: PassengerSection): unknown {
  const value = sectionValue(row, section);
  if (section !== 'apis' || !value || typeof value !== 'object') return value ?? null;
  const apis = value as { document_number?: unknown };
  return typeof apis.document_number === 'string' ? { ...apis, document_number: maskDocumentNumber(apis.document_number) } : apis;
}

export async function savePassengerForCustomer(
  tx: Database,
  input: { bookingId: number; passengerId: number; update: PassengerUpdate; reason: string; staffMemberId: number; requestId: string; now: Date },
): Promise<PassengerRow> {
  const saved = await savePassengerSection(tx, {
    bookingId: input.bookingId,
    passengerId: input.passengerId,
    update: input.update,
    now: input.now,
    mayEdit: staffWindow,
    notFoundMessage: NO_SUCH_PASSENGER,
    lockedMessage: STILL_BOOKING_ONLINE,
  });
  if (saved.changed.length > 0) {
    await recordStaffChange(tx, {
      staffMemberId: input.staffMemberId,
      reason: input.reason,
      action: 'passenger.details_updated',
      entityType: 'passenger',
      entityId: input.passengerId,
      bookingId: input.bookingId,
      requestId: input.requestId,
      before: { [saved.section]: auditedSection(saved.before, saved.section) },
      after: { [saved.section]: auditedSection(saved.after, saved.section) },
      detail: { section: saved.section, changed: saved.changed },
    });
  }
  return saved.after;
}

export async function saveCorrespondenceForCustomer(
  tx: Database,
  input: { bookingId: number; choice: Correspondence; reason: string; staffMemberId: number; requestId: string; now: Date },
): Promise<void> {
  const booking = await lockBookingForDetails(tx, input.bookingId);
  if (!booking) throw notFound(NO_SUCH_BOOKING);
  if (!staffWindow(booking, input.now)) throw conflict(STILL_BOOKING_ONLINE);
  const stored = storedCorrespondence(input.choice);
  const changed = changedFields(booking.correspondence, stored, 'correspondence');
  if (changed.length === 0) return;
  await saveCorrespondence(tx, input.bookingId, stored, input.now);
  await recordStaffChange(tx, {
    staffMemberId: input.staffMemberId,
    reason: input.reason,
    action: 'booking.correspondence_updated',
    entityType: 'booking',
    entityId: input.bookingId,
    bookingId: input.bookingId,
    requestId: input.requestId,
    before: { correspondence: booking.correspondence },
    after: { correspondence: stored },
    detail: { changed },
  });
}

export interface Queued extends Record<string, unknown> {
  messageId: number;
  to: string;
  subject: string;
  queuedAt: string;
}

async function audited(tx: Database, input: { bookingId: number; staffMemberId: number; reason: string; requestId: string; now: Date }, action: string, queued: QueuedNotice, detail: Record<string, unknown>): Promise<Queued> {
  if (queued.messageId === null || queued.to === null) throw conflict(NO_ADDRESS);
  await recordStaffChange(tx, {
    staffMemberId: input.staffMemberId,
    reason: input.reason,
    action,
    entityType: 'booking',
    entityId: input.bookingId,
    bookingId: input.bookingId,
    requestId: input.requestId,
    before: null,
    after: { messageId: queued.messageId, to: queued.to, subject: queued.subject },
    detail,
  });
  return { messageId: queued.messageId, to: queued.to, subject: queued.subject, queuedAt: input.now.toISOString() };
}

interface Resend {
  bookingId: number;
  decision: StaffDecision & { staffMemberId: number };
  reason: string;
  /** The request's Idempotency-Key: the outbox message's key, so a double click sends once. */
  key: string;
  now: Date;
}

export async function resendConfirmation(tx: Database, input: Resend): Promise<Queued> {
  const booking = await lockStaffBooking(tx, input.bookingId);
  if (!isSettled(booking) || booking.reference === null) throw conflict(NOTHING_TO_RESEND);
  const queued = await resendConfirmationEmail(tx, input.decision, { ...booking, reference: booking.reference }, input.key);
  return audited(tx, { ...input, staffMemberId: input.decision.staffMemberId, requestId: input.decision.requestId }, 'booking.confirmation_resent', queued, {});
}

export async function resendDocument(tx: Database, input: Resend & { documentId: number }): Promise<Queued> {
  const booking = await lockStaffBooking(tx, input.bookingId);
  const shown = await shownDocuments(tx, booking.id);
  const document = shown?.documents.find((row) => row.id === input.documentId);
  if (!document) throw notFound('This booking shows no such document.');
  const queued = await sendDocumentEmail(tx, input.decision, factsOf(booking), document, input.key);
  return audited(tx, { ...input, staffMemberId: input.decision.staffMemberId, requestId: input.decision.requestId }, 'document.resent', queued, { documentId: document.id, template: document.template });
}
