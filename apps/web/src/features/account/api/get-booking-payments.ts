import { listPayments, type Payment } from '@tours/domain/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';
import { accountErrorHandler } from './session-expiry.ts';

/**
 * GET /account/bookings/{booking}/payments, newest first. A failure raises
 * the general alert, except a 404: the booking's own call explains that one.
 */
export async function fetchBookingPayments(id: number, signal?: AbortSignal): Promise<Payment[]> {
  const onError = accountErrorHandler((error) => (error.status === 404 ? 'silent' : undefined));
  return (await callApi(listPayments, { params: { booking: id }, signal, onError })).data.items;
}

/** The booking's payments; `payments` is empty after a failure, which clears them (spec section 8). */
export function useBookingPayments(id: number | null) {
  const query = useQuery({
    queryKey: accountKeys.payments(id ?? 0),
    queryFn: ({ signal }) => fetchBookingPayments(id!, signal),
    enabled: id !== null,
  });
  const payments: Payment[] = query.isError ? [] : (query.data ?? []);
  return { ...query, payments };
}
