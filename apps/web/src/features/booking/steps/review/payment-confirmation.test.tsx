import type { PaymentDetails } from '@tours/domain/contracts/booking';
import type { PrePaymentDetails } from '@tours/domain/contracts/selections';
import { ALERTS } from '@tours/domain/messages';
import type { MinorUnits } from '@tours/domain/money';
import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetProviderScripts } from '../../../../lib/card-payment/provider-sdk.ts';
import { jsonResponse } from '../../../../test/fetch-mock.ts';
import { installFakeSdk, type FakeSdk } from '../../../../test/card-provider.ts';
import { forgetRunningConfirmations } from '../../payment/confirm-payment.ts';
import { useBookingStore } from '../../store/booking-store.ts';
import { usePaymentStore } from '../../store/payment-store.ts';
import { DETAILS, resetBookingStores } from '../../testing/booking-fixtures.ts';
import { mockPaymentApi, PROMOTION } from '../../testing/payment-fixtures.ts';
import { advance, alerts, openCardForm, option, renderReview, shows, terms, useFakeClock } from '../../testing/review-harness.tsx';
import { CHECKING_BOOKING_TEXT, CHECKING_PAYMENT_TEXT } from './payment-status.tsx';

const PHONE = '020 7946 0018';
const failure = (status: number, code = 'SERVICE_FAILURE') => jsonResponse({ error: { code, message: `Failed with ${status}` } }, status);
const CONFIRMED = { data: { status: 'confirmed', reference: 'MER-480153' } };

/** The server's figures after the booking changed in another tab: a dearer room. */
const DEARER: PaymentDetails = {
  details: {
    total_price: { currency_code: 'GBP', value: 470_000 as MinorUnits },
    deposit: { currency_code: 'GBP', value: 70_500 as MinorUnits },
    deposit_percent: 15,
    balance_due: '2026-12-04',
    breakdown: { ...DETAILS.breakdown, accommodation: 45_000 as MinorUnits },
    lines: DETAILS.lines.map((line) => (line.label.startsWith('Hotel Königshof') ? { ...line, unit_price: 22_500 as MinorUnits, amount: 45_000 as MinorUnits } : line)),
  },
  promotion: null,
};

/** A promotion covering the whole price. */
const FREE: PaymentDetails = {
  details: {
    total_price: { currency_code: 'GBP', value: 0 as MinorUnits },
    deposit: { currency_code: 'GBP', value: 0 as MinorUnits },
    deposit_percent: 15,
    balance_due: '2026-12-04',
    breakdown: { ...DETAILS.breakdown, discount: -434_000 as MinorUnits },
    lines: [
      ...DETAILS.lines,
      { kind: 'promotion', label: 'Promotional code GUEST', quantity: 1, unit_price: -434_000 as MinorUnits, amount: -434_000 as MinorUnits },
    ],
  },
  promotion: { ...PROMOTION.promotion, name: 'Promotional code GUEST', price: { value: -434_000 as MinorUnits, currency_code: 'GBP' } },
};
const FREE_DETAILS: PrePaymentDetails = FREE.details;

let sdk: FakeSdk;

beforeEach(() => {
  resetBookingStores();
  resetProviderScripts();
  sdk = installFakeSdk();
  window.dataLayer = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  useFakeClock();
});

afterEach(() => {
  forgetRunningConfirmations();
  resetProviderScripts();
});

