import type { Participant } from '@tours/domain/booking/participant-form';
import { ALERTS } from '@tours/domain/messages';
import { OPERATOR } from '@tours/domain/operator';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAlertStore } from '../../../lib/alerts.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { usePassengerStore } from '../store/passenger-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import {
  createdBooking,
  DAY_TRIP,
  DETAILS,
  PASSENGERS,
  EXTRAS,
  FLIGHTS,
  mockBookingApi,
  QUERY,
  resetBookingStores,
  HOTELS, ROOMS,
  seedActiveBooking,
  TOUR,
} from '../testing/booking-fixtures.ts';
import { startBooking, submitParticipants, submitSelectionsForReview } from './booking-actions.ts';
import { offeredOptions } from './booking-options.ts';

const address = { line_1: '1 High St', line_2: '', line_3: '', city: 'London', state: 'London', postal_code: 'EC1A 1BB', country: 'GBR' };
const person = { telephone_home: '', telephone_mobile: '', date_of_birth: '1958-04-17', do_not_email: false, do_not_mail: true, special_requests: '' };
const PARTICIPANTS: Participant[] = [
  { id: 1, is_lead: true, title: 'Dr', given_name: 'Margaret', family_name: 'Hale', email: 'm@example.com', address, ...person },
  { id: 2, is_lead: false, title: 'Mr', given_name: 'John', family_name: 'Thornton', email: 'j@example.com', ...person },
];
const SOURCE = { id: 63, subsource_id: 161, subsource_description: '' };
const form = { participants: PARTICIPANTS, source: SOURCE };
const generalFailure = ALERTS.generalFailure(OPERATOR.regions.DEFAULT.phone).message;
const offered = offeredOptions({ flights: FLIGHTS, extras: EXTRAS, accommodation: { hotels: HOTELS, items: ROOMS } }, 2);

beforeEach(() => {
  resetBookingStores();
  window.dataLayer = [];
  usePassengerStore.getState().addSecond();
  useBookingStore.getState().restart(QUERY);
});

describe('step 1 Next', () => {
  it('records begin_checkout, creates the booking with the loader on, writes the ids back and moves to 2a', async () => {
    const { requests } = mockBookingApi();
    const pending = startBooking({ query: QUERY, tour: TOUR, form, queryClient: createQueryClient() });
    expect(useBookingStore.getState()).toMatchObject({ step: '2a', stepLoading: true });
    await pending;

    expect(window.dataLayer?.[0]).toMatchObject({ event: 'begin_checkout', tour_code: 'MHW-VIE', currency: 'GBP' });
    const post = requests.find((request) => request.path === '/api/bookings');
    expect(post?.auth).toBeNull();
    expect(post?.body).toMatchObject({
      brand_channel: 11,
      currency: 'GBP',
      tour_code: 'MHW-VIE',
      departure_date: '2027-03-04',
      departure_id: 31,
      source: SOURCE,
    });
    const sent = (post?.body as { passengers: Record<string, unknown>[] }).passengers;
    // id and is_lead stripped; the second participant takes the lead's address.
    expect(sent.map((passenger) => [passenger.given_name, 'id' in passenger, 'is_lead' in passenger, passenger.address])).toEqual([
      ['Margaret', false, false, address],
      ['John', false, false, address],
    ]);

    const state = useBookingStore.getState();
    expect(state).toMatchObject({ step: '2a', stepLoading: false, activeBooking: { id: 100_042, token: 'booking-token' } });
    expect(state.activeBooking!.expiresAt - Date.now()).toBeGreaterThan(3_590_000);
    expect(usePassengerStore.getState().participants.map((participant) => participant.id)).toEqual([501, 502]);
  });

  it('stays on step 1 with the general-failure toast when the booking cannot be created', async () => {
    const { fetchMock } = mockBookingApi();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ error: { code: 'INTERNAL', message: 'down' } }, 500)));
    await startBooking({ query: QUERY, tour: TOUR, form, queryClient: createQueryClient() });
    expect(useBookingStore.getState()).toMatchObject({ step: '1', stepLoading: false, activeBooking: null });
    expect(useAlertStore.getState().alerts.map((alert) => alert.message)).toEqual([generalFailure]);
    expect(usePassengerStore.getState().participants.map((participant) => participant.id)).toEqual([1, 2]);
  });

  it('selects the tour alone for a day trip and goes to review, paying in full', async () => {
    const { requests } = mockBookingApi({ selections: () => jsonResponse({ data: { ...DETAILS, deposit: { currency_code: 'GBP', value: 0 } } }) });
    await startBooking({ query: QUERY, tour: DAY_TRIP, form, queryClient: createQueryClient() });
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/bookings',
      'GET /api/bookings/tour',
      'POST /api/bookings/selection',
    ]);
    expect(requests[2]).toMatchObject({ body: { tour_id: 7 }, auth: 'Bearer booking-token' });
    expect(useBookingStore.getState()).toMatchObject({ step: '4a', stepLoading: false });
    expect(usePaymentStore.getState().paymentOption).toBe('full');
  });
});

