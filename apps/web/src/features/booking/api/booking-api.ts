import { createBooking, getBookingTour, type BookingTour, type CreateBookingBodyInput, type CreatedBooking } from '@tours/domain/contracts/booking';
import type { Tour } from '@tours/domain/contracts/catalogue';
import { listAccommodationOptions, listExtraOptions, listFlightOptions } from '@tours/domain/contracts/options';
import { submitSelection, submitSelections, type PrePaymentDetails, type SelectionsBody } from '@tours/domain/contracts/selections';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import type { BookingQuery } from '../booking-query.ts';
import type { ActiveBooking } from '../store/active-booking.ts';
import { fetchTourLookup, takeEarlyTourLookup } from './tour-lookup.ts';

/**
 * The booking flow's calls (spec section 7, Bookings). Everything after
 * POST /bookings sends the booking token. Query keys start with the booking
 * id, so a restarted booking can never be shown another booking's options.
 */

export const bookingKeys = {
  tourLookup: (query: BookingQuery) => ['booking', 'find-tour', query.tour, query.departure, query.currency] as const,
  bookingTour: (bookingId: number) => ['booking', bookingId, 'tour'] as const,
  options: (bookingId: number, tourId: number, kind: 'flights' | 'extras' | 'accommodation') =>
    ['booking', bookingId, 'tour', tourId, kind] as const,
};

/** GET /tours/find, answered first by the lookup asked before the page loaded (tour-lookup.ts) when there is one. */
export const tourLookupQuery = (query: BookingQuery) =>
  queryOptions({
    queryKey: bookingKeys.tourLookup(query),
    queryFn: ({ signal }): Promise<Tour> => takeEarlyTourLookup(query) ?? fetchTourLookup(query, signal),
  });

/** GET /bookings/tour: NO_RESULTS means the departure cannot be booked, which the flow shows as no availability. */
export const bookingTourQuery = (booking: ActiveBooking) =>
  queryOptions({
    queryKey: bookingKeys.bookingTour(booking.id),
    queryFn: async ({ signal }): Promise<BookingTour> =>
      (await callApi(getBookingTour, { token: booking.token, signal, onError: { NO_RESULTS: 'silent' } })).data,
    // The booking's tour does not change during the booking.
    staleTime: Infinity,
  });

/**
 * Option lists stay as loaded for the whole booking: the server checks
 * availability again when the selections are sent (SERVICE_FAILURE), and
 * refetching mid-step would move choices under the visitor's hand.
 */
const OPTIONS_STALE_TIME = Infinity;

export const flightOptionsQuery = (booking: ActiveBooking, tourId: number) =>
  queryOptions({
    queryKey: bookingKeys.options(booking.id, tourId, 'flights'),
    queryFn: async ({ signal }) => (await callApi(listFlightOptions, { params: { id: tourId }, token: booking.token, signal })).data.items,
    staleTime: OPTIONS_STALE_TIME,
  });

export const extraOptionsQuery = (booking: ActiveBooking, tourId: number) =>
  queryOptions({
    queryKey: bookingKeys.options(booking.id, tourId, 'extras'),
    queryFn: async ({ signal }) => (await callApi(listExtraOptions, { params: { id: tourId }, token: booking.token, signal })).data.items,
    staleTime: OPTIONS_STALE_TIME,
  });

/** The accommodation answer may carry `code: 'SERVICE_FAILURE'` in its data (spec section 8). */
export const accommodationOptionsQuery = (booking: ActiveBooking, tourId: number) =>
  queryOptions({
    queryKey: bookingKeys.options(booking.id, tourId, 'accommodation'),
    queryFn: async ({ signal }) => (await callApi(listAccommodationOptions, { params: { id: tourId }, token: booking.token, signal })).data,
    staleTime: OPTIONS_STALE_TIME,
  });

/** POST /bookings: the general-failure toast on failure (spec section 8). */
export async function postBooking(body: CreateBookingBodyInput): Promise<CreatedBooking> {
  return (await callApi(createBooking, { body })).data;
}

export const fetchBookingTour = (queryClient: QueryClient, booking: ActiveBooking): Promise<BookingTour> =>
  queryClient.fetchQuery(bookingTourQuery(booking));

/** The failures the selections calls report as no availability; the caller shows the availability-error screen. */
const SELECTIONS_ON_ERROR = { SERVICE_FAILURE: 'silent' } as const;

export async function postSelections(booking: ActiveBooking, body: SelectionsBody): Promise<PrePaymentDetails> {
  return (await callApi(submitSelections, { body, token: booking.token, onError: SELECTIONS_ON_ERROR })).data;
}

/** Day trips and online talks select the tour alone. */
export async function postTourSelection(booking: ActiveBooking, tourId: number): Promise<PrePaymentDetails> {
  return (await callApi(submitSelection, { body: { tour_id: tourId }, token: booking.token, onError: SELECTIONS_ON_ERROR })).data;
}
