import { ALERTS, type MinorUnits, type PrePaymentDetails } from '@tours/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../../../../lib/alerts.ts';
import { resetProviderScripts } from '../../../../lib/card-payment/provider-sdk.ts';
import { installFakeSdk, type FakeSdk } from '../../../../test/card-provider.ts';
import { forgetRunningConfirmations } from '../../payment/confirm-payment.ts';
import { useBookingStore } from '../../store/booking-store.ts';
import { usePaymentStore } from '../../store/payment-store.ts';
import { DETAILS, resetBookingStores } from '../../testing/booking-fixtures.ts';
import { DAY_TRIP_DETAILS, mockPaymentApi, PROMOTION } from '../../testing/payment-fixtures.ts';
import { advance, alerts, isDisabled, openCardForm as openWith, option, renderReview as render, shows, terms, useFakeClock } from '../../testing/review-harness.tsx';

let sdk: FakeSdk;
let reload: ReturnType<typeof vi.fn<() => void>>;

const renderReview = (details: PrePaymentDetails = DETAILS) => render(details, reload);
const openCardForm = () => openWith(sdk);

beforeEach(() => {
  resetBookingStores();
  resetProviderScripts();
  forgetRunningConfirmations();
  sdk = installFakeSdk();
  reload = vi.fn<() => void>();
  window.dataLayer = [];
  useFakeClock();
});

afterEach(() => {
  resetProviderScripts();
});

