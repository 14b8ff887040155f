import { getAccountBooking, type BookingDetail } from '@tours/domain/contracts/account';
import { ALERTS } from '@tours/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { accountKeys } from './account-keys.ts';
import { accountErrorHandler } from './session-expiry.ts';

/**
 * GET /account/bookings/{booking}: the booking with its components and
 * passengers. A failure raises the booking-load alert (spec section 8),
 * except a 404, which the page itself explains: the booking is not in this
 * account (the API answers the same for someone else's and for none).
 */
export async function fetchAccountBooking(id: number, signal?: AbortSignal): Promise<BookingDetail> {
  return (
    await callApi(getAccountBooking, {
      params: { booking: id },
      signal,
      onError: accountErrorHandler((error) => (error.status === 404 ? 'silent' : ALERTS.bookingLoadFailed)),
    })
  ).data;
}

export const isBookingNotFound = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 404;

/**
 * One booking of the account. `detail` is null while loading and after a
 * failure: a failed load clears the booking, its components and passengers
 * (spec section 8), even when an earlier load had succeeded.
 */
export function useAccountBooking(id: number | null) {
  const query = useQuery({
    queryKey: accountKeys.booking(id ?? 0),
    queryFn: ({ signal }) => fetchAccountBooking(id!, signal),
    enabled: id !== null,
    retry: false,
  });
  const detail: BookingDetail | null = query.isError ? null : (query.data ?? null);
  return { ...query, detail };
}
