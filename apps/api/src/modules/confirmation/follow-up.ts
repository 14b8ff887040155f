import { awaitsSettlement, isSettled, postPaymentDetailsOf, type BookingStatus, type PostPaymentDetails } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { lockBookingStatus, markNeedsAttention } from '../bookings/index.ts';
import { markSettlingPayment } from '../payments/index.ts';

/** Why staff must look at a booking, in their words; the audit log has the detail. */
export const ATTENTION = {
  placesGone: 'Paid, but the places were sold to someone else before the booking could be confirmed.',
  failed: 'Paid, but confirming the booking failed.',
  unmatched: 'A payment was taken through a payment request that is not one of this booking’s.',
  outdated: 'Paid through a card form opened before the booking’s price changed: check the booking and the amount with the customer.',
  otherCurrency: 'Paid in another currency than the booking’s: refund it, or take the payment again in the booking’s currency.',
  afterSettlement: 'Paid after the booking was marked for follow-up or cancelled: apply or refund the payment.',
  overpaid: 'Paid more than the booking costs (the booking changed after the card form was opened): refund the difference.',
  refundFailed: 'A card refund failed: refund the customer another way, then resolve the flag.',
} as const;

/** What settlement answers for a booking in this state: the domain's rule, which GET /bookings/settlement answers too. */
export const answerFor = postPaymentDetailsOf;

export interface FollowUp {
  bookingId: number;
  reason: string;
  /** The payment that brought this about; when the booking was still awaiting settlement it becomes the one that settled it. */
  paymentId: number | null;
  detail: Record<string, unknown>;
  requestId: string;
  /** Leave a confirmed booking alone (a racing call confirmed it): nothing is wrong with it. */
  unlessConfirmed?: boolean;
}

/**
 * Marks a booking for staff: needs_attention with a reason, an audit row, and
 * a booking still awaiting settlement becomes Unconfirmed (paid, not
 * confirmed), so the flow stops and the client shows the unconfirmed screen.
 * A settled booking keeps its status.
 * Runs in the caller's transaction, or its own.
 */
export async function flagForFollowUp(db: Database, followUp: FollowUp): Promise<PostPaymentDetails> {
  const { bookingId } = followUp;
  const booking = await lockBookingStatus(db, bookingId);
  if (followUp.unlessConfirmed && isSettled(booking)) return answerFor(booking);
  const open = awaitsSettlement(booking);
  const status: BookingStatus = open ? 'Unconfirmed' : booking.status;
  await markNeedsAttention(db, bookingId, { status, reason: followUp.reason });
  if (open && followUp.paymentId !== null) await markSettlingPayment(db, followUp.paymentId);
  await recordAudit(db, {
    actor: 'system',
    action: 'booking.needs_attention',
    entityType: 'booking',
    entityId: bookingId,
    bookingId,
    requestId: followUp.requestId,
    detail: { reason: followUp.reason, previousStatus: booking.status, status, paymentId: followUp.paymentId, ...followUp.detail },
  });
  return answerFor({ ...booking, status });
}
