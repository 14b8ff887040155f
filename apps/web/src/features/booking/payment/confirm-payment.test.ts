import { ALERTS } from '@tours/domain/messages';
import type { MinorUnits } from '@tours/domain/money';
import { CONFIRMATION_WAIT_MS } from '@tours/domain/timing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../../../lib/alerts.ts';
import { clearPersistedStores } from '../../../lib/storage.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { awaitingConfirmation, usePaymentStore } from '../store/payment-store.ts';
import { resetBookingStores, TOUR } from '../testing/booking-fixtures.ts';
import { mockPaymentApi, seedReview } from '../testing/payment-fixtures.ts';
import {
  confirmPayment,
  confirmRetryDelay,
  forgetRunningConfirmations,
  recordSuccessfulPayment,
  resumeConfirmation,
} from './confirm-payment.ts';
import { CONFIRM_GRACE_MS, holdsUnansweredPayment } from './unanswered-payment.ts';

const CONTEXT = { product: { code: TOUR.code, name: TOUR.name, currency: 'GBP' }, currency: 'GBP' as const, phone: '020 7946 0018' };
const alerts = () => useAlertStore.getState().alerts.map((alert) => alert.message);
const failure = (status: number, code = 'SERVICE_FAILURE') => jsonResponse({ error: { code, message: `Failed with ${status}` } }, status);
const CONFIRMED = { data: { status: 'confirmed', reference: 'MER-123456' } };

