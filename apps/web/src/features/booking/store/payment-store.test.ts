import type { MinorUnits } from '@tours/domain/money';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { createdBooking, DETAILS, QUERY, resetBookingStores } from '../testing/booking-fixtures.ts';
import { PROMOTION, tokenAnswer } from '../testing/payment-fixtures.ts';
import { bookingSessionStatus, useBookingStore } from './booking-store.ts';
import { awaitingConfirmation, usePaymentStore } from './payment-store.ts';

const payment = () => usePaymentStore.getState();
const opened = () => payment().tokenOpened(tokenAnswer(1), { amount: 65_100 as MinorUnits, option: 'deposit' });
const storedPayment = () => (JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.payment.key) ?? 'null') as { state: Record<string, unknown> }).state;

beforeEach(() => {
  resetBookingStores();
  window.sessionStorage.clear();
  payment().setPrePaymentDetails(DETAILS);
});

describe('payment store transitions', () => {
  it('keeps a token with what it was opened for, and discards it when the option or the payer changes', () => {
    opened();
    expect(payment().paymentToken).toMatchObject({ token: 'ptok_1', amount: 65_100, option: 'deposit', script_url: 'http://localhost/pay/sdk.js' });
    payment().chooseOption('deposit');
    expect(payment().paymentToken).not.toBeNull();
    payment().chooseOption('full');
    expect(payment()).toMatchObject({ paymentOption: 'full', paymentToken: null });

    opened();
    payment().setAltBilling(true);
    expect(payment()).toMatchObject({ altBilling: true, paymentToken: null });
  });

  it('applies a promotion: its component, the server totals, full payment, and no stale token', () => {
    opened();
    payment().applyPromotion(PROMOTION);
    expect(payment()).toMatchObject({
      promotion: PROMOTION.promotion,
      validPromotionalCode: true,
      prePaymentDetails: PROMOTION.details,
      paymentOption: 'full',
      paymentToken: null,
    });
  });

  it("an expired request clears the token and remembers why, until a new token opens", () => {
    opened();
    payment().setProcessing(true);
    payment().paymentRequestExpired();
    expect(payment()).toMatchObject({ paymentToken: null, processing: false, paymentExpired: true });
    expect(storedPayment()).toMatchObject({ paymentToken: null, paymentExpired: true });
    opened();
    expect(payment().paymentExpired).toBe(false);
  });

  it('a success is awaiting confirmation until the answer, and survives a reload', () => {
    opened();
    payment().paymentSucceeded('pay_1', 65_100 as MinorUnits);
    expect(awaitingConfirmation(payment())).toBe(true);
    expect(storedPayment()).toMatchObject({ checkoutId: 'pay_1', amountPaid: 65_100 });
    expect(storedPayment()).not.toHaveProperty('processing');
    payment().confirmationAnswered({ status: 'confirmed', reference: 'MER-480153' });
    expect(awaitingConfirmation(payment())).toBe(false);
    expect(payment()).toMatchObject({ processing: false, paymentToken: null, postPaymentDetails: { reference: 'MER-480153' } });
  });

  it("takes the server's figures at review: the chosen option while offered, the token only while its amount is payable", () => {
    payment().chooseOption('full');
    payment().tokenOpened(tokenAnswer(1), { amount: DETAILS.total_price.value, option: 'full' });
    payment().figuresRefreshed({ details: DETAILS, promotion: null });
    expect(payment()).toMatchObject({ paymentOption: 'full', paymentToken: { token: 'ptok_1' } });

    const dearer = { ...DETAILS, total_price: { ...DETAILS.total_price, value: 470_000 as MinorUnits } };
    payment().figuresRefreshed({ details: dearer, promotion: null });
    expect(payment()).toMatchObject({ prePaymentDetails: dearer, paymentOption: 'full', paymentToken: null, validPromotionalCode: false });
    expect(storedPayment()).toMatchObject({ prePaymentDetails: dearer });

    payment().figuresRefreshed(PROMOTION);
    expect(payment()).toMatchObject({ promotion: PROMOTION.promotion, validPromotionalCode: true, paymentOption: 'full' });
    payment().figuresRefreshed({ details: DETAILS, promotion: null });
    expect(payment()).toMatchObject({ promotion: null, validPromotionalCode: false });
  });

  it('a refused payment id is forgotten, so the visitor can pay again; the phase of a confirmation is never stored', () => {
    opened();
    payment().paymentSucceeded('pay_1', 65_100 as MinorUnits);
    payment().setConfirmationPhase('checking');
    expect(storedPayment()).not.toHaveProperty('confirmation');
    payment().confirmationRefused();
    expect(payment()).toMatchObject({ checkoutId: null, amountPaid: null, paymentToken: null, processing: false, confirmation: null });
    expect(awaitingConfirmation(payment())).toBe(false);
  });

  it('drops a stored token of another shape rather than using it', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.payment.key, JSON.stringify({ version: 0, state: { paymentToken: 'ptok_old', paymentOption: 'full' } }));
    await usePaymentStore.persist.rehydrate();
    expect(payment()).toMatchObject({ paymentToken: null, paymentOption: 'full' });
  });
});

describe('booking store after payment', () => {
  const now = Date.parse('2027-01-10T10:00:00Z');

  it('keeps the lead passenger’s e-mail and address as the payer', () => {
    useBookingStore.getState().bookingCreated(createdBooking(), now);
    expect(useBookingStore.getState().leadContact).toEqual({
      email: 'someone@example.com',
      address: { line_1: '1 High St', line_2: '', line_3: '', city: 'London', state: 'London', postal_code: 'EC1A 1BB', country: 'GBR' },
    });
  });

  it('a purchase goes to step 5 with 90 s of session left; an unconfirmed booking keeps 90 s too', () => {
    useBookingStore.getState().restart(QUERY);
    useBookingStore.getState().bookingCreated(createdBooking(), now);
    useBookingStore.getState().purchaseCompleted(now + 60_000);
    expect(useBookingStore.getState()).toMatchObject({ step: '5a', tokenTimeout: 90, unconfirmed: false });
    expect(useBookingStore.getState().activeBooking?.expiresAt).toBe(now + 150_000);
    expect(bookingSessionStatus(useBookingStore.getState(), now + 149_999)).toBe('Active Session');
    expect(bookingSessionStatus(useBookingStore.getState(), now + 150_000)).toBe('Inactive Session');

    useBookingStore.getState().restart(QUERY);
    useBookingStore.getState().bookingCreated(createdBooking(), now);
    useBookingStore.getState().bookingUnconfirmed(now);
    expect(useBookingStore.getState()).toMatchObject({ unconfirmed: true, tokenTimeout: 90, step: '1' });
    expect(useBookingStore.getState().activeBooking?.expiresAt).toBe(now + 90_000);
  });
});
