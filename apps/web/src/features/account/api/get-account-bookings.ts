import { listAccountBookings, type AccountBooking } from '@tours/domain/contracts/account';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';
import { accountErrorHandler } from './session-expiry.ts';

/** GET /account/bookings: the signed-in customer's bookings. A failure raises the general alert (spec section 8). */
export async function fetchAccountBookings(signal?: AbortSignal): Promise<AccountBooking[]> {
  return (await callApi(listAccountBookings, { signal, onError: accountErrorHandler() })).data.items;
}

/** `enabled` holds the call back (the list loads 1 s after the page opens, spec section 9). */
export function useAccountBookings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: accountKeys.list(),
    queryFn: ({ signal }) => fetchAccountBookings(signal),
    enabled,
  });
}
