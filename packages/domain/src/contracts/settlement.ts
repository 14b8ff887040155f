import { z } from 'zod/mini';
import { isSettled, type BookingStatus } from '../booking/statuses.ts';
import { postPaymentDetailsSchema, type PostPaymentDetails } from './booking.ts';
import { dataEnvelope, defineEndpoint } from './common.ts';

/*
 * Apart from booking.ts: only a page whose payment awaits its answer reads
 * this, so the browser loads it with the confirmation code, not with step 1
 * (issue 15's page weight).
 */

/**
 * What POST /bookings/confirm answers for a booking as it stands: its
 * reference once settled (Confirmed, or Optional with a reference), its id
 * as the reference otherwise (Unconfirmed: paid, staff follow it up).
 */
export function postPaymentDetailsOf(booking: { id: number; status: BookingStatus; reference: string | null }): PostPaymentDetails {
  return isSettled(booking) && booking.reference
    ? { status: 'confirmed', reference: booking.reference, booking_status: booking.status }
    : { status: 'unconfirmed', reference: String(booking.id), booking_status: booking.status };
}

/**
 * The booking's settlement: `outcome` is null while it still awaits one (a
 * Quote or Optional booking without a reference: no payment applied yet),
 * otherwise what POST /bookings/confirm answers for it.
 */
export const bookingSettlementSchema = z.object({ outcome: z.nullable(postPaymentDetailsSchema) });
export type BookingSettlement = z.infer<typeof bookingSettlementSchema>;

/**
 * The server settles a paid booking by itself as well (the provider's
 * notification, reconciliation: ADR 0005), so a page whose confirmation
 * calls go unanswered learns the outcome here. Read-only and idempotent.
 */
export const getBookingSettlement = defineEndpoint({
  method: 'GET',
  path: '/bookings/settlement',
  response: dataEnvelope(bookingSettlementSchema),
  auth: 'booking',
  summary:
    "The booking's settlement as it stands: outcome null while no payment has been applied to it yet, otherwise what POST /bookings/confirm answers " +
    '(confirmed with the reference, or unconfirmed). Accepts the booking token within the same grace as POST /bookings/confirm.',
});
