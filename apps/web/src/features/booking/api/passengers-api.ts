import { updatePassengers, type UpdatedPassengers, type UpdatePassengersBodyInput } from '@tours/domain/contracts/booking';
import { callApi } from '../../../lib/api-client.ts';
import type { ActiveBooking } from '../store/active-booking.ts';

/**
 * PUT /bookings/passengers: step 1 again on the booking already made. The
 * general-failure toast on failure (spec section 8), as for POST /bookings.
 */
export async function putPassengers(booking: ActiveBooking, body: UpdatePassengersBodyInput): Promise<UpdatedPassengers> {
  return (await callApi(updatePassengers, { body, token: booking.token })).data;
}
