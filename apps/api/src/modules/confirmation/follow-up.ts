import type { PostPaymentDetails } from '@tours/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, payments, type BookingStatus } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-error.ts';

/** Why staff must look at a booking, in their words; the audit log has the detail. */
export const ATTENTION = {
  placesGone: 'Paid, but the places were sold to someone else before the booking could be confirmed.',
  failed: 'Paid, but confirming the booking failed.',
  unmatched: 'A payment was taken that does not match any amount we asked for.',
  paidAgain: 'Paid again after the booking was settled: refund the extra payment.',
  overpaid: 'Paid more than the booking costs (the booking changed after the card form was opened): refund the difference.',
} as const;

/** What confirmation answers for a booking in this state: its reference once confirmed, its id otherwise. */
export function answerFor(booking: { id: number; status: BookingStatus; reference: string | null }): PostPaymentDetails {
  return booking.status === 'Confirmed' && booking.reference
    ? { status: 'confirmed', reference: booking.reference }
    : { status: 'unconfirmed', reference: String(booking.id) };
}

export interface FollowUp {
  bookingId: number;
  reason: string;
  /** The payment that brought this about; when the booking was still a Quote it becomes the one that settled it. */
  paymentId: number | null;
  detail: Record<string, unknown>;
  requestId: string;
  /** Leave a confirmed booking alone (a racing call confirmed it): nothing is wrong with it. */
  unlessConfirmed?: boolean;
}

/**
 * Marks a booking for staff: needs_attention with a reason, an audit row, and
 * a Quote becomes Unconfirmed (paid, not confirmed), so the flow stops and the
 * client shows the unconfirmed screen. A Confirmed booking stays confirmed.
 * Runs in the caller's transaction, or its own.
 */
export async function flagForFollowUp(db: Database, followUp: FollowUp): Promise<PostPaymentDetails> {
  const { bookingId } = followUp;
  const [booking] = await db
    .select({ id: bookings.id, status: bookings.status, reference: bookings.reference })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!booking) throw notFound('The booking no longer exists.');
  if (followUp.unlessConfirmed && booking.status === 'Confirmed') return answerFor(booking);
  const status: BookingStatus = booking.status === 'Quote' ? 'Unconfirmed' : booking.status;
  await db.update(bookings).set({ status, needsAttention: true, attentionReason: followUp.reason }).where(eq(bookings.id, bookingId));
  if (booking.status === 'Quote' && followUp.paymentId !== null) {
    await db.update(payments).set({ settlesBooking: true }).where(eq(payments.id, followUp.paymentId));
  }
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
