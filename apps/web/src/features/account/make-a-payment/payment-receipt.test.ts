import { ALERTS } from '@tours/domain/messages';
import type { MinorUnits } from '@tours/domain/money';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPersistedStores } from '../../../lib/storage.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { resetAccountPayment, useAccountPaymentStore } from './account-payment-store.ts';
import { forgetRunningReceipts, RECEIPT_MAX_FAILURES, sendReceipt } from './payment-receipt.ts';
import { alerts, mockAccountPaymentApi, signInCustomer } from './testing.tsx';

const RECEIPT = { booking_id: 100042, payment_id: 'pay_1', currency: 'USD' as const, amount: 12_000 as MinorUnits };
const GENERAL = ALERTS.generalFailure('020 7946 0018').message;
const failure = (status: number, code = 'SERVICE_FAILURE') => jsonResponse({ error: { code, message: `Failed with ${status}` } }, status);

beforeEach(() => {
  resetAccountPayment();
  forgetRunningReceipts();
  signInCustomer();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  useAccountPaymentStore.getState().paymentTaken(RECEIPT);
});

afterEach(() => forgetRunningReceipts());

describe('the payment receipt', () => {
  it('is sent once for one payment however many callers ask at once, in the booking currency', async () => {
    const api = mockAccountPaymentApi();
    const answers = await Promise.all([sendReceipt(RECEIPT), sendReceipt(RECEIPT)]);
    expect(answers).toEqual([
      { outcome: 'recorded', id: 77 },
      { outcome: 'recorded', id: 77 },
    ]);
    expect(api.receiptCalls().map((call) => `${call.method} ${call.path}${call.search}`)).toEqual(['PUT /api/account/bookings/100042/payments/pay_1?currency=USD']);
    expect(await sendReceipt(RECEIPT)).toEqual({ outcome: 'skipped' });
    expect(alerts()).toEqual(['Payment Successful (ID 77)']);
    expect(useAccountPaymentStore.getState()).toMatchObject({ pendingReceipt: null, receiptPhase: null, processing: false });
  });

  it('asks again after lost answers with back-off (1 s, 2 s, 4 s…), quietly, saying it is checking from the second failure', async () => {
    vi.useFakeTimers();
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => failure(502),
      () => failure(503),
      () => jsonResponse({ data: { id: 90 } }),
    ];
    let attempt = 0;
    const api = mockAccountPaymentApi({ receipt: () => answers[attempt++]!() });
    const outcome = sendReceipt(RECEIPT);
    await vi.advanceTimersByTimeAsync(0);
    expect(useAccountPaymentStore.getState().receiptPhase).toBe('sending');
    await vi.advanceTimersByTimeAsync(999);
    expect(api.receiptCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.receiptCalls()).toHaveLength(2);
    expect(useAccountPaymentStore.getState().receiptPhase).toBe('checking');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.receiptCalls()).toHaveLength(3);
    expect(alerts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await outcome).toEqual({ outcome: 'recorded', id: 90 });
    expect(api.receiptCalls().map((call) => call.body)).toEqual(Array.from({ length: 4 }, () => ({ payment_method_id: 'pay_1' })));
    expect(alerts()).toEqual(['Payment Successful (ID 90)']);
  });

  it('stops asking after too many lost answers: the general alert, the receipt kept for another try', async () => {
    vi.useFakeTimers();
    const api = mockAccountPaymentApi({ receipt: () => failure(503) });
    const outcome = sendReceipt(RECEIPT);
    // 1 + 2 + 4 + 8 + 10 + 10 + 10 s between the eight tries.
    await vi.advanceTimersByTimeAsync(44_999);
    expect(api.receiptCalls()).toHaveLength(RECEIPT_MAX_FAILURES - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual({ outcome: 'stalled' });
    expect(api.receiptCalls()).toHaveLength(RECEIPT_MAX_FAILURES);
    expect(alerts()).toEqual([GENERAL]);
    expect(useAccountPaymentStore.getState()).toMatchObject({ pendingReceipt: RECEIPT, receiptPhase: 'stalled', processing: false });
  });

  it.each([401, 404])('stops at once on a %i, with the general alert, keeping the receipt', async (status) => {
    const api = mockAccountPaymentApi({ receipt: () => failure(status, status === 401 ? 'UNAUTHORIZED' : 'BOOKING_NOT_FOUND') });
    expect(await sendReceipt(RECEIPT)).toEqual({ outcome: 'stalled' });
    expect(api.receiptCalls()).toHaveLength(1);
    expect(alerts()).toEqual([GENERAL]);
    expect(useAccountPaymentStore.getState().pendingReceipt).toEqual(RECEIPT);
  });

  it('a refusal (400) raises the general alert and forgets the receipt: asking again would be refused again', async () => {
    const api = mockAccountPaymentApi({ receipt: () => failure(400, 'VALIDATION_FAILED') });
    expect(await sendReceipt(RECEIPT)).toEqual({ outcome: 'refused' });
    expect(api.receiptCalls()).toHaveLength(1);
    expect(alerts()).toEqual([GENERAL]);
    expect(useAccountPaymentStore.getState()).toMatchObject({ pendingReceipt: null, processing: false });
  });

  it('stops asking once the customer logs out', async () => {
    vi.useFakeTimers();
    const api = mockAccountPaymentApi({ receipt: () => failure(503) });
    const outcome = sendReceipt(RECEIPT);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(api.receiptCalls()).toHaveLength(3);
    clearPersistedStores();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await outcome).toEqual({ outcome: 'skipped' });
    expect(api.receiptCalls()).toHaveLength(3);
  });
});