beforeEach(() => {
  resetBookingStores();
  window.dataLayer = [];
  seedReview();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => forgetRunningConfirmations());

describe('recording the payment', () => {
  it('records a payment id once: a repeated success message changes nothing', () => {
    expect(recordSuccessfulPayment('pay_1', CONTEXT.product)).toBe(true);
    expect(recordSuccessfulPayment('pay_1', CONTEXT.product)).toBe(false);
    expect(usePaymentStore.getState()).toMatchObject({ checkoutId: 'pay_1', processing: true });
    expect(alerts()).toEqual([ALERTS.paymentSuccessful.message]);
    expect(window.dataLayer?.map((entry) => entry.event)).toEqual(['add_payment_info']);
  });
});

describe('confirming the booking', () => {
  it('sends one confirmation for one payment id, however many callers ask at once or later', async () => {
    const api = mockPaymentApi();
    usePaymentStore.getState().paymentSucceeded('pay_1', null);
    const answers = await Promise.all([confirmPayment('pay_1', CONTEXT), confirmPayment('pay_1', CONTEXT), resumeConfirmation()]);
    expect(answers).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(await confirmPayment('pay_1', CONTEXT)).toBe('skipped');
    expect(api.callsTo('/confirm')).toHaveLength(1);
    expect(api.fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer booking-token' });
    expect(useBookingStore.getState().step).toBe('5a');
  });

  it('backs off 1 s, 2 s, 4 s, 8 s, then every 10 s, without limit', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(confirmRetryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
  });

  it('asks again with the same id after lost answers and server errors, says it is checking, and goes to step 5 on the answer', async () => {
    vi.useFakeTimers();
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => failure(500, 'INTERNAL'),
      () => failure(502),
      () => failure(503),
      () => failure(504),
      () => jsonResponse(CONFIRMED),
    ];
    let attempt = 0;
    const api = mockPaymentApi({ confirm: () => answers[attempt++]!() });
    usePaymentStore.getState().paymentSucceeded('pay_1', 65_100 as MinorUnits);
    const outcome = confirmPayment('pay_1', CONTEXT);

    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo('/confirm')).toHaveLength(1);
    expect(usePaymentStore.getState().confirmation).toBe('sending');
    await vi.advanceTimersByTimeAsync(999);
    expect(api.callsTo('/confirm')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo('/confirm')).toHaveLength(2);
    // Two tries have failed: the page now says the payment is being checked.
    expect(usePaymentStore.getState().confirmation).toBe('checking');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.callsTo('/confirm')).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(api.callsTo('/confirm')).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(api.callsTo('/confirm')).toHaveLength(5);
    // The next try comes at the end of the wait for an answer (20 s), not a full back-off later.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(api.callsTo('/confirm')).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);

    expect(await outcome).toBe('confirmed');
    expect(api.callsTo('/confirm').map((call) => call.body)).toEqual(Array.from({ length: 6 }, () => ({ payment_id: 'pay_1', currency: 'GBP' })));
    // From the second failure on, the page also asked what the server settled by itself: nothing yet.
    expect(api.callsTo('/settlement')).toHaveLength(4);
    expect(usePaymentStore.getState()).toMatchObject({ postPaymentDetails: { status: 'confirmed', reference: 'MER-123456' }, confirmation: null });
    expect(useBookingStore.getState()).toMatchObject({ step: '5a', unconfirmed: false });
    expect(alerts()).toEqual([]);
  });

  it('shows the unconfirmed state only when the server answers unconfirmed', async () => {
    mockPaymentApi({ confirm: () => jsonResponse({ data: { status: 'unconfirmed', reference: '100042' } }) });
    usePaymentStore.getState().paymentSucceeded('pay_1', null);
    expect(await confirmPayment('pay_1', CONTEXT)).toBe('unconfirmed');
    expect(useBookingStore.getState()).toMatchObject({ unconfirmed: true, tokenTimeout: 90 });
    expect(alerts()).toEqual([ALERTS.unableToConfirm('020 7946 0018').message]);
  });

  it('a 400 refusal is not repeated: the alert, the payment id forgotten, and the visitor may pay again', async () => {
    const api = mockPaymentApi({ confirm: () => failure(400, 'VALIDATION_FAILED') });
    usePaymentStore.getState().paymentSucceeded('pay_1', 65_100 as MinorUnits);
    expect(await confirmPayment('pay_1', CONTEXT)).toBe('refused');
    expect(api.callsTo('/confirm')).toHaveLength(1);
    expect(alerts()).toEqual([ALERTS.unableToConfirm('020 7946 0018').message]);
    expect(usePaymentStore.getState()).toMatchObject({ checkoutId: null, amountPaid: null, processing: false, confirmation: null });
    expect(useBookingStore.getState()).toMatchObject({ unconfirmed: false, step: '4a', tokenTimeout: 3600 });
  });

  it.each([
    ['the booking token is past its grace', 401, 'UNAUTHORIZED'],
    ['an answer the page cannot act on', 404, 'NOT_FOUND'],
  ])('stops asking by itself when %s, keeping the payment id for a retry', async (_, status, code) => {
    const api = mockPaymentApi({ confirm: () => failure(status, code) });
    usePaymentStore.getState().paymentSucceeded('pay_1', 65_100 as MinorUnits);
    expect(await confirmPayment('pay_1', CONTEXT)).toBe('stalled');
    expect(api.callsTo('/confirm')).toHaveLength(1);
    expect(alerts()).toEqual([ALERTS.unableToConfirm('020 7946 0018').message]);
    expect(usePaymentStore.getState()).toMatchObject({ checkoutId: 'pay_1', confirmation: 'stalled', processing: false });
    expect(awaitingConfirmation(usePaymentStore.getState())).toBe(true);
    expect(useBookingStore.getState().unconfirmed).toBe(false);
  });

  it('stops asking once the booking is let go (a logout)', async () => {
    vi.useFakeTimers();
    const api = mockPaymentApi({ confirm: () => failure(503) });
    usePaymentStore.getState().paymentSucceeded('pay_1', null);
    const outcome = confirmPayment('pay_1', CONTEXT);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(api.callsTo('/confirm')).toHaveLength(3);
    clearPersistedStores();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await outcome).toBe('skipped');
    expect(api.callsTo('/confirm')).toHaveLength(3);
  });

  it('shows the availability-error screen when a booking with nothing to pay has lost its places', async () => {
    mockPaymentApi({ confirm: () => failure(409) });
    expect(await confirmPayment(null, CONTEXT)).toBe('unavailable');
    expect(useBookingStore.getState()).toMatchObject({ availability: false, unconfirmed: false });
    expect(usePaymentStore.getState()).toMatchObject({ confirmation: null, processing: false });
  });

  it('confirms a booking with nothing to pay without a payment id', async () => {
    const api = mockPaymentApi();
    expect(await confirmPayment(null, CONTEXT)).toBe('confirmed');
    expect(api.callsTo('/confirm').map((call) => call.body)).toEqual([{ currency: 'GBP' }]);
    expect(useBookingStore.getState().step).toBe('5a');
    expect(window.dataLayer?.map((entry) => entry.event)).toEqual(['purchase']);
    expect(alerts()).toEqual([]);
  });
});

