import { awaitsSettlement, isSettled, type BookingStatus, type PostPaymentDetails } from '@tours/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { notFound } from '../../lib/http-error.ts';

/** Why staff must look at a booking, in their words; the audit log has the detail. */
export const ATTENTION = {
  placesGone: 'Paid, but the places were sold to someone else before the booking could be confirmed.',
  failed: 'Paid, but confirming the booking failed.',
  unmatched: 'A payment was taken through a payment request that is not one of this booking’s.',
  outdated: 'Paid through a card form opened before the booking’s price changed: check the booking and the amount with the customer.',
  otherCurrency: 'Paid in another currency than the booking’s: refund it, or take the payment again in the booking’s currency.',
  afterSettlement: 'Paid after the booking was marked for follow-up or cancelled: apply or refund the payment.',
  overpaid: 'Paid more than the booking costs (the booking changed after the card form was opened): refund the difference.',
} as const;

/** What settlement answers for a booking in this state: its reference once settled (Confirmed or Optional), its id otherwise. */
export function answerFor(booking: { id: number; status: BookingStatus; reference: string | null }): PostPaymentDetails {
  return isSettled(booking) && booking.reference
    ? { status: 'confirmed', reference: booking.reference, booking_status: booking.status }
    : { status: 'unconfirmed', reference: String(booking.id), booking_status: booking.status };
}

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
  const [booking] = await db
    .select({ id: bookings.id, status: bookings.status, reference: bookings.reference })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    // NO KEY: only the status and the attention flag change; rows referencing the booking may still be written.
    .for('no key update');
  if (!booking) throw notFound('The booking no longer exists.');
  if (followUp.unlessConfirmed && isSettled(booking)) return answerFor(booking);
  const open = awaitsSettlement(booking);
  const status: BookingStatus = open ? 'Unconfirmed' : booking.status;
  await db.update(bookings).set({ status, needsAttention: true, attentionReason: followUp.reason }).where(eq(bookings.id, bookingId));
  if (open && followUp.paymentId !== null) {
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
