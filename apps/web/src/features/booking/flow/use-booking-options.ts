import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { accommodationOptionsQuery, bookingTourQuery, extraOptionsQuery, flightOptionsQuery } from '../api/booking-api.ts';
import type { ActiveBooking } from '../store/active-booking.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { offeredOptions, type OfferedOptions } from './booking-options.ts';

export type OptionsStatus = 'idle' | 'loading' | 'error' | 'ready';

export interface BookingOptions {
  /** 'idle' until the booking and its tour are known, or for tours without travel and rooms. */
  status: OptionsStatus;
  offered: OfferedOptions | null;
  retry: () => void;
}

/** Stands in while there is no booking; every query built on it is disabled. */
const NO_BOOKING: ActiveBooking = { id: 0, token: '-', expiresAt: 0 };

/**
 * Loads the booking's tour and then every option list at once, so the flow
 * knows before the visitor gets there which steps are empty (spec section 4,
 * Steps: empty steps are skipped). Also applies the rules that follow from the
 * lists: NO_RESULTS on the tour means no availability (spec section 8), and
 * mandatory flights are allocated to everyone (spec section 4, Step 2).
 */
export function useBookingOptions(enabled: boolean): BookingOptions {
  const activeBooking = useBookingStore((state) => state.activeBooking);
  const storedTour = useBookingStore((state) => state.summary.mainProduct);
  const participants = useBookingStore((state) => state.passengers.length);
  const booking: ActiveBooking | null = enabled ? activeBooking : null;

  // The stored tour answers at once after a reload; it was fetched for this very booking.
  const tour = useQuery({ ...bookingTourQuery(booking ?? NO_BOOKING), initialData: storedTour ?? undefined, enabled: booking !== null });
  const tourId = booking ? (tour.data?.id ?? 0) : 0;
  const optionsEnabled = booking !== null && tourId > 0;
  const flights = useQuery({ ...flightOptionsQuery(booking ?? NO_BOOKING, tourId), enabled: optionsEnabled });
  const extras = useQuery({ ...extraOptionsQuery(booking ?? NO_BOOKING, tourId), enabled: optionsEnabled });
  const accommodation = useQuery({ ...accommodationOptionsQuery(booking ?? NO_BOOKING, tourId), enabled: optionsEnabled });

  useEffect(() => {
    if (tour.data && tour.data !== storedTour) useBookingStore.getState().setMainProduct(tour.data);
  }, [tour.data, storedTour]);

  useEffect(() => {
    if (isApiRequestError(tour.error) && tour.error.code === 'NO_RESULTS') useBookingStore.getState().setAvailability(false);
  }, [tour.error]);

  const offered = useMemo(
    () =>
      flights.data && extras.data && accommodation.data
        ? offeredOptions({ flights: flights.data, extras: extras.data, accommodation: accommodation.data }, participants)
        : null,
    [flights.data, extras.data, accommodation.data, participants],
  );

  useEffect(() => {
    if (offered) useBookingStore.getState().allocateMandatoryFlights(offered.flightGroups);
  }, [offered]);

  const queries = [tour, flights, extras, accommodation];
  const status: OptionsStatus = !booking
    ? 'idle'
    : offered
      ? 'ready'
      : queries.some((query) => query.isError)
        ? 'error'
        : 'loading';

  return {
    status,
    offered,
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}