describe('submitting the selections', () => {
  beforeEach(() => {
    seedActiveBooking('3a');
    useBookingStore.setState({
      allocations: {
        flights: [{ component_id: 16, passenger_ids: [501, 502] }],
        extras: [{ component_id: 25, passenger_ids: [501] }],
        accommodation: [
          { component_id: 20, passenger_ids: [501, 502] },
          { component_id: 23, passenger_ids: [501, 502] },
        ],
      },
    });
  });

  it('sends component and passenger ids only with the token and keeps the priced totals', async () => {
    const { requests } = mockBookingApi();
    await submitSelectionsForReview(offered);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/bookings/selections',
      auth: 'Bearer booking-token',
      body: { allocations: useBookingStore.getState().allocations },
    });
    expect(requests[0]!.body).not.toHaveProperty('tour_id');
    expect(useBookingStore.getState().step).toBe('4a');
    expect(usePaymentStore.getState()).toMatchObject({ prePaymentDetails: DETAILS, paymentOption: 'deposit' });
  });

  it('shows no availability, without a toast, when a unit is no longer available', async () => {
    mockBookingApi({ selections: () => jsonResponse({ error: { code: 'SERVICE_FAILURE', message: 'Sold' } }, 409) });
    await submitSelectionsForReview(offered);
    expect(useBookingStore.getState()).toMatchObject({ step: '3a', availability: false, stepLoading: false });
    expect(useAlertStore.getState().alerts).toEqual([]);
  });

  it('stays on the step with the general toast on any other failure', async () => {
    mockBookingApi({ selections: () => jsonResponse({ error: { code: 'INTERNAL', message: 'down' } }, 500) });
    await submitSelectionsForReview(offered);
    expect(useBookingStore.getState()).toMatchObject({ step: '3a', availability: true, stepLoading: false });
    expect(useAlertStore.getState().alerts.map((alert) => alert.message)).toEqual([generalFailure]);
  });
});

describe('step 1 Next on a booking already made', () => {
  const chosen = {
    flights: [{ component_id: 16, passenger_ids: [501, 502] }],
    extras: [{ component_id: 25, passenger_ids: [501] }],
    accommodation: [{ component_id: 20, passenger_ids: [501, 502] }],
  };

  beforeEach(() => {
    seedActiveBooking('4a');
    useBookingStore.setState({ step: '1', furthest: '4a', allocations: chosen, summary: { mainProduct: null, roomChoice: 'Double', flightChoice: { 501: 16 } } });
    usePaymentStore.getState().setPrePaymentDetails(DETAILS);
  });

  it('updates the booking with as many participants, keeping every choice, and goes on to 2a', async () => {
    const renamed = PASSENGERS.map((passenger, index) => (index === 0 ? { ...passenger, given_name: 'Margaret' } : passenger));
    const { requests } = mockBookingApi({ passengers: () => jsonResponse({ data: { booking: createdBooking(renamed).booking, token: null } }) });
    const pending = submitParticipants({ query: QUERY, tour: TOUR, form, queryClient: createQueryClient() });
    // The visitor waits on step 1, Next busy, until the server answers.
    expect(useBookingStore.getState()).toMatchObject({ step: '1', stepLoading: true });
    await pending;

    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['PUT /api/bookings/passengers']);
    const put = requests[0]!;
    expect(put.auth).toBe('Bearer booking-token');
    expect(put.body).toMatchObject({ source: SOURCE });
    expect((put.body as { passengers: { given_name: string }[] }).passengers.map((passenger) => passenger.given_name)).toEqual(['Margaret', 'John']);
    const state = useBookingStore.getState();
    expect(state).toMatchObject({ step: '2a', direction: 'forward', stepLoading: false, furthest: '4a', allocations: chosen });
    expect(state.activeBooking).toMatchObject({ id: 100_042, token: 'booking-token' });
    expect(state.passengers[0]!.given_name).toBe('Margaret');
    expect(usePaymentStore.getState().prePaymentDetails).toEqual(DETAILS);
    expect(window.dataLayer).toEqual([]);
  });

  it('takes the new booking the server made for another number of participants, with choices and figures afresh', async () => {
    const replacement = createdBooking([PASSENGERS[0]!]);
    replacement.booking.id = 100_043;
    replacement.booking.passengers[0]!.id = 601;
    const { requests } = mockBookingApi({
      passengers: () => jsonResponse({ data: { booking: replacement.booking, token: { ...replacement.token, token: 'new-token' } } }),
    });
    usePassengerStore.getState().removeById(usePassengerStore.getState().participants[1]!.id);
    await submitParticipants({ query: QUERY, tour: TOUR, form: { participants: [PARTICIPANTS[0]!], source: SOURCE }, queryClient: createQueryClient() });

    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['PUT /api/bookings/passengers']);
    const state = useBookingStore.getState();
    expect(state.activeBooking).toMatchObject({ id: 100_043, token: 'new-token' });
    expect(state).toMatchObject({ step: '2a', furthest: '2a', passengers: [{ id: 601 }] });
    expect(state.allocations).toEqual({ flights: [], extras: [], accommodation: [] });
    expect(state.summary).toMatchObject({ roomChoice: null, flightChoice: {} });
    expect(usePaymentStore.getState().prePaymentDetails).toBeNull();
    expect(usePassengerStore.getState().participants.map((participant) => participant.id)).toEqual([601]);
  });

  it('stays on step 1 with the general-failure toast when the update fails', async () => {
    mockBookingApi({ passengers: () => jsonResponse({ error: { code: 'CONFLICT', message: 'Paid' } }, 409) });
    await submitParticipants({ query: QUERY, tour: TOUR, form, queryClient: createQueryClient() });
    expect(useBookingStore.getState()).toMatchObject({ step: '1', stepLoading: false, allocations: chosen });
    expect(useAlertStore.getState().alerts.map((alert) => alert.message)).toEqual([generalFailure]);
  });

  it('goes back to review through the tour selection on a day trip', async () => {
    const { requests } = mockBookingApi();
    await submitParticipants({ query: QUERY, tour: DAY_TRIP, form, queryClient: createQueryClient() });
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'PUT /api/bookings/passengers',
      'GET /api/bookings/tour',
      'POST /api/bookings/selection',
    ]);
    expect(useBookingStore.getState()).toMatchObject({ step: '4a', stepLoading: false, historyEntry: 'push' });
  });
});