describe('a confirmation that goes unanswered', () => {
  const PHONE = '020 7946 0018';
  const SETTLED = { data: { outcome: { status: 'confirmed', reference: 'MER-654321', booking_status: 'Confirmed' } } };
  const PENDING = { data: { outcome: null } };

  it('learns from the booking that the server confirmed the payment by itself, and goes to step 5', async () => {
    vi.useFakeTimers();
    let settled = false;
    const api = mockPaymentApi({ confirm: () => failure(503), settlement: () => jsonResponse(settled ? SETTLED : PENDING) });
    usePaymentStore.getState().paymentSucceeded('pay_1', 65_100 as MinorUnits);
    const outcome = confirmPayment('pay_1', CONTEXT);
    // One failure is asked again as it is; from the second on, the booking is read as well.
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo('/settlement')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.callsTo('/settlement')).toHaveLength(1);
    settled = true;
    await vi.advanceTimersByTimeAsync(2_000);

    expect(await outcome).toBe('confirmed');
    expect(api.callsTo('/confirm')).toHaveLength(3);
    expect(api.fetchMock.mock.calls.at(-1)![1]?.headers).toMatchObject({ Authorization: 'Bearer booking-token' });
    expect(usePaymentStore.getState().postPaymentDetails).toEqual(SETTLED.data.outcome);
    expect(useBookingStore.getState()).toMatchObject({ step: '5a', unconfirmed: false });
    expect(window.dataLayer?.at(-1)).toMatchObject({ event: 'purchase', reference: 'MER-654321' });
    expect(alerts()).toEqual([]);
  });

  it('shows the unconfirmed screen and the toast after 20 s without an answer, keeps asking, and moves to step 5 when the server confirms', async () => {
    vi.useFakeTimers();
    let settled = false;
    const api = mockPaymentApi({ confirm: () => failure(503), settlement: () => jsonResponse(settled ? SETTLED : PENDING) });
    usePaymentStore.getState().paymentSucceeded('pay_1', 65_100 as MinorUnits);
    const outcome = confirmPayment('pay_1', CONTEXT);

    await vi.advanceTimersByTimeAsync(CONFIRMATION_WAIT_MS - 1);
    expect(useBookingStore.getState().unconfirmed).toBe(false);
    expect(alerts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(useBookingStore.getState()).toMatchObject({ unconfirmed: true, step: '4a', tokenTimeout: 90 });
    expect(useBookingStore.getState().activeBooking?.expiresAt).toBe(Date.now() + 90_000);
    expect(alerts()).toEqual([ALERTS.unableToConfirm(PHONE).message]);
    // Still waiting for the answer: the payment id is kept.
    expect(awaitingConfirmation(usePaymentStore.getState())).toBe(true);

    // Every 10 s it asks again; the server confirms the booking meanwhile.
    const calls = api.callsTo('/confirm').length;
    await vi.advanceTimersByTimeAsync(9_999);
    expect(api.callsTo('/confirm')).toHaveLength(calls);
    settled = true;
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('confirmed');
    expect(useBookingStore.getState()).toMatchObject({ step: '5a', unconfirmed: false, tokenTimeout: 90 });
    expect(usePaymentStore.getState().postPaymentDetails).toEqual(SETTLED.data.outcome);
  });

  it('lets the booking go as unconfirmed when nothing answers through the unconfirmed session', async () => {
    vi.useFakeTimers();
    const api = mockPaymentApi({ confirm: () => failure(503) });
    usePaymentStore.getState().paymentSucceeded('pay_1', 65_100 as MinorUnits);
    const outcome = confirmPayment('pay_1', CONTEXT);
    await vi.advanceTimersByTimeAsync(CONFIRMATION_WAIT_MS);
    expect(alerts()).toEqual([ALERTS.unableToConfirm(PHONE).message]);
    const sessionEnd = useBookingStore.getState().activeBooking!.expiresAt;
    await vi.advanceTimersByTimeAsync(sessionEnd - Date.now() - 1);
    expect(awaitingConfirmation(usePaymentStore.getState())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);

    expect(await outcome).toBe('unanswered');
    expect(usePaymentStore.getState().postPaymentDetails).toEqual({ status: 'unconfirmed', reference: '100042' });
    expect(awaitingConfirmation(usePaymentStore.getState())).toBe(false);
    expect(useBookingStore.getState().unconfirmed).toBe(true);
    const calls = api.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls).toHaveLength(calls);
  });

  it('asks at once on a page reloaded on the unconfirmed screen, without saying it twice', async () => {
    vi.useFakeTimers();
    let settled = false;
    const api = mockPaymentApi({ confirm: () => failure(503), settlement: () => jsonResponse(settled ? SETTLED : PENDING) });
    useBookingStore.getState().bookingUnconfirmed();
    usePaymentStore.setState({ checkoutId: 'pay_9', amountPaid: 65_100 as MinorUnits });
    const outcome = resumeConfirmation();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.callsTo('/confirm')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.callsTo('/confirm')).toHaveLength(2);
    settled = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await outcome).toBe('confirmed');
    expect(useBookingStore.getState()).toMatchObject({ step: '5a', unconfirmed: false });
    expect(alerts()).toEqual([]);
  });

  it('never shows a booking with nothing to pay as paid but unconfirmed: it only asks again', async () => {
    vi.useFakeTimers();
    const api = mockPaymentApi({ confirm: () => failure(503) });
    const outcome = confirmPayment(null, CONTEXT);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(useBookingStore.getState().unconfirmed).toBe(false);
    expect(api.callsTo('/settlement')).toEqual([]);
    expect(alerts()).toEqual([]);
    forgetRunningConfirmations();
    expect(await outcome).toBe('skipped');
  });
});