describe('fresh figures at review', () => {
  it("replaces the remembered figures with the server's before the token is requested", async () => {
    const api = mockPaymentApi({ paymentDetails: () => jsonResponse({ data: DEARER }) });
    renderReview();
    await advance(0);
    expect(api.callsTo('/payment-details')).toHaveLength(1);
    expect(screen.getByRole('row', { name: /^Total/ }).textContent).toContain('£4,700');
    expect(usePaymentStore.getState()).toMatchObject({ prePaymentDetails: DEARER.details, paymentOption: 'deposit' });

    await openCardForm(sdk);
    expect(api.callsTo('/payments/token').map((call) => call.body?.amount)).toEqual(['705.00']);
    expect(usePaymentStore.getState().paymentToken).toMatchObject({ amount: 70_500 });
  });

  it('takes a promotion applied in another tab, with the field closed', async () => {
    mockPaymentApi({ paymentDetails: () => jsonResponse({ data: PROMOTION }) });
    renderReview();
    await advance(0);
    expect(usePaymentStore.getState()).toMatchObject({ validPromotionalCode: true, promotion: PROMOTION.promotion, paymentOption: 'full' });
    const field = screen.getByLabelText('Enter a promotional code') as HTMLInputElement;
    expect(field.disabled).toBe(true);
    expect(field.value).toBe('WELCOME100');
    expect(screen.queryByRole('radio', { name: /^Pay the deposit/ })).toBeNull();
  });

  it('re-initialises an open card form when the amount changed meanwhile', async () => {
    let figures: PaymentDetails = { details: DETAILS, promotion: null };
    const api = mockPaymentApi({ paymentDetails: () => jsonResponse({ data: figures }) });
    renderReview();
    await openCardForm(sdk);
    expect(sdk.mounts.map((mount) => mount.token)).toEqual(['ptok_1']);

    // The visitor comes back from the tab where the room was changed.
    figures = DEARER;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await advance(0);
    expect(sdk.mounts[0]!.destroyed).toBe(true);
    await advance(2_000);
    await advance(500);
    expect(api.callsTo('/payments/token').map((call) => call.body?.amount)).toEqual(['651.00', '705.00']);
    expect(sdk.mounts.map((mount) => mount.token)).toEqual(['ptok_1', 'ptok_2']);
    focusManager.setFocused(undefined);
  });

  it('opens no payment while the figures cannot be checked, and tries again', async () => {
    let fail = true;
    const api = mockPaymentApi({ paymentDetails: () => (fail ? failure(503) : jsonResponse({ data: DEARER })) });
    renderReview();
    fireEvent.click(terms());
    await advance(3_000);
    await advance(5_000);
    expect(screen.getByText('We could not check the latest price of your booking')).toBeTruthy();
    expect(api.callsTo('/payments/token')).toHaveLength(0);

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    await advance(2_000);
    expect(api.callsTo('/payments/token').map((call) => call.body?.amount)).toEqual(['705.00']);
  });
});

