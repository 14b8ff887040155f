import { getTourDeparture, type TourDeparture } from '@tours/domain/contracts/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';

/**
 * GET /tours/{code}/departures/{date}: places, room types and whether the
 * departure can be booked online, as the inventory stands now. Step 1 shows
 * it before the form; a failure only hides the panel (the booking's own
 * calls check availability again), so no toast.
 */
export const departureAvailabilityQuery = (tour: string, departure: string) =>
  queryOptions({
    queryKey: ['booking', 'departure-availability', tour, departure] as const,
    queryFn: async ({ signal }): Promise<TourDeparture> =>
      (await callApi(getTourDeparture, { params: { code: tour, date: departure }, signal, onError: 'silent' })).data,
    // Places move while people book: read again on every visit to the step.
    staleTime: 0,
    // An unknown departure will not appear by asking again; a server hiccup may pass.
    retry: (count, error) => count < 1 && !(error instanceof ApiRequestError && error.status < 500),
  });
