import type { MinorUnits } from '@tours/domain/money';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearPersistedStores, STORAGE_KEYS } from '../../../lib/storage.ts';
import { resetAccountPayment, useAccountPaymentStore } from './account-payment-store.ts';
import { tokenAnswer } from './testing.tsx';

const store = () => useAccountPaymentStore.getState();
const stored = () => (JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.accountPayment.key) ?? 'null') as { state: Record<string, unknown> } | null)?.state;
const opened = () => store().tokenOpened(tokenAnswer(1), { bookingId: 100042, amount: 12_000 as MinorUnits, key: 'k1' });
const RECEIPT = { booking_id: 100042, payment_id: 'pay_1', currency: 'GBP' as const, amount: 12_000 as MinorUnits };

beforeEach(() => {
  resetAccountPayment();
  window.sessionStorage.clear();
});

describe('the account payment store', () => {
  it('keeps the state of spec section 3 in session storage under its own key, without the transient flags', () => {
    store().setPrePaymentDetails(100042, { value: 123_450 as MinorUnits, currency: 'GBP' });
    store().chooseOption('custom');
    store().setAltBilling(true);
    opened();
    store().setProcessing(true);
    store().setCustomAmount('120');
    expect(STORAGE_KEYS.accountPayment).toEqual({ area: 'session', key: 'tours.account-payment' });
    expect(stored()).toEqual({
      prePaymentDetails: { booking_id: 100042, outstanding_balance: { value: 123_450, currency: 'GBP' } },
      paymentOption: 'custom',
      paymentToken: { ...tokenAnswer(1), booking_id: 100042, amount: 12_000, key: 'k1' },
      altBilling: true,
      pendingReceipt: null,
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.accountPayment.key)).toBeNull();
  });

  it('discards the token when the option or the payer changes', () => {
    opened();
    store().chooseOption('full');
    expect(store().paymentToken).not.toBeNull();
    store().chooseOption('custom');
    expect(store()).toMatchObject({ paymentOption: 'custom', paymentToken: null });
    opened();
    store().setAltBilling(true);
    expect(store()).toMatchObject({ altBilling: true, paymentToken: null });
  });

  it('keeps a payment the provider took until the server answers its receipt, through a reload', async () => {
    opened();
    store().paymentTaken(RECEIPT);
    expect(store()).toMatchObject({ pendingReceipt: RECEIPT, paymentToken: null, processing: true });
    useAccountPaymentStore.setState({ pendingReceipt: null });
    window.sessionStorage.setItem(STORAGE_KEYS.accountPayment.key, JSON.stringify({ state: { pendingReceipt: RECEIPT }, version: 0 }));
    await useAccountPaymentStore.persist.rehydrate();
    expect(store().pendingReceipt).toEqual(RECEIPT);
    store().receiptSettled('pay_other');
    expect(store().pendingReceipt).toEqual(RECEIPT);
    store().receiptSettled('pay_1');
    expect(store()).toMatchObject({ pendingReceipt: null, processing: false, receiptPhase: null });
  });

  it('merges what it restores over the defaults, field by field, dropping what fails its schema', async () => {
    window.sessionStorage.setItem(
      STORAGE_KEYS.accountPayment.key,
      JSON.stringify({
        state: { paymentOption: 'deposit', altBilling: true, paymentToken: { token: '' }, pendingReceipt: { ...RECEIPT, currency: 'EUR' }, processing: true },
        version: 0,
      }),
    );
    await useAccountPaymentStore.persist.rehydrate();
    expect(store()).toMatchObject({ paymentOption: 'full', altBilling: true, paymentToken: null, pendingReceipt: null, processing: false });
  });

  it('is cleared at logout, in memory and in storage', () => {
    store().chooseOption('custom');
    store().paymentTaken(RECEIPT);
    clearPersistedStores();
    expect(store()).toMatchObject({ paymentOption: 'full', pendingReceipt: null, altBilling: false, processing: false });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.accountPayment.key)).toBeNull();
  });
});
