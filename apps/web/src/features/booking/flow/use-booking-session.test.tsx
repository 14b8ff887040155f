import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_GRACE_MS } from '../payment/unanswered-payment.ts';
import { useAccountSession } from '../../../lib/auth/account-session.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { usePassengerStore } from '../store/passenger-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import { DETAILS, QUERY, resetBookingStores, seedActiveBooking } from '../testing/booking-fixtures.ts';
import { mockPaymentApi } from '../testing/payment-fixtures.ts';
import { useBookingSession } from './use-booking-session.ts';

/** The card was charged and the confirmation's answer has not come: a booking at 4a holding the provider's payment id. */
function seedPaidBooking(expiresIn: number) {
  seedActiveBooking('4a');
  useBookingStore.setState((state) => ({ activeBooking: { ...state.activeBooking!, expiresAt: Date.now() + expiresIn } }));
  usePaymentStore.getState().setPrePaymentDetails(DETAILS);
  usePaymentStore.getState().paymentSucceeded('pay_1', DETAILS.deposit.value);
}

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
    renderHook(() => useBookingSession(QUERY));
    // The account session's persisted envelope (session storage), as Home's saved-booking reader finds it.
    const stored = JSON.parse(window.sessionStorage.getItem('tours.account-session')!) as { version: number; state: Record<string, unknown> };
    expect(stored.state).toMatchObject({ bookingURL: '/book?tour=MHW-VIE&departure=2027-03-04&currency=GBP', isAuth: false, bookingTab: 0 });
  });
});

describe('a payment awaiting its confirmation', () => {
  it("is kept and its confirmation resumed when the tab is reopened after the session went 'Inactive Session'", async () => {
    const api = mockPaymentApi({ confirm: () => new Promise<Response>(() => undefined) });
    seedPaidBooking(-60_000);
    const { result } = renderHook(() => useBookingSession(QUERY));
    expect(result.current).toMatchObject({ ready: true, timedOut: false, paidBookingPath: null });
    expect(useBookingStore.getState()).toMatchObject({ step: '4a', activeBooking: { id: 100_042 } });
    expect(usePaymentStore.getState()).toMatchObject({ checkoutId: 'pay_1', prePaymentDetails: DETAILS });
    await vi.waitFor(() => expect(api.callsTo('/confirm').map((call) => call.body)).toEqual([{ payment_id: 'pay_1', currency: 'GBP' }]));
  });

  it('is not restarted for another booking in the URL: the visitor is taken back to the paid one', () => {
    mockPaymentApi({ confirm: () => new Promise<Response>(() => undefined) });
    seedPaidBooking(60_000);
    const { result } = renderHook(() => useBookingSession({ ...QUERY, tour: 'TSG-SIC' }));
    expect(result.current.paidBookingPath).toBe('/book?tour=MHW-VIE&departure=2027-03-04&currency=GBP');
    expect(useBookingStore.getState()).toMatchObject({ origin: QUERY, activeBooking: { id: 100_042 } });
    expect(usePaymentStore.getState().checkoutId).toBe('pay_1');
  });

  it('outlives the token lapsing while the page is open, and the session ends 90 s after the answer', async () => {
    vi.useFakeTimers();
    // Every confirmation asked is kept: the page asks again while no answer comes (each try waits its turn on the clock),
    // and which try is the one still listening depends on how the promise hops fell, so every pending one is answered.
    const pending: ((response: Response) => void)[] = [];
    mockPaymentApi({ confirm: () => new Promise<Response>((resolve) => pending.push(resolve)) });
    seedPaidBooking(30_000);
    const { result } = renderHook(() => useBookingSession(QUERY));
    await act(async () => void (await vi.advanceTimersByTimeAsync(120_000)));
    expect(useBookingStore.getState().activeBooking).not.toBeNull();
    expect(usePaymentStore.getState().checkoutId).toBe('pay_1');
    act(() => result.current.restart());
    expect(usePaymentStore.getState().checkoutId).toBe('pay_1');

    const confirmed = () => new Response(JSON.stringify({ data: { status: 'confirmed', reference: 'MER-480153' } }), { headers: { 'Content-Type': 'application/json' } });
    // The server confirms: whichever try is listening gets the answer, read through a few promise hops (and a module loaded on first use).
    await act(() =>
      vi.waitFor(
        () => {
          while (pending.length > 0) pending.shift()!(confirmed());
          expect(useBookingStore.getState()).toMatchObject({ step: '5a', tokenTimeout: 90 });
        },
        { timeout: 5_000 },
      ),
    );
    await act(async () => void (await vi.advanceTimersByTimeAsync(90_000)));
    expect(useBookingStore.getState().activeBooking).toBeNull();
  });

  it('is let go once the server no longer takes its confirmation (a day after the token lapsed)', () => {
    seedPaidBooking(-CONFIRM_GRACE_MS - 1);
    renderHook(() => useBookingSession(QUERY));
    expect(useBookingStore.getState()).toMatchObject({ step: '1', activeBooking: null });
    expect(usePaymentStore.getState().checkoutId).toBeNull();
  });
});

describe('a booking bought in this tab (issue 25)', () => {
  /** Bought 90 s ago and let go, as the confirmation page lets it go (endPurchasedBooking). */
  function boughtAndEnded() {
    seedActiveBooking('4a');
    usePassengerStore.getState().updateParticipant(0, { given_name: 'Margaret' });
    useBookingStore.getState().purchaseCompleted(Date.now(), 'MER-123456');
    useBookingStore.getState().restart(null);
    usePaymentStore.getState().reset();
  }

  it('is shown as bought when the browser comes back to one of its steps, and nothing restarts', () => {
    boughtAndEnded();
    const { result } = renderHook(() => useBookingSession(QUERY, true));
    expect(result.current.finished).toMatchObject({ origin: QUERY, reference: 'MER-123456' });
    expect(useBookingStore.getState()).toMatchObject({ origin: null, activeBooking: null });
    expect(useAccountSession.getState().bookingURL).toBeNull();
  });

  it('a link to the departure without a step is a new booking, with empty participants and the last travellers offered', () => {
    boughtAndEnded();
    const { result } = renderHook(() => useBookingSession(QUERY, false));
    expect(result.current.finished).toBeNull();
    expect(useBookingStore.getState()).toMatchObject({ origin: QUERY, step: '1', finished: null });
    expect(usePassengerStore.getState().participants[0]?.given_name).toBe('');
    expect(usePassengerStore.getState().previous?.[0]?.given_name).toBe('Margaret');
  });

  it("'Book this tour again' starts a new booking of the departure", () => {
    boughtAndEnded();
    const { result } = renderHook(() => useBookingSession(QUERY, true));
    act(() => result.current.bookAgain());
    expect(result.current.finished).toBeNull();
    expect(useBookingStore.getState()).toMatchObject({ origin: QUERY, step: '1', activeBooking: null, finished: null });
  });
});
