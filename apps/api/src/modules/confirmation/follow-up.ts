import { ATTENTION_REASONS, awaitsSettlement, isSettled, postPaymentDetailsOf, type AttentionCode, type BookingStatus, type PostPaymentDetails } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { lockBookingStatus, markNeedsAttention } from '../bookings/index.ts';
import { markSettlingPayment } from '../payments/index.ts';

/**
 * Why staff must look at a booking: the domain's codes (ATTENTION_REASONS),
 * named as settlement raises them. The booking keeps the code and its words;
 * the audit log has the detail.
 */
export const ATTENTION_CODE = {
  placesGone: 'places-gone',
  failed: 'confirm-failed',
  unmatched: 'unmatched-payment',
  outdated: 'outdated-payment',
  otherCurrency: 'other-currency',
  afterSettlement: 'paid-after-settlement',
  overpaid: 'overpaid',
  refundFailed: 'refund-failed',
} as const satisfies Record<string, AttentionCode>;

/** The words staff read for each of them, as the booking's attention_reason keeps them. */
export const ATTENTION = Object.fromEntries(Object.entries(ATTENTION_CODE).map(([name, code]) => [name, ATTENTION_REASONS[code]])) as {
  readonly [Name in keyof typeof ATTENTION_CODE]: (typeof ATTENTION_REASONS)[(typeof ATTENTION_CODE)[Name]];
};

/** What settlement answers for a booking in this state: the domain's rule, which GET /bookings/settlement answers too. */
export const answerFor = postPaymentDetailsOf;

export interface FollowUp {
  bookingId: number;
  reason: AttentionCode;
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
  await markNeedsAttention(db, bookingId, { status, attention: followUp.reason });
  if (open && followUp.paymentId !== null) await markSettlingPayment(db, followUp.paymentId);
  await recordAudit(db, {
    actor: 'system',
    action: 'booking.needs_attention',
    entityType: 'booking',
    entityId: bookingId,
    bookingId,
    requestId: followUp.requestId,
    detail: { reason: ATTENTION_REASONS[followUp.reason], code: followUp.reason, previousStatus: booking.status, status, paymentId: followUp.paymentId, ...followUp.detail },
  });
  return answerFor({ ...booking, status });
}