describe('a payment awaiting its answer', () => {
  it('is held until the server answers, within the day its token is still taken for confirmation', () => {
    expect(holdsUnansweredPayment()).toBe(false);
    usePaymentStore.getState().paymentSucceeded('pay_1', null);
    const expiresAt = useBookingStore.getState().activeBooking!.expiresAt;
    expect(holdsUnansweredPayment(expiresAt + 1)).toBe(true);
    expect(holdsUnansweredPayment(expiresAt + CONFIRM_GRACE_MS - 1)).toBe(true);
    expect(holdsUnansweredPayment(expiresAt + CONFIRM_GRACE_MS)).toBe(false);
    usePaymentStore.getState().confirmationAnswered({ status: 'confirmed', reference: 'MER-123456' });
    expect(holdsUnansweredPayment()).toBe(false);
  });

  it('is confirmed again from what the stores kept', async () => {
    const api = mockPaymentApi();
    usePaymentStore.setState({ checkoutId: 'pay_9' });
    expect(await resumeConfirmation()).toBe('confirmed');
    expect(api.callsTo('/confirm').map((call) => call.body)).toEqual([{ payment_id: 'pay_9', currency: 'GBP' }]);
    expect(window.dataLayer?.at(-1)).toMatchObject({ event: 'purchase', tour_code: 'MHW-VIE', reference: 'MER-480153' });
  });
});
