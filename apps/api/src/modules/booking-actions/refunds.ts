import { cancellationAmount, STAFF_MONEY_MESSAGES } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { recordStaffChange } from '../audit/index.ts';
import { sendRefund } from '../confirmation/index.ts';
import { insertRefund, lockPaymentForRefund, unsentRefunds } from '../payments/index.ts';
import { lockStaffBooking } from './booking.ts';

/**
 * A refund of one payment, full or partial (permission refunds.create), in
 * the payment's currency. Written in one transaction with the booking's row
 * and then the payment's locked (settlement's order), so the amount is
 * checked against what is left of the payment after every other refund of
 * it, made or pending: two staff members refunding at once cannot refund
 * more than was taken. A card refund is sent to the provider once the
 * transaction has committed (sendPendingRefunds); an offline one is recorded.
 */

export interface RefundRequest {
  bookingId: number;
  paymentId: number;
  amount: number;
  reason: string;
  staffMemberId: number;
  /** The staff request's Idempotency-Key: the provider's key for this refund. */
  key: string;
  requestId: string;
  now: Date;
}

/** 409 with the amount's field: what is left of the payment, in its currency. */
function moreThanLeft(left: number, currency: Parameters<typeof cancellationAmount>[1]): HttpError {
  const message = left === 0 ? STAFF_MONEY_MESSAGES.nothingLeftToRefund : `Only ${cancellationAmount(left, currency)} of this payment is left to refund.`;
  return new HttpError(409, 'CONFLICT', message, { amount: message });
}

export async function createRefund(tx: Database, request: RefundRequest): Promise<{ refundIds: number[] }> {
  await lockStaffBooking(tx, request.bookingId);
  const found = await lockPaymentForRefund(tx, request.bookingId, request.paymentId);
  if (!found) throw notFound(STAFF_MONEY_MESSAGES.paymentNotOnBooking);
  const { payment, taken, refundable } = found;
  if (payment.status !== 'succeeded') throw new HttpError(409, 'CONFLICT', STAFF_MONEY_MESSAGES.paymentNotReceived);
  if (request.amount > refundable) throw moreThanLeft(refundable, payment.currency);
  const refund = await insertRefund(tx, {
    payment,
    amount: request.amount,
    idempotencyKey: request.key,
    reason: request.reason,
    staffMemberId: request.staffMemberId,
    now: request.now,
  });
  await recordStaffChange(tx, {
    staffMemberId: request.staffMemberId,
    reason: request.reason,
    action: 'refund.created',
    entityType: 'payment',
    entityId: payment.id,
    bookingId: request.bookingId,
    requestId: request.requestId,
    before: { refunded: taken, refundable, currency: payment.currency },
    after: {
      refunded: taken + request.amount,
      refundable: refundable - request.amount,
      currency: payment.currency,
      refund: { id: refund.id, amount: refund.amount, status: refund.status, provider: refund.provider },
    },
  });
  return { refundIds: [refund.id] };
}

/**
 * Sends to the provider the card refunds an action wrote, once it has
 * committed: each is settled by the answer, or left pending for the
 * provider's notification and reconciliation when the provider cannot be
 * asked (the pending row is the record: nothing is lost if this process dies
 * first). Sending one again (a replayed request) is harmless: the provider
 * refunds once per key.
 */
export async function sendPendingRefunds(app: FastifyInstance, refundIds: readonly number[], requestId: string): Promise<void> {
  for (const refund of await unsentRefunds(app.db, refundIds)) {
    await sendRefund(app, refund, requestId).catch((error: unknown) => {
      app.log.warn({ err: error, refundId: refund.id }, 'a card refund could not be sent now; reconciliation will send it');
    });
  }
}
