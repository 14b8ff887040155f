import type { PostPaymentDetails } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { conflict, serviceFailure } from '../../lib/http-error.ts';
import { isTransientDatabaseError, retryTransient } from '../../lib/pg-errors.ts';
import { clearNeedsAttention, confirmSettledOptional, type BookingForChange } from '../bookings/index.ts';
import { issueConfirmationDocuments, type DocumentRow } from '../documents/index.ts';
import { applyAsFollowUp, applyPayment } from './apply-payment.ts';
import { PlacesGoneError } from './convert-holds.ts';
import { settleInCore, type SettlementContext } from './core.ts';
import { queueDocumentEmail, type BookingFacts, type QueuedNotice } from './email/notices.ts';
import { queueConfirmationEmail } from './email/queue.ts';
import { ATTENTION_CODE } from './follow-up.ts';
import { SETTLEMENT_PENDING, settlementContext } from './settle-payment.ts';

/**
 * Staff decisions that settle a booking or send its e-mails (issue 26),
 * through the one confirmation core, in the caller's transaction with the
 * booking row locked (bookings' lockBookingForChange). The caller checks the
 * booking's status and records the staff member's change; a PlacesGoneError
 * (the places are gone) rolls the whole decision back.
 */

export interface StaffDecision extends SettlementContext {
  /** 'staff:12', for the core's audit entry. */
  actor: string;
}

export interface Confirmed {
  reference: string;
  emailQueued: boolean;
}

/**
 * An Optional booking staff have checked becomes Confirmed. One still
 * awaiting settlement (not paid yet) is settled through the core as
 * Confirmed, its places taken again if they lapsed and are free. A settled
 * one is Confirmed as it stands, and the customer gets the confirmation
 * e-mail again, now saying Confirmed, under a key of its own (the first went
 * out when it was settled as Optional).
 */
export async function confirmOptionalByStaff(tx: Database, decision: StaffDecision, booking: BookingForChange): Promise<Confirmed> {
  if (booking.reference === null) {
    const settled = await settleInCore(tx, { ...decision, bookingId: booking.id, purpose: null, paymentId: null, locked: booking, staffDecision: true });
    return { reference: settled.outcome.reference, emailQueued: settled.emailQueued };
  }
  const now = decision.clock.now();
  await confirmSettledOptional(tx, booking.id, now);
  const confirmationDocumentId = await issueConfirmationDocuments(tx, booking.id);
  const emailed = await queueConfirmationEmail(tx, {
    booking: { ...booking, status: 'Confirmed' },
    reference: booking.reference,
    publicUrl: decision.publicUrl,
    balanceDueDays: decision.balanceDueDays,
    confirmationDocumentId,
    messageKey: `booking-optional-confirmed:${booking.id}`,
  });
  return { reference: booking.reference, emailQueued: emailed.queued };
}

/**
 * A paid but unconfirmed booking staff confirm: settled through the core,
 * its places taken again if they are still free (else PlacesGoneError), its
 * reference given and the confirmation e-mail queued; the flag is cleared.
 */
export async function confirmUnconfirmedByStaff(tx: Database, decision: StaffDecision, booking: BookingForChange): Promise<Confirmed> {
  const settled = await settleInCore(tx, { ...decision, bookingId: booking.id, purpose: null, paymentId: null, locked: booking, staffDecision: true });
  // The core settles only what awaits it: anything else must say so, not answer as if it had been confirmed.
  if (!settled.settledNow) throw conflict('This booking cannot be confirmed this way: it is not awaiting its confirmation.');
  await clearNeedsAttention(tx, booking.id, decision.clock.now());
  return { reference: settled.outcome.reference, emailQueued: settled.emailQueued };
}

/** The confirmation e-mail again, as the booking reads now, once per `resendKey` (the staff request's Idempotency-Key). */
export async function resendConfirmationEmail(tx: Database, decision: StaffDecision, booking: BookingForChange & { reference: string }, resendKey: string): Promise<QueuedNotice> {
  // Issued at confirmation; a second call adds nothing and answers the booking confirmation's id.
  const confirmationDocumentId = await issueConfirmationDocuments(tx, booking.id);
  const emailed = await queueConfirmationEmail(tx, {
    booking,
    reference: booking.reference,
    publicUrl: decision.publicUrl,
    balanceDueDays: decision.balanceDueDays,
    confirmationDocumentId,
    messageKey: `booking-confirmed:${booking.id}:resent:${resendKey}`,
  });
  return { messageId: emailed.messageId, to: emailed.to, subject: emailed.subject ?? '' };
}

/** One of the documents the booking shows, e-mailed to its lead passenger, once per `resendKey`. */
export async function sendDocumentEmail(tx: Database, decision: StaffDecision, booking: BookingFacts, document: DocumentRow, resendKey: string): Promise<QueuedNotice> {
  return queueDocumentEmail(tx, { booking, document, publicUrl: decision.publicUrl, messageKey: `document:${document.id}:resent:${resendKey}` });
}

/**
 * Applies a payment staff recorded (money received offline) through the
 * settlement path card payments take (applyPayment): the balance falls, a
 * booking awaiting settlement is confirmed through the core. The places
 * gone (or any failure that will not pass) leaves the booking Unconfirmed
 * and flagged, as for a card payment; a passing failure leaves the payment
 * recorded for reconciliation to apply (503).
 */
export async function applyRecordedPayment(app: FastifyInstance, input: { bookingId: number; paymentId: number; requestId: string; actor: string }): Promise<PostPaymentDetails> {
  const context = { ...settlementContext(app, input.requestId), bookingId: input.bookingId, paymentId: input.paymentId, actor: input.actor };
  try {
    return await retryTransient(() => applyPayment(app.db, context));
  } catch (error) {
    if (isTransientDatabaseError(error)) throw serviceFailure(SETTLEMENT_PENDING, 503);
    const reason = error instanceof PlacesGoneError ? ATTENTION_CODE.placesGone : ATTENTION_CODE.failed;
    app.log.warn({ err: error, bookingId: input.bookingId, paymentId: input.paymentId }, 'an offline payment was recorded but could not confirm its booking: marked for staff follow-up');
    return retryTransient(() =>
      applyAsFollowUp(app.db, { ...context, reason, detail: { step: 'apply', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) } }),
    );
  }
}
