import { bookingDetailsComplete } from '@tours/domain/account/bookings';
import type { CorrespondenceInput, PassengerUpdateInput } from '@tours/domain/account/forms';
import {
  updateCorrespondence,
  updatePassenger,
  type AccountPassenger,
  type BookingDetail,
  type CorrespondenceRecord,
} from '@tours/domain/contracts/account';
import { ALERTS } from '@tours/domain/messages';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAlerts } from '../../../lib/alerts.ts';
import { callApi } from '../../../lib/api-client.ts';
import { accountKeys } from '../api/account-keys.ts';
import { accountErrorHandler } from '../api/session-expiry.ts';
import { isFieldValidationError } from './form-support.ts';

/**
 * Saving one section (spec section 4, Account payment: 'passenger data are
 * saved per section, and the local passenger record is updated on success').
 * The answer replaces the record in the booking's cache at once, so the form,
 * the section's status and the Passengers tab's warning icon follow without
 * waiting; then the booking and the list are fetched again, because the
 * server decides whether the booking's details are complete (and the
 * notifications read that from the list).
 */

/** Field messages are shown at their fields; anything else gets the general toast (a 401 ends the session). */
const onSaveError = accountErrorHandler((error) => (isFieldValidationError(error) ? 'silent' : undefined));

function withDetailsComplete(detail: BookingDetail): BookingDetail {
  return {
    ...detail,
    booking: { ...detail.booking, details_complete: bookingDetailsComplete(detail.passengers, detail.booking.correspondence) },
  };
}

function updateCachedBooking(queryClient: QueryClient, bookingId: number, change: (detail: BookingDetail) => BookingDetail): void {
  queryClient.setQueryData<BookingDetail>(accountKeys.booking(bookingId), (detail) => (detail ? withDetailsComplete(change(detail)) : detail));
}

async function refreshBooking(queryClient: QueryClient, bookingId: number): Promise<void> {
  // Exact: the booking's payments and documents did not change.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: accountKeys.booking(bookingId), exact: true }),
    queryClient.invalidateQueries({ queryKey: accountKeys.list(), exact: true }),
  ]);
}

export function useSavePassengerSection(bookingId: number) {
  const queryClient = useQueryClient();
  const { add } = useAlerts();
  return useMutation({
    mutationFn: ({ passengerId, body }: { passengerId: number; body: PassengerUpdateInput }) =>
      callApi(updatePassenger, { params: { booking: bookingId, passenger: passengerId }, body, onError: onSaveError }),
    onSuccess: ({ data: saved }: { data: AccountPassenger }) => {
      updateCachedBooking(queryClient, bookingId, (detail) => ({
        ...detail,
        passengers: detail.passengers.map((passenger) => (passenger.id === saved.id ? saved : passenger)),
      }));
      add(ALERTS.detailsUpdated);
      void refreshBooking(queryClient, bookingId);
    },
  });
}

export function useSaveCorrespondence(bookingId: number) {
  const queryClient = useQueryClient();
  const { add } = useAlerts();
  return useMutation({
    mutationFn: (body: CorrespondenceInput) => callApi(updateCorrespondence, { params: { booking: bookingId }, body, onError: onSaveError }),
    onSuccess: ({ data: saved }: { data: CorrespondenceRecord }) => {
      updateCachedBooking(queryClient, bookingId, (detail) => ({ ...detail, booking: { ...detail.booking, correspondence: saved } }));
      add(ALERTS.detailsUpdated);
      void refreshBooking(queryClient, bookingId);
    },
  });
}
