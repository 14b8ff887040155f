import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useBookingStore } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import { DETAILS, QUERY, resetBookingStores, seedActiveBooking } from '../testing/booking-fixtures.ts';
import { useBookingSession } from './use-booking-session.ts';

beforeEach(() => resetBookingStores());

describe('booking session', () => {
  it('resumes an active booking for the same query where the visitor was', () => {
    seedActiveBooking('3a');
    usePaymentStore.getState().setPrePaymentDetails(DETAILS);
    const { result } = renderHook(() => useBookingSession(QUERY));
    expect(result.current.ready).toBe(true);
    expect(result.current.timedOut).toBe(false);
    expect(useBookingStore.getState().step).toBe('3a');
    expect(usePaymentStore.getState().prePaymentDetails).toEqual(DETAILS);
  });

  it("restarts from the query when the session is 'Inactive Session', clearing booking and payment", () => {
    seedActiveBooking('3a');
    useBookingStore.setState((state) => ({ activeBooking: { ...state.activeBooking!, expiresAt: Date.now() - 1 } }));
    usePaymentStore.getState().setPrePaymentDetails(DETAILS);
    const { result } = renderHook(() => useBookingSession(QUERY));
    expect(result.current.timedOut).toBe(true);
    expect(useBookingStore.getState()).toMatchObject({ step: '1', activeBooking: null, origin: QUERY });
    expect(usePaymentStore.getState().prePaymentDetails).toBeNull();
  });

  it('restarts for another tour, date or currency in the URL', () => {
    seedActiveBooking('2b');
    renderHook(() => useBookingSession({ ...QUERY, currency: 'AUD' }));
    expect(useBookingStore.getState()).toMatchObject({ step: '1', activeBooking: null, origin: { ...QUERY, currency: 'AUD' } });
  });

  it('restarts the moment the token lapses while the page is open', () => {
    vi.useFakeTimers();
    seedActiveBooking('2a');
    useBookingStore.setState((state) => ({ activeBooking: { ...state.activeBooking!, expiresAt: Date.now() + 60_000 } }));
    const { result } = renderHook(() => useBookingSession(QUERY));
    expect(useBookingStore.getState().step).toBe('2a');
    act(() => vi.advanceTimersByTime(60_000));
    expect(useBookingStore.getState()).toMatchObject({ step: '1', activeBooking: null });
    expect(result.current.timedOut).toBe(true);
  });

  it('Retry starts afresh from the query', () => {
    seedActiveBooking('3a');
    useBookingStore.getState().setAvailability(false);
    const { result } = renderHook(() => useBookingSession(QUERY));
    act(() => result.current.restart());
    expect(useBookingStore.getState()).toMatchObject({ step: '1', availability: true, activeBooking: null });
  });

  it("saves the booking's URL for Home's 'Continue with your last booking'", () => {
    window.sessionStorage.setItem('tours.account-session', JSON.stringify({ version: 0, state: { bookingTab: 2 } }));
    renderHook(() => useBookingSession(QUERY));
    // The account session's persisted envelope, as Home's saved-booking reader finds it.
    expect(JSON.parse(window.sessionStorage.getItem('tours.account-session')!)).toEqual({
      version: 0,
      state: { bookingTab: 2, bookingURL: '/book?tour=MHW-VIE&departure=2027-03-04&currency=GBP' },
    });
  });
});
