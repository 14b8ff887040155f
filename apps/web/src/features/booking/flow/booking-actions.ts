import {
  omitsTravelAndAccommodation,
  passengersForBooking,
  type BookingSource,
  type Participant,
  type Tour,
} from '@tours/domain';
import type { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { fetchBookingTour, postBooking, postSelections, postTourSelection } from '../api/booking-api.ts';
import { putPassengers } from '../api/passengers-api.ts';
import type { BookingQuery } from '../booking-query.ts';
import { movedTo, useBookingStore, type HistoryEntry } from '../store/booking-store.ts';
import { usePassengerStore } from '../store/passenger-store.ts';
import { resetPayment, usePaymentStore } from '../store/payment-store.ts';
import { pushBookingEvent } from './booking-analytics.ts';
import { selectionsFor, type OfferedOptions } from './booking-options.ts';

/**
 * The flow's calls with their state changes (spec section 4, Step 1 Next,
 * Step 2, Step 3). Plain functions over the stores, so each rule is testable
 * without rendering a step.
 */

export interface ParticipantsStepResult {
  participants: Participant[];
  source: BookingSource;
}

/** The failures that mean the booking cannot go on online: the availability-error screen with the booking id. */
const NO_AVAILABILITY_CODES: readonly string[] = ['SERVICE_FAILURE', 'NO_RESULTS'];
const meansNoAvailability = (error: unknown) => isApiRequestError(error) && NO_AVAILABILITY_CODES.includes(error.code);

/**
 * Step 1 Next: begin_checkout, on to 2a with the loader, create the booking,
 * write the passenger ids back and keep the token. A failed creation shows the
 * general-failure toast (the API client's default) and returns to step 1 with
 * the form as it was. Day trips and online talks then select the tour alone
 * and go straight to review.
 */
export async function startBooking(input: {
  query: BookingQuery;
  tour: Tour;
  form: ParticipantsStepResult;
  queryClient: QueryClient;
}): Promise<void> {
  const { query, tour, form, queryClient } = input;
  pushBookingEvent('begin_checkout', { code: tour.code, name: tour.name, currency: query.currency });
  const passengers = passengersForBooking(form.participants);
  useBookingStore.setState((state) => ({ ...movedTo('2a', 'forward')(state), stepLoading: true }));

  let created;
  try {
    created = await postBooking({
      brand_channel: tour.brand_channel,
      currency: query.currency,
      tour_code: tour.code,
      departure_date: query.departure,
      departure_id: tour.departure_id,
      passengers,
      source: form.source,
    });
  } catch {
    // The 2a entry the visitor never saw becomes step 1 again.
    useBookingStore.setState((state) => ({ ...movedTo('1', 'back', 'replace')(state), stepLoading: false }));
    return;
  }

  useBookingStore.getState().bookingCreated(created);
  writeIdsBack(created.booking.passengers);

  if (omitsTravelAndAccommodation(tour.brand_channel)) {
    await selectTourForReview(queryClient);
  } else {
    useBookingStore.setState({ stepLoading: false });
  }
}

function writeIdsBack(passengers: readonly { id: number }[]): void {
  try {
    usePassengerStore.getState().applyIds(passengers);
  } catch (error) {
    // The booking stands either way; the form keeps its temporary ids, which are never sent again.
    console.error('Could not write the passenger ids back', error);
  }
}

/**
 * Step 1 Next: creates the booking, or updates the one already made when the
 * visitor came back to step 1 (no second booking, no second set of holds).
 */
export async function submitParticipants(input: { query: BookingQuery; tour: Tour; form: ParticipantsStepResult; queryClient: QueryClient }): Promise<void> {
  if (useBookingStore.getState().activeBooking) await updateBooking(input);
  else await startBooking(input);
}

/**
 * Step 1 Next on a booking already made (PUT /bookings/passengers). The
 * visitor stays on step 1, Next busy, until the server answers. As many
 * participants as before: the same booking, its passengers' details updated,
 * and every choice made since kept. Another number: the server cancelled the
 * old booking (its holds released, its open payment requests withdrawn) and
 * made a new one, whose choices start afresh, and so do the payment figures.
 * Then on as after creating a booking: 2a, or review for day trips and online
 * talks. A failure has shown the general toast and leaves step 1 as it was.
 */
export async function updateBooking(input: { tour: Tour; form: ParticipantsStepResult; queryClient: QueryClient }): Promise<void> {
  const { tour, form, queryClient } = input;
  const booking = useBookingStore.getState().activeBooking;
  if (!booking) return;
  useBookingStore.setState({ stepLoading: true });
  let updated;
  try {
    updated = await putPassengers(booking, { passengers: passengersForBooking(form.participants), source: form.source });
  } catch {
    useBookingStore.setState({ stepLoading: false });
    return;
  }

  if (updated.token) {
    useBookingStore.getState().bookingReplaced({ booking: updated.booking, token: updated.token });
    resetPayment();
  } else {
    useBookingStore.getState().passengersUpdated(updated.booking);
  }
  writeIdsBack(updated.booking.passengers);

  if (omitsTravelAndAccommodation(tour.brand_channel)) {
    await selectTourForReview(queryClient);
  } else {
    useBookingStore.setState((state) => ({ ...movedTo('2a', 'forward')(state), stepLoading: false }));
  }
}

/**
 * Day trips and online talks: POST /bookings/selection with the tour alone,
 * then review, paying in full (their deposit is 0). Any failure ends at the
 * availability-error screen, which offers the booking reference and a retry:
 * with the booking made there is no step to return to.
 */
export async function selectTourForReview(queryClient: QueryClient): Promise<void> {
  const booking = useBookingStore.getState().activeBooking;
  if (!booking) return;
  useBookingStore.setState({ stepLoading: true });
  try {
    const tour = await fetchBookingTour(queryClient, booking);
    useBookingStore.getState().setMainProduct(tour);
    const details = await postTourSelection(booking, tour.id);
    usePaymentStore.getState().setPrePaymentDetails(details, useBookingStore.getState().allocations);
    usePaymentStore.setState({ paymentOption: 'full' });
    // 2a is only the loader of these tours: review takes its place in the history, so Back from review reaches step 1.
    useBookingStore.setState((state) => ({ ...movedTo('4a', 'forward', state.step === '2a' ? 'replace' : 'push')(state), stepLoading: false }));
  } catch {
    useBookingStore.setState({ availability: false, stepLoading: false });
  }
}

/**
 * The end of step 3: POST /bookings/selections with component and passenger
 * ids only, keep the server's pre-payment details and go to review. A unit
 * no longer available (SERVICE_FAILURE) means the availability-error screen;
 * any other failure has shown the general toast and leaves the visitor on the
 * step to try again.
 */
export async function submitSelectionsForReview(offered: OfferedOptions, entry: HistoryEntry = 'push'): Promise<void> {
  const state = useBookingStore.getState();
  const booking = state.activeBooking;
  if (!booking) return;
  useBookingStore.setState({ stepLoading: true });
  try {
    const allocations = selectionsFor(
      state.allocations,
      offered,
      state.passengers.map((passenger) => passenger.id),
    );
    const details = await postSelections(booking, { allocations });
    // The choices as the visitor made them, which the summary panel compares with what is on screen.
    usePaymentStore.getState().setPrePaymentDetails(details, state.allocations);
    useBookingStore.setState((state) => ({ ...movedTo('4a', 'forward', entry)(state), stepLoading: false }));
  } catch (error) {
    useBookingStore.setState(meansNoAvailability(error) ? { availability: false, stepLoading: false } : { stepLoading: false });
  }
}