describe('a booking with nothing to pay', () => {
  it('shows no card form and confirms with Confirm Booking once the terms are accepted', async () => {
    const api = mockPaymentApi();
    renderReview(FREE_DETAILS);
    usePaymentStore.setState({ promotion: FREE.promotion, validPromotionalCode: true });
    await advance(0);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Tick to use a different billing address' })).toBeNull();
    expect(shows(/call us/i)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(screen.getByText('Please confirm the terms and conditions to continue.')).toBeTruthy();
    expect(api.callsTo('/confirm')).toHaveLength(0);

    fireEvent.click(terms());
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await advance(0);
    expect(api.callsTo('/confirm').map((call) => call.body)).toEqual([{ currency: 'GBP' }]);
    expect(api.callsTo('/payments/token')).toHaveLength(0);
    expect(sdk.mounts).toHaveLength(0);
    expect(useBookingStore.getState().step).toBe('5a');
    expect(usePaymentStore.getState().postPaymentDetails).toEqual(CONFIRMED.data);
  });

  it('says it is confirming while the server is slow, and shows the unconfirmed screen only on its answer', async () => {
    const answers = [() => failure(503), () => failure(503), () => jsonResponse({ data: { status: 'unconfirmed', reference: '100042' } })];
    let attempt = 0;
    mockPaymentApi({ confirm: () => answers[attempt++]!(), paymentDetails: () => jsonResponse({ data: FREE }) });
    renderReview(FREE_DETAILS);
    await advance(0);
    fireEvent.click(terms());
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await advance(1_000);
    expect(screen.getByText(CHECKING_BOOKING_TEXT).getAttribute('role')).toBe('status');
    expect(terms().matches(':disabled')).toBe(true);
    await advance(2_000);
    expect(useBookingStore.getState().unconfirmed).toBe(true);
  });

  it('takes the server figures again when the server refuses (the total is no longer 0)', async () => {
    let figures = FREE;
    const api = mockPaymentApi({ confirm: () => failure(400, 'VALIDATION_FAILED'), paymentDetails: () => jsonResponse({ data: figures }) });
    renderReview(FREE_DETAILS);
    await advance(0);
    fireEvent.click(terms());
    figures = DEARER;
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await advance(0);
    expect(alerts()).toEqual([ALERTS.unableToConfirm(PHONE).message]);
    expect(api.callsTo('/payment-details')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).toBeNull();
    expect(option(/^Pay the deposit/).closest('label')?.textContent).toContain('£705');
  });
});

describe('confirming a card payment', () => {
  const pay = () => act(() => sdk.send({ source: 'sandbox-pay', type: 'success', payment_id: 'pay_1' }));

  it('keeps asking through server errors, says politely that the payment is being checked, then goes to step 5', async () => {
    const answers = [() => failure(500, 'INTERNAL'), () => failure(503), () => failure(502), () => jsonResponse(CONFIRMED)];
    let attempt = 0;
    const api = mockPaymentApi({ confirm: () => answers[attempt++]!() });
    renderReview();
    await openCardForm(sdk);
    pay();
    await advance(0);
    expect(screen.getByRole('alertdialog', { name: 'Confirming your booking…' })).toBeTruthy();
    expect(shows(CHECKING_PAYMENT_TEXT)).toBe(false);
    await advance(1_000);
    expect(screen.getByText(CHECKING_PAYMENT_TEXT).getAttribute('role')).toBe('status');
    expect(screen.queryByText(/Payment was successful, but/)).toBeNull();
    await advance(2_000);
    await advance(4_000);
    expect(api.callsTo('/confirm').map((call) => call.body?.payment_id)).toEqual(['pay_1', 'pay_1', 'pay_1', 'pay_1']);
    expect(useBookingStore.getState()).toMatchObject({ step: '5a', unconfirmed: false });
    expect(alerts()).not.toContain(ALERTS.unableToConfirm(PHONE).message);
  });

  it('a refusal alerts, forgets the payment id and lets the visitor pay again', async () => {
    const api = mockPaymentApi({ confirm: () => failure(400, 'VALIDATION_FAILED') });
    renderReview();
    await openCardForm(sdk);
    pay();
    await advance(0);
    expect(alerts()).toEqual([ALERTS.paymentSuccessful.message, ALERTS.unableToConfirm(PHONE).message]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(usePaymentStore.getState().checkoutId).toBeNull();
    expect(useBookingStore.getState()).toMatchObject({ step: '4a', unconfirmed: false });
    await advance(2_000);
    await advance(500);
    expect(api.callsTo('/payments/token')).toHaveLength(2);
    expect(sdk.mounts.at(-1)).toMatchObject({ token: 'ptok_2', destroyed: false });
  });

  it('when the server will not answer this page, says so without offering another payment, and checks again on request', async () => {
    let answer = () => failure(401, 'UNAUTHORIZED');
    const api = mockPaymentApi({ confirm: () => answer() });
    usePaymentStore.setState({ checkoutId: 'pay_9', amountPaid: 65_100 as MinorUnits });
    renderReview();
    await advance(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Your payment has been taken')).toBeTruthy();
    expect(screen.getAllByText(ALERTS.unableToConfirm(PHONE).message).length).toBeGreaterThan(0);
    expect(terms().matches(':disabled')).toBe(true);
    expect(api.callsTo('/payments/token')).toHaveLength(0);

    answer = () => jsonResponse(CONFIRMED);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await advance(0);
    expect(api.callsTo('/confirm').map((call) => call.body?.payment_id)).toEqual(['pay_9', 'pay_9']);
    expect(useBookingStore.getState().step).toBe('5a');
  });
});
