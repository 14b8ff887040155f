import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBookingStore } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import { resetBookingStores } from '../testing/booking-fixtures.ts';
import { mockPaymentApi, seedReview } from '../testing/payment-fixtures.ts';

beforeEach(() => {
  resetBookingStores();
  window.dataLayer = [];
  seedReview();
  usePaymentStore.getState().paymentSucceeded('pay_7', null);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.doUnmock('./confirm-payment.ts');
  vi.resetModules();
});

describe('resuming a confirmation with its code loaded on demand', () => {
  it('loads the confirmation code and confirms the payment the stores kept', async () => {
    const api = mockPaymentApi();
    const { resumeConfirmationOnDemand } = await import('./resume-confirmation.ts');
    expect(await resumeConfirmationOnDemand()).toBe('confirmed');
    expect(api.callsTo('/confirm').map((call) => call.body)).toEqual([{ payment_id: 'pay_7', currency: 'GBP' }]);
    expect(useBookingStore.getState().step).toBe('5a');
  });

  it("says it could not confirm when the code does not arrive, keeping the payment id for 'Check again'", async () => {
    const api = mockPaymentApi();
    vi.resetModules();
    vi.doMock('./confirm-payment.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    // The stores as this fresh module graph sees them.
    const { usePaymentStore: payments } = await import('../store/payment-store.ts');
    payments.setState({ checkoutId: 'pay_7' });
    const { resumeConfirmationOnDemand } = await import('./resume-confirmation.ts');
    expect(await resumeConfirmationOnDemand()).toBe('stalled');
    expect(payments.getState()).toMatchObject({ confirmation: 'stalled', checkoutId: 'pay_7' });
    expect(api.callsTo('/confirm')).toEqual([]);
  });
});
