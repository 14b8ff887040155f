import { exportStaffBookings, listStaffBookings } from '@tours/domain/contracts/staff/bookings';
import { getStaffBooking, getStaffBookingMessage } from '@tours/domain/contracts/staff/booking-page';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffCall, staffFile, type StaffCallInput } from '../../../lib/staff-api.ts';

/** The bookings section's reads (permission bookings.read), as TanStack Query keys and hooks. */

export const bookingKeys = {
  all: ['staff', 'bookings'] as const,
  search: (query: Record<string, string | number>) => ['staff', 'bookings', 'search', query] as const,
  booking: (id: number) => ['staff', 'bookings', id] as const,
  message: (booking: number, message: number) => ['staff', 'bookings', booking, 'messages', message] as const,
  cancellation: (id: number) => ['staff', 'bookings', id, 'cancellation'] as const,
  /** The home page's counts (features/home asks for them under this key): every change to a booking may move them. */
  queue: ['staff', 'queue'] as const,
};

type SearchQuery = StaffCallInput<typeof listStaffBookings>['query'];

/** One page of the list; the page before stays on screen while the next loads, so the table does not jump. */
export const useBookingSearch = (query: Record<string, string | number>) =>
  useQuery({
    queryKey: bookingKeys.search(query),
    queryFn: async ({ signal }) => (await staffCall(listStaffBookings, { query: query as SearchQuery, signal })).body.data,
    placeholderData: keepPreviousData,
  });

/** The whole filtered list as CSV: the export needs the session's bearer, which a plain link cannot send. */
export const downloadBookingsCsv = (query: Record<string, string>) => staffFile(exportStaffBookings, { query: query as StaffCallInput<typeof exportStaffBookings>['query'] });

export const useStaffBooking = (id: number) =>
  useQuery({
    queryKey: bookingKeys.booking(id),
    queryFn: async ({ signal }) => (await staffCall(getStaffBooking, { params: { booking: id }, signal })).body.data,
  });

export const useBookingMessage = (booking: number, message: number) =>
  useQuery({
    queryKey: bookingKeys.message(booking, message),
    queryFn: async ({ signal }) => (await staffCall(getStaffBookingMessage, { params: { booking, message }, signal })).body.data,
    // An e-mail as sent does not change.
    staleTime: Infinity,
  });
