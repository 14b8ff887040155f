import type { PostPaymentDetails } from '@tours/domain/contracts/booking';
import { getBookingSettlement } from '@tours/domain/contracts/settlement';
import { callApi } from '../../../lib/api-client.ts';
import type { ActiveBooking } from '../store/active-booking.ts';

/*
 * Apart from payment-api.ts: only a page whose confirmation goes unanswered
 * reads this, so its contract loads with the confirmation code.
 */

/**
 * GET /bookings/settlement: what the server settled for the booking by
 * itself (the provider's notification, reconciliation); null while nothing
 * is settled yet, and when the call fails (the caller asks again later).
 */
export async function readSettlement(booking: ActiveBooking, signal?: AbortSignal): Promise<PostPaymentDetails | null> {
  try {
    return (await callApi(getBookingSettlement, { token: booking.token, signal, onError: 'silent' })).data.outcome;
  } catch {
    return null;
  }
}