describe('payment options', () => {
  it('offers the deposit and the full amount with their amounts, locked until the terms are accepted', () => {
    renderReview();
    const deposit = option(/^Pay the deposit/);
    expect(deposit.closest('label')?.textContent).toContain('£651');
    expect(deposit.closest('label')?.textContent).toContain('The balance of £3,689');
    expect(option(/^Pay in full/).closest('label')?.textContent).toContain('£4,340');
    expect((deposit as HTMLInputElement).checked).toBe(true);
    expect(isDisabled(deposit)).toBe(true);
    expect(screen.getByRole('row', { name: /^Deposit/ }).textContent).toContain('£651');
  });

  it.each([
    ['a deposit of 0', DAY_TRIP_DETAILS],
    ['a deposit equal to the total', { ...DETAILS, deposit: { ...DETAILS.deposit, value: DETAILS.total_price.value } }],
  ])('offers only full payment with %s', (_, details) => {
    renderReview(details);
    expect(screen.queryByRole('radio', { name: /^Pay the deposit/ })).toBeNull();
    expect((option(/^Pay in full/) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('row', { name: /^Deposit/ })).toBeNull();
  });

  it('applies a promotional code: empty ignored, an invalid one refused at the field, a valid one closes the field and the deposit', async () => {
    vi.useRealTimers();
    const api = mockPaymentApi({
      promotion: (code) =>
        code === 'SPRING10'
          ? new Response(JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { code: 'Invalid promotional code. Please try again.' } } }), {
              status: 400,
              headers: { 'Content-Type': 'application/json' },
            })
          : new Response(JSON.stringify({ data: PROMOTION }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    });
    renderReview();
    const field = screen.getByLabelText('Enter a promotional code');
    const apply = screen.getByRole('button', { name: 'Apply' });
    fireEvent.click(apply);
    expect(api.callsTo('/promotion')).toHaveLength(0);

    fireEvent.change(field, { target: { value: 'SPRING10' } });
    fireEvent.click(apply);
    expect(await screen.findByText('Invalid promotional code. Please try again.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: ' WELCOME100 ' } });
    fireEvent.click(apply);
    expect(await screen.findByText('Promotional code applied.')).toBeTruthy();
    expect(api.callsTo('/promotion').at(-1)?.body).toEqual({ code: 'WELCOME100' });
    expect((field as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('radio', { name: /^Pay the deposit/ })).toBeNull();
    expect(option(/^Pay in full/).closest('label')?.textContent).toContain('£4,240');
    expect(screen.getByRole('row', { name: /Promotional code WELCOME100/ }).textContent).toContain('−£100');
    expect(screen.getByRole('row', { name: /^Total/ }).textContent).toContain('£4,240');
    expect(usePaymentStore.getState()).toMatchObject({ validPromotionalCode: true, paymentOption: 'full', prePaymentDetails: PROMOTION.details });
  });
});

describe('the delays of the payment', () => {
  it('asks for the terms when continuing without them', () => {
    renderReview();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(terms().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Please confirm the terms and conditions to continue.')).toBeTruthy();
    expect(document.activeElement).toBe(terms());
  });

  it('requests the token 2 s after the terms and mounts the form 500 ms after it, out of sight; at 3 s the fields are enabled and the form shown', async () => {
    const api = mockPaymentApi();
    renderReview();
    fireEvent.click(terms());
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await advance(1_999);
    expect(api.callsTo('/payments/token')).toHaveLength(0);
    expect(isDisabled(option(/^Pay the deposit/))).toBe(true);
    await advance(1);
    expect(api.callsTo('/payments/token')).toHaveLength(1);
    expect(api.callsTo('/payments/token')[0]!.body).toMatchObject({
      amount: '651.00',
      currency: 'GBP',
      save_card: false,
      display_mode: 'inline',
      account: { crm_key: '100042', first_name: 'Margaret', last_name: 'Hale', email: 'margaret.hale@example.com', address_line_1: '10 Downing Street', address_line_6: 'SW1A 2AA', country: 'GB' },
    });
    expect(usePaymentStore.getState().paymentToken).toMatchObject({ token: 'ptok_1', amount: 65_100, option: 'deposit' });
    expect(isDisabled(option(/^Pay the deposit/))).toBe(true);

    await advance(499);
    expect(sdk.sdk.mount).not.toHaveBeenCalled();
    await advance(1);
    expect(sdk.mounts.map((mount) => mount.token)).toEqual(['ptok_1']);
    act(() => sdk.send({ source: 'sandbox-pay', type: 'ready' }));
    // Ready, but the payment fields are not enabled before 3 s: the form stays out of sight and the wait is still shown.
    expect(document.querySelector('.payment__form--loading')).not.toBeNull();
    expect(shows('Preparing secure payment…')).toBe(true);
    expect(isDisabled(option(/^Pay the deposit/))).toBe(true);

    await advance(499);
    expect(isDisabled(option(/^Pay the deposit/))).toBe(true);
    await advance(1);
    expect(isDisabled(option(/^Pay the deposit/))).toBe(false);
    expect(document.querySelector('.payment__form--open')).not.toBeNull();
    expect(shows(/Loading the secure|Preparing secure/)).toBe(false);
    expect(api.callsTo('/payments/token')).toHaveLength(1);
  });

  it('discards the token when the option changes and opens a new form after the delays', async () => {
    const api = mockPaymentApi();
    renderReview();
    await openCardForm();
    fireEvent.click(option(/^Pay in full/));
    expect(sdk.mounts[0]!.destroyed).toBe(true);
    expect(usePaymentStore.getState().paymentToken).toBeNull();
    await advance(2_000);
    expect(api.callsTo('/payments/token').map((call) => call.body?.amount)).toEqual(['651.00', '4340.00']);
    await advance(500);
    expect(sdk.mounts.map((mount) => mount.token)).toEqual(['ptok_1', 'ptok_2']);
  });

  it('closes the form when the terms are unticked', async () => {
    mockPaymentApi();
    renderReview();
    await openCardForm();
    fireEvent.click(terms());
    expect(sdk.mounts[0]!.destroyed).toBe(true);
    expect(isDisabled(option(/^Pay the deposit/))).toBe(true);
  });

  it('requests no token for an incomplete billing address, and pays with the billing address once complete', async () => {
    const api = mockPaymentApi();
    // A different billing address ticked on an earlier visit: no token for the lead's address, none before the address is complete.
    usePaymentStore.getState().setAltBilling(true);
    renderReview();
    fireEvent.click(terms());
    await advance(3_000);
    await advance(5_000);
    expect(api.callsTo('/payments/token')).toHaveLength(0);
    expect(screen.getByText('Enter the billing address in full to continue to the card payment.')).toBeTruthy();

    const billing = within(screen.getByRole('form', { name: 'Billing address' }));
    fireEvent.change(billing.getByLabelText(/^Postcode/), { target: { value: 'EH1 1YZ' } });
    fireEvent.change(billing.getByLabelText(/^Line 1/), { target: { value: '1 Royal Mile' } });
    fireEvent.change(billing.getByLabelText(/^City/), { target: { value: 'Edinburgh' } });
    fireEvent.change(billing.getByLabelText(/^County or state/), { target: { value: 'Midlothian' } });
    await advance(100);
    await advance(2_000);
    expect(api.callsTo('/payments/token')).toHaveLength(1);
    expect(api.callsTo('/payments/token')[0]!.body?.account).toMatchObject({
      first_name: 'Margaret',
      address_line_1: '1 Royal Mile',
      address_line_4: 'Edinburgh',
      address_line_5: 'Midlothian',
      address_line_6: 'EH1 1YZ',
      country: 'GB',
    });
  });
});

describe('failing to open the card form', () => {
  it('says so clearly when the provider script cannot load, and tries again with a new token', async () => {
    const api = mockPaymentApi();
    delete window.SandboxPay;
    renderReview();
    fireEvent.click(terms());
    await advance(2_000);
    await advance(500);
    const script = document.querySelector<HTMLScriptElement>('script[data-card-provider]');
    expect(script?.src).toBe('http://localhost/pay/sdk.js');
    await act(async () => void script!.dispatchEvent(new Event('error')));
    expect(screen.getByText('We could not open the secure card form')).toBeTruthy();

    sdk = installFakeSdk();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(2_000);
    await advance(500);
    expect(api.callsTo('/payments/token')).toHaveLength(2);
    expect(sdk.mounts.map((mount) => mount.token)).toEqual(['ptok_2']);
  });

  it('gives up on a frame that never says it is ready', async () => {
    mockPaymentApi();
    renderReview();
    fireEvent.click(terms());
    await advance(2_000);
    await advance(500);
    expect(sdk.mounts).toHaveLength(1);
    await advance(19_999);
    expect(screen.queryByText('We could not open the secure card form')).toBeNull();
    await advance(1);
    expect(screen.getByText('We could not open the secure card form')).toBeTruthy();
    expect(sdk.mounts[0]!.destroyed).toBe(true);
  });
});

describe("the provider's messages", () => {
  it('a declined card alerts and keeps the form open for another', async () => {
    mockPaymentApi();
    renderReview();
    await openCardForm();
    act(() => sdk.send({ source: 'sandbox-pay', type: 'failed', message: 'Your card was declined.' }));
    expect(alerts()).toEqual([ALERTS.paymentFailed.message]);
    expect(sdk.mounts[0]!.destroyed).toBe(false);
  });

  it.each([
    ['canceled', { type: 'canceled' }, 'Payment cancelled'],
    ['closed', { type: 'closed' }, 'The card form was closed'],
  ])('%s stops the payment, which can be started again', async (_, message, title) => {
    const api = mockPaymentApi();
    renderReview();
    await openCardForm();
    act(() => sdk.send({ source: 'sandbox-pay', ...message }));
    expect(sdk.mounts[0]!.destroyed).toBe(true);
    expect(screen.getByText(title)).toBeTruthy();
    expect(usePaymentStore.getState()).toMatchObject({ paymentToken: null, processing: false });
    fireEvent.click(screen.getByRole('button', { name: 'Start payment again' }));
    await advance(2_000);
    await advance(500);
    expect(api.callsTo('/payments/token')).toHaveLength(2);
    expect(sdk.mounts.at(-1)?.token).toBe('ptok_2');
  });

  it("'Expired request' clears the token, alerts for 7 s and reloads once the alert has been seen", async () => {
    mockPaymentApi();
    renderReview();
    await openCardForm();
    act(() => sdk.send({ source: 'sandbox-pay', type: 'closed', error: 'Expired request' }));
    expect(alerts()).toEqual([ALERTS.paymentExpired('020 7946 0018').message]);
    expect(useAlertStore.getState().alerts[0]?.timeout).toBe(7_000);
    expect(usePaymentStore.getState()).toMatchObject({ paymentToken: null, paymentExpired: true });
    await advance(1_499);
    expect(reload).not.toHaveBeenCalled();
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores messages that are not the provider’s documented ones', async () => {
    const api = mockPaymentApi();
    renderReview();
    await openCardForm();
    act(() => {
      sdk.send({ type: 'success' });
      sdk.send({ type: 'success', payment_id: 42 });
      sdk.send('success');
      sdk.send(null);
    });
    expect(usePaymentStore.getState().checkoutId).toBeNull();
    expect(api.callsTo('/confirm')).toHaveLength(0);
  });

  it('success confirms the booking once, however often it is reported, and moves to step 5 for 90 s', async () => {
    const api = mockPaymentApi();
    renderReview();
    await openCardForm();
    act(() => {
      sdk.send({ source: 'sandbox-pay', type: 'success', payment_id: 'pay_1' });
      sdk.send({ source: 'sandbox-pay', type: 'success', payment_id: 'pay_1' });
    });
    expect(alerts()).toEqual([ALERTS.paymentSuccessful.message]);
    expect(screen.getByRole('alertdialog', { name: 'Confirming your booking…' })).toBeTruthy();
    await advance(0);

    expect(api.callsTo('/confirm').map((call) => call.body)).toEqual([{ payment_id: 'pay_1', currency: 'GBP' }]);
    const booking = useBookingStore.getState();
    expect(booking.step).toBe('5a');
    expect(booking.tokenTimeout).toBe(90);
    expect(booking.activeBooking?.expiresAt).toBe(Date.now() + 90_000);
    expect(usePaymentStore.getState()).toMatchObject({
      checkoutId: 'pay_1',
      amountPaid: 65_100,
      postPaymentDetails: { status: 'confirmed', reference: 'MER-480153' },
      processing: false,
    });
    const events = window.dataLayer?.map((entry) => entry.event);
    expect(events).toEqual(['booking_review_and_payment', 'add_payment_info', 'purchase']);
    expect(window.dataLayer?.at(-1)).toMatchObject({ reference: 'MER-480153', currency: 'GBP', value: 4_340, amount_paid: 651 });
  });

  it('shows the unconfirmed state when the booking cannot be confirmed after payment', async () => {
    mockPaymentApi({
      confirm: () => new Response(JSON.stringify({ data: { status: 'unconfirmed', reference: '100042' } }), { headers: { 'Content-Type': 'application/json' } }),
    });
    renderReview();
    await openCardForm();
    act(() => sdk.send({ source: 'sandbox-pay', type: 'success', payment_id: 'pay_1' }));
    await advance(0);
    expect(alerts()).toContain(ALERTS.unableToConfirm('020 7946 0018').message);
    expect(useBookingStore.getState()).toMatchObject({ unconfirmed: true, step: '4a', tokenTimeout: 90 });
    expect(useBookingStore.getState().activeBooking?.expiresAt).toBe(Date.now() + 90_000);
  });

  it('confirms a payment that a reload interrupted, without offering another payment', async () => {
    const api = mockPaymentApi();
    usePaymentStore.setState({ checkoutId: 'pay_9', amountPaid: 65_100 as MinorUnits });
    renderReview();
    expect(screen.getByRole('alertdialog', { name: 'Confirming your booking…' })).toBeTruthy();
    expect(isDisabled(terms())).toBe(true);
    await advance(0);
    expect(api.callsTo('/confirm').map((call) => call.body)).toEqual([{ payment_id: 'pay_9', currency: 'GBP' }]);
    expect(api.callsTo('/payments/token')).toHaveLength(0);
    expect(useBookingStore.getState().step).toBe('5a');
  });
});
