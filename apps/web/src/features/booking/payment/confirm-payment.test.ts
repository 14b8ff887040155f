import { ALERTS } from '@tours/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../../../lib/alerts.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import { resetBookingStores, TOUR } from '../testing/booking-fixtures.ts';
import { mockPaymentApi, seedReview } from '../testing/payment-fixtures.ts';
import { confirmPayment, forgetRunningConfirmations, recordSuccessfulPayment } from './confirm-payment.ts';

const CONTEXT = { product: { code: TOUR.code, name: TOUR.name, currency: 'GBP' }, currency: 'GBP' as const, phone: '020 7946 0018' };
const alerts = () => useAlertStore.getState().alerts.map((alert) => alert.message);

beforeEach(() => {
  resetBookingStores();
  forgetRunningConfirmations();
  window.dataLayer = [];
  seedReview();
});

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
    const answers = await Promise.all([confirmPayment('pay_1', CONTEXT), confirmPayment('pay_1', CONTEXT)]);
    expect(answers).toEqual(['confirmed', 'confirmed']);
    expect(await confirmPayment('pay_1', CONTEXT)).toBe('skipped');
    expect(api.callsTo('/confirm')).toHaveLength(1);
    expect(api.fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer booking-token' });
    expect(useBookingStore.getState().step).toBe('5a');
  });

  it('asks again when the answer was lost, since the money has been taken', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const api = mockPaymentApi({
      confirm: () => {
        attempts += 1;
        return attempts < 3 ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse({ data: { status: 'confirmed', reference: 'MER-123456' } });
      },
    });
    usePaymentStore.getState().paymentSucceeded('pay_1', null);
    const outcome = confirmPayment('pay_1', CONTEXT);
    await vi.advanceTimersByTimeAsync(999);
    expect(api.callsTo('/confirm')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo('/confirm')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await outcome).toBe('confirmed');
    expect(usePaymentStore.getState().postPaymentDetails).toEqual({ status: 'confirmed', reference: 'MER-123456' });
  });

  it('a refusal is not repeated: the booking is unconfirmed, with the alert and 90 s left', async () => {
    const api = mockPaymentApi({ confirm: () => jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'Not this booking' } }, 400) });
    usePaymentStore.getState().paymentSucceeded('pay_1', null);
    const before = Date.now();
    expect(await confirmPayment('pay_1', CONTEXT)).toBe('unconfirmed');
    expect(api.callsTo('/confirm')).toHaveLength(1);
    expect(alerts()).toEqual([ALERTS.unableToConfirm('020 7946 0018').message]);
    const booking = useBookingStore.getState();
    expect(booking).toMatchObject({ unconfirmed: true, tokenTimeout: 90 });
    expect(booking.activeBooking!.expiresAt).toBeGreaterThanOrEqual(before + 90_000);
    expect(booking.activeBooking!.expiresAt).toBeLessThanOrEqual(Date.now() + 90_000);
    expect(usePaymentStore.getState().processing).toBe(false);
  });
});
