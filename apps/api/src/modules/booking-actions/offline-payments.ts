import { receivedOnInFuture, STAFF_MONEY_MESSAGES, type OfflinePaymentMethod } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { validationFailed } from '../../lib/http-error.ts';
import { recordStaffChange } from '../audit/index.ts';
import { insertOfflinePayment } from '../payments/index.ts';
import { lockStaffBooking } from './booking.ts';

/**
 * Money received another way than by card on the site (permission
 * payments.record): recorded by the payments module in the booking's
 * currency with the payer's reference, in its own transaction with the
 * staff member's audit entry; then applied by the settlement path card
 * payments take (confirmation's applyRecordedPayment), so the balance falls
 * and a booking awaiting settlement is confirmed.
 */
export interface OfflinePaymentRequest {
  bookingId: number;
  amount: number;
  method: OfflinePaymentMethod;
  payerReference: string;
  receivedOn: string;
  reason: string;
  staffMemberId: number;
  requestId: string;
  now: Date;
}

export async function recordOfflinePayment(tx: Database, request: OfflinePaymentRequest): Promise<{ paymentId: number }> {
  if (receivedOnInFuture(request.receivedOn, request.now)) throw validationFailed({ received_on: STAFF_MONEY_MESSAGES.receivedOnFuture });
  const booking = await lockStaffBooking(tx, request.bookingId);
  const paymentId = await insertOfflinePayment(tx, {
    bookingId: booking.id,
    bookingReference: booking.reference ?? String(booking.id),
    currency: booking.currency,
    amount: request.amount,
    method: request.method,
    payerReference: request.payerReference,
    receivedOn: request.receivedOn,
    staffMemberId: request.staffMemberId,
    now: request.now,
  });
  await recordStaffChange(tx, {
    staffMemberId: request.staffMemberId,
    reason: request.reason,
    action: 'payment.recorded',
    entityType: 'payment',
    entityId: paymentId,
    bookingId: booking.id,
    requestId: request.requestId,
    before: null,
    after: { amount: request.amount, currency: booking.currency, method: request.method, payerReference: request.payerReference, receivedOn: request.receivedOn },
  });
  return { paymentId };
}
