import { BOOKING_NOTE_MESSAGES } from '@tours/domain/contracts/staff/booking-page';
import { STAFF_MONEY_MESSAGES } from '@tours/domain/staff/money';
import type { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../../../../lib/api-error.ts';
import { bookingKeys } from '../api/bookings-api.ts';

/**
 * After any action on a booking, whatever its answer: the booking's page,
 * the lists it appears in and the work queue's counts are read again. A
 * failure is refreshed too, since an answer lost on the way may hide an
 * action that was done. (The cancellation preview is the cancel dialog's to
 * read again: refreshed here, a booking just cancelled would answer it 409
 * while the dialog closes.)
 */
export function refreshBooking(client: QueryClient, bookingId: number): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: bookingKeys.booking(bookingId), exact: true }),
    client.invalidateQueries({ queryKey: [...bookingKeys.all, 'search'] }),
    client.invalidateQueries({ queryKey: bookingKeys.queue }),
  ]);
}

/**
 * What a refused action tells the member. The API's refusals already say
 * what happened and what to do; a key sent before with other details means
 * the member changed the form after an attempt whose answer never came, so
 * that attempt may have been done: they are told to look before acting again.
 */
export function actionErrorMessage(error: unknown): string {
  if (!isApiRequestError(error)) return 'Something went wrong. Please try again.';
  if (error.message === STAFF_MONEY_MESSAGES.idempotencyKeyReused || error.message === BOOKING_NOTE_MESSAGES.keyReused) {
    return 'An earlier attempt with other details may already have been done. Close this, check the booking’s history, and start again if it is still needed.';
  }
  const fields = Object.values(error.fields);
  return fields.length > 0 ? `${error.message} ${fields.join(' ')}` : error.message;
}
