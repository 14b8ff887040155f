import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearPersistedStores, STORAGE_KEYS } from '../../../lib/storage.ts';
import { useBookingInProgress } from '../booking-status.ts';
import { createdBooking, DETAILS, QUERY, resetBookingStores, TOUR } from '../testing/booking-fixtures.ts';
import { usePassengerStore } from './passenger-store.ts';
import { bookingSessionStatus, bookingStateSchema, useBookingStore } from './booking-store.ts';
import { usePaymentStore } from './payment-store.ts';
import { productMatches, useProductStore } from './product-store.ts';

const stored = (entry: { area: 'session' | 'local'; key: string }) => {
  const storage = entry.area === 'session' ? window.sessionStorage : window.localStorage;
  const raw = storage.getItem(entry.key);
  return raw ? (JSON.parse(raw) as { state: Record<string, unknown> }).state : null;
};

beforeEach(() => {
  resetBookingStores();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('booking store', () => {
  it('lives in session storage, without the step loader', () => {
    useBookingStore.getState().restart(QUERY);
    useBookingStore.getState().goToStep('2a', 'forward');
    useBookingStore.getState().setStepLoading(true);
    const state = stored(STORAGE_KEYS.booking);
    expect(STORAGE_KEYS.booking.area).toBe('session');
    expect(state).toMatchObject({ origin: QUERY, step: '2a', direction: 'forward', availability: true });
    expect(state).not.toHaveProperty('stepLoading');
    expect(window.localStorage.getItem(STORAGE_KEYS.booking.key)).toBeNull();
  });

  it('keeps the booking with its token expiring after the token time-out, and the passengers by id', () => {
    const now = Date.parse('2027-01-10T10:00:00Z');
    useBookingStore.getState().bookingCreated(createdBooking(), now);
    const { activeBooking, passengers, tokenTimeout } = useBookingStore.getState();
    expect(activeBooking).toEqual({ id: 100_042, token: 'booking-token', expiresAt: now + 3_600_000 });
    expect(tokenTimeout).toBe(3600);
    expect(passengers.map((passenger) => passenger.id)).toEqual([501, 502]);
    expect(bookingSessionStatus(useBookingStore.getState(), now + 3_599_000)).toBe('Active Session');
    expect(bookingSessionStatus(useBookingStore.getState(), now + 3_600_000)).toBe('Inactive Session');
    expect(bookingSessionStatus({ activeBooking: null }, now)).toBe('Inactive Session');
  });

  it('restores each stored key on its own: a bad key falls back alone', async () => {
    window.sessionStorage.setItem(
      STORAGE_KEYS.booking.key,
      JSON.stringify({
        version: 0,
        state: {
          origin: QUERY,
          step: '9z',
          activeBooking: { id: 'x', token: '' },
          allocations: { flights: [{ component_id: 16, passenger_ids: [501] }], extras: [], accommodation: [] },
          summary: { mainProduct: { id: 7, name: 'Vienna' }, roomChoice: 'Double', flightChoice: { 501: 16, 502: 'own_arrangements' } },
          stepLoading: true,
        },
      }),
    );
    await useBookingStore.persist.rehydrate();
    const state = useBookingStore.getState();
    expect(state.step).toBe('1');
    expect(state.activeBooking).toBeNull();
    expect(state.stepLoading).toBe(false);
    expect(state.origin).toEqual(QUERY);
    expect(state.allocations.flights).toEqual([{ component_id: 16, passenger_ids: [501] }]);
    expect(state.summary.flightChoice).toEqual({ 501: 16, 502: 'own_arrangements' });
  });

  it('refuses a flight choice that is neither a component nor own arrangements', () => {
    expect(bookingStateSchema.shape.summary.safeParse({ mainProduct: null, roomChoice: null, flightChoice: { 501: 'first class' } }).success).toBe(false);
  });

  it('allocates mandatory flights to everyone, and a choice replaces the passenger’s earlier one', async () => {
    const { FLIGHTS } = await import('../testing/booking-fixtures.ts');
    useBookingStore.getState().bookingCreated(createdBooking());
    const store = useBookingStore.getState();
    store.allocateMandatoryFlights(FLIGHTS);
    store.chooseFlight(FLIGHTS, 501, 16);
    useBookingStore.getState().chooseFlight(FLIGHTS, 501, 'own_arrangements');
    useBookingStore.getState().chooseFlight(FLIGHTS, 502, 16);
    expect(useBookingStore.getState().allocations.flights).toEqual([
      { component_id: 15, passenger_ids: [501, 502] },
      { component_id: 16, passenger_ids: [502] },
    ]);
    expect(useBookingStore.getState().summary.flightChoice).toEqual({ 501: 'own_arrangements', 502: 16 });
  });

  it('restart clears everything of the earlier booking', () => {
    useBookingStore.getState().bookingCreated(createdBooking());
    useBookingStore.setState({ step: '3a', availability: false });
    useBookingStore.getState().restart({ ...QUERY, currency: 'USD' });
    const state = useBookingStore.getState();
    expect(state).toMatchObject({ step: '1', availability: true, activeBooking: null, passengers: [], origin: { currency: 'USD' } });
  });
});

describe('payment store', () => {
  it('lives in session storage and pays a deposit by default', () => {
    usePaymentStore.getState().setPrePaymentDetails(DETAILS);
    expect(STORAGE_KEYS.payment.area).toBe('session');
    expect(stored(STORAGE_KEYS.payment)).toMatchObject({ prePaymentDetails: DETAILS, paymentOption: 'deposit' });
    expect(stored(STORAGE_KEYS.payment)).not.toHaveProperty('processing');
  });

  it("switches to 'full' when the deposit is 0", () => {
    usePaymentStore.getState().setPrePaymentDetails({ ...DETAILS, deposit: { ...DETAILS.deposit, value: 0 as never } });
    expect(usePaymentStore.getState().paymentOption).toBe('full');
  });

  it('drops stored details that break the contract', async () => {
    window.sessionStorage.setItem(
      STORAGE_KEYS.payment.key,
      JSON.stringify({ version: 0, state: { prePaymentDetails: { total_price: { value: 1.5 } }, paymentOption: 'full' } }),
    );
    await usePaymentStore.persist.rehydrate();
    expect(usePaymentStore.getState().prePaymentDetails).toBeNull();
    expect(usePaymentStore.getState().paymentOption).toBe('full');
  });
});

describe('product store', () => {
  it('lives in local storage and answers only the departure and currency it was looked up for', () => {
    useProductStore.getState().setProduct(TOUR, 'GBP');
    expect(STORAGE_KEYS.product.area).toBe('local');
    expect(stored(STORAGE_KEYS.product)).toMatchObject({ tour: { code: 'MHW-VIE' }, currency: 'GBP' });
    const product = useProductStore.getState();
    expect(productMatches(product, QUERY)).toBe(true);
    expect(productMatches(product, { ...QUERY, currency: 'USD' })).toBe(false);
    expect(productMatches(product, { ...QUERY, departure: '2027-03-05' })).toBe(false);
    expect(productMatches(product, { ...QUERY, tour: 'TSG-SIC' })).toBe(false);
  });
});

describe('the booking in progress, for the rest of the site', () => {
  it('is in progress while the session is active', () => {
    const { result, rerender } = renderHook(() => useBookingInProgress());
    expect(result.current).toBe(false);
    useBookingStore.getState().bookingCreated(createdBooking());
    rerender();
    expect(result.current).toBe(true);
  });

  it('logout clears the booking, payment, product and passenger stores, in memory and in storage', () => {
    useBookingStore.getState().bookingCreated(createdBooking());
    usePaymentStore.getState().setPrePaymentDetails(DETAILS);
    useProductStore.getState().setProduct(TOUR, 'GBP');
    usePassengerStore.getState().addSecond();
    clearPersistedStores();
    expect(useBookingStore.getState().activeBooking).toBeNull();
    expect(usePaymentStore.getState().prePaymentDetails).toBeNull();
    expect(useProductStore.getState().tour).toBeNull();
    expect(usePassengerStore.getState().count).toBe(1);
    for (const entry of [STORAGE_KEYS.booking, STORAGE_KEYS.payment, STORAGE_KEYS.product, STORAGE_KEYS.passengers]) expect(stored(entry)).toBeNull();
    // Nothing comes back with the stores' next change.
    useBookingStore.getState().goToStep('1', 'forward');
    expect(stored(STORAGE_KEYS.booking)).toMatchObject({ activeBooking: null });
  });
});
