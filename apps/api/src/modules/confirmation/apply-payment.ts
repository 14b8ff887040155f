import { awaitsSettlement, isPermittedAmount, isSettled, OFFLINE_PROVIDER, toProviderAmount, type AttentionCode, type PostPaymentDetails } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import { listComponents, lockBookingForSettlement, totalsFromLines, type ComponentLine, type SettlingBooking } from '../bookings/index.ts';
import { intentById, lockPaymentForApplying, markPaymentApplied, type PaymentIntent } from '../payments/index.ts';
import { confirmBookingCore, flagIfOverpaid, type SettlementContext } from './core.ts';
import { answerFor, ATTENTION_CODE, flagForFollowUp } from './follow-up.ts';

export interface ApplyPayment extends SettlementContext {
  bookingId: number;
  /** Our payments row. */
  paymentId: number;
  actor: string;
}

/**
 * Applies a recorded payment to its booking, once, in one transaction with
 * the booking row locked:
 * - a payment in another currency than the booking's never counts towards
 *   it: the booking is flagged for staff (Unconfirmed if it was awaiting
 *   settlement), who refund it in its currency;
 * - a booking awaiting settlement is confirmed through the confirmation core,
 *   unless the payment came through a request that is not its own or was
 *   withdrawn when the price changed (outdated): then it is Unconfirmed and
 *   flagged for staff, and the visitor sees the unconfirmed screen. Money
 *   staff recorded (provider 'offline') came through no request: it confirms;
 * - on a settled booking it is a balance payment: it reduces the outstanding
 *   balance (total minus payments), flagged only if it overpays;
 * - on a booking already flagged or cancelled it is flagged again for staff.
 * The payment's applied_at says it was done: a replay answers as the booking stands.
 */
export async function applyPayment(db: Database, input: ApplyPayment): Promise<PostPaymentDetails> {
  return db.transaction(async (tx) => {
    const booking = await lockBookingForSettlement(tx, input.bookingId);
    // NO KEY: only its settling and applied marks change; its id and provider id stay.
    const payment = await lockPaymentForApplying(tx, input.paymentId);
    if (!payment || payment.bookingId !== booking.id) throw notFound('The payment is not this booking’s.');
    if (payment.appliedAt) return answerFor(booking);
    await input.faults.fire(booking.id, 'before-booking-update', tx);

    const intent = payment.intentId ? await intentById(tx, payment.intentId) : null;
    let outcome: PostPaymentDetails;
    if (payment.currency !== payment.bookingCurrency) {
      outcome = await flagForFollowUp(tx, {
        bookingId: booking.id,
        reason: ATTENTION_CODE.otherCurrency,
        paymentId: null,
        detail: { providerPaymentId: payment.providerPaymentId, currency: payment.currency, amount: payment.amount },
        requestId: input.requestId,
      });
    } else if (awaitsSettlement(booking) && payment.provider === OFFLINE_PROVIDER) {
      outcome = await confirmBookingCore(tx, { ...input, purpose: null, paymentId: payment.id, locked: booking });
    } else if (awaitsSettlement(booking)) {
      // The booking's lines, read once under the lock: the amount check and the confirmation (documents, e-mail) use them.
      const lines = intent && intent.status !== 'cancelled' ? await listComponents(tx, booking.id) : undefined;
      const problem = !intent ? ATTENTION_CODE.unmatched : isOutdated(booking, intent, lines) ? ATTENTION_CODE.outdated : null;
      outcome = problem
        ? await flagForFollowUp(tx, { bookingId: booking.id, reason: problem, paymentId: payment.id, detail: { intentId: intent?.id ?? null }, requestId: input.requestId })
        : await confirmBookingCore(tx, { ...input, purpose: intent!.purpose, paymentId: payment.id, locked: booking, lines });
    } else if (isSettled(booking)) {
      await flagIfOverpaid(tx, booking, { ...input, paymentId: payment.id });
      await recordAudit(tx, {
        actor: input.actor,
        action: 'payment.applied_to_balance',
        entityType: 'payment',
        entityId: payment.id,
        bookingId: booking.id,
        requestId: input.requestId,
        detail: { amount: payment.amount, currency: payment.currency, purpose: payment.purpose },
      });
      outcome = answerFor(booking);
    } else {
      outcome = await flagForFollowUp(tx, { bookingId: booking.id, reason: ATTENTION_CODE.afterSettlement, paymentId: payment.id, detail: { status: booking.status }, requestId: input.requestId });
    }
    await markPaymentApplied(tx, payment.id, input.clock.now());
    return outcome;
  });
}

/**
 * Withdrawn when the price changed, or for an amount the booking no longer
 * asks for (the withdrawal is the rule; the amount is the check that holds
 * even if a price change ever forgot to withdraw).
 */
function isOutdated(booking: SettlingBooking, intent: PaymentIntent, lines: ComponentLine[] | undefined): boolean {
  if (intent.status === 'cancelled' || !lines) return true;
  if (intent.purpose !== 'deposit' && intent.purpose !== 'full') return false;
  const { details, promotionActive } = totalsFromLines(lines, booking.currency, booking);
  return !isPermittedAmount(toProviderAmount(intent.amount), details, promotionActive);
}

/**
 * A payment that could not be applied for a reason that will not pass (the
 * places are gone): the booking is Unconfirmed and flagged, and the payment
 * counts as applied, so nothing retries it.
 */
export async function applyAsFollowUp(db: Database, input: ApplyPayment & { reason: AttentionCode; detail: Record<string, unknown> }): Promise<PostPaymentDetails> {
  return db.transaction(async (tx) => {
    const outcome = await flagForFollowUp(tx, {
      bookingId: input.bookingId,
      reason: input.reason,
      paymentId: input.paymentId,
      detail: input.detail,
      requestId: input.requestId,
      unlessConfirmed: true,
    });
    await markPaymentApplied(tx, input.paymentId, input.clock.now());
    return outcome;
  });
}
