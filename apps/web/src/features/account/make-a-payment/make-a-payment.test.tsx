import { ALERTS } from '@tours/domain/messages';
import type { MinorUnits } from '@tours/domain/money';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetProviderScripts } from '../../../lib/card-payment/provider-sdk.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { installFakeSdk, type FakeSdk } from '../../../test/card-provider.ts';
import { resetAccountPayment, useAccountPaymentStore } from './account-payment-store.ts';
import { forgetRunningReceipts } from './payment-receipt.ts';
import { CHECKING_TEXT } from './payment-stage.tsx';
import { EXPIRED_RELOAD_DELAY_MS } from '../../../lib/card-payment/use-card-payment.ts';
import { advance, alerts, BOOKING, mockAccountPaymentApi, renderMakeAPayment, shows, signInCustomer, useFakeClock } from './testing.tsx';

let sdk: FakeSdk;

beforeEach(() => {
  resetAccountPayment();
  resetProviderScripts();
  forgetRunningReceipts();
  sdk = installFakeSdk();
  signInCustomer();
  useFakeClock();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  forgetRunningReceipts();
  resetProviderScripts();
});

const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });
const ready = (token = sdk.mounts.at(-1)!.token) =>
  act(() => sdk.mounts.findLast((mount) => mount.token === token)!.send({ source: 'sandbox-pay', type: 'ready' }));
const send = (message: Record<string, unknown>) => act(() => sdk.send({ source: 'sandbox-pay', ...message }));

/** From the form's first render to the provider's form mounted: 500 ms to the token, 500 ms to the form. */
async function openForm() {
  await advance(500);
  await advance(500);
  await ready();
}

describe('the customer and the amount', () => {
  it("shows the customer's address and the full balance, and opens the card form for it after the delays", async () => {
    const api = mockAccountPaymentApi();
    renderMakeAPayment();
    expect(screen.getByRole('heading', { name: 'Make a payment' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Address details' })).toBeTruthy();
    const address = document.querySelector('address')!;
    expect([...address.children].map((line) => line.textContent)).toEqual(['Dora Demo', '12 Elm Row', 'Edinburgh', 'Midlothian', 'EH7 4AA', 'United Kingdom']);
    expect(radio('Pay full balance').closest('label')!.textContent).toContain('£1,234.50');
    expect((radio('Pay full balance') as HTMLInputElement).checked).toBe(true);

    await advance(0);
    expect(screen.getByRole('progressbar', { name: 'Preparing secure payment…' }).getAttribute('aria-valuetext')).toBe('Opening a secure payment request…');
    await advance(499);
    expect(api.tokenCalls()).toHaveLength(0);
    await advance(1);
    expect(api.tokenCalls()).toHaveLength(1);
    const call = api.tokenCalls()[0]!;
    expect(call.path).toBe('/api/account/bookings/100042/payments/token');
    expect(call.headers.Authorization).toBe('Bearer customer-access-token');
    expect(call.body).toEqual({
      currency: 'GBP',
      amount: '1234.50',
      crm_key: '100042',
      first_name: 'Dora',
      last_name: 'Demo',
      email: 'dora@example.com',
      address_line_1: '12 Elm Row',
      address_line_2: '',
      address_line_3: '',
      address_line_4: 'Edinburgh',
      address_line_5: 'Midlothian',
      address_line_6: 'EH7 4AA',
      country: 'GB',
      frequency: 'ONEOFF',
      save_card: false,
      display_mode: 'inline',
    });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Loading the secure card form…');
    await advance(499);
    expect(sdk.mounts).toHaveLength(0);
    await advance(1);
    expect(sdk.mounts.map((mount) => mount.token)).toEqual(['ptok_1']);
    await ready();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(useAccountPaymentStore.getState()).toMatchObject({ processing: true, paymentToken: { token: 'ptok_1', amount: 123_450, booking_id: 100042 } });
  });

  it("shows N/A for the full balance when there is none, and no card form", async () => {
    const api = mockAccountPaymentApi();
    renderMakeAPayment({ ...BOOKING, outstanding_balance: { value: 0 as MinorUnits, currency: 'GBP' } });
    expect(radio('Pay full balance').closest('label')!.textContent).toContain('N/A');
    await advance(2_000);
    expect(api.tokenCalls()).toHaveLength(0);
  });

  it('checks the one-off amount with the domain rule, and opens the form for a valid amount only', async () => {
    const api = mockAccountPaymentApi();
    renderMakeAPayment();
    await openForm();
    fireEvent.click(radio('One-off payment'));
    expect(sdk.mounts[0]!.destroyed).toBe(true);
    const box = screen.getByLabelText(/^Amount \(GBP\)/);
    expect(screen.getByText('Up to £1,234.50, with at most two decimal places.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByText('Value is required')).toBeTruthy();
    expect(alerts()).toEqual([ALERTS.validationErrors.message]);
    expect(document.activeElement).toBe(box);

    for (const [typed, message] of [
      ['abc', 'Value must be numeric'],
      ['10.505', 'Use at most two decimal places'],
      ['0', 'The amount must be more than 0'],
      ['1234.51', 'The amount cannot be more than the outstanding balance'],
    ] as const) {
      fireEvent.change(box, { target: { value: typed } });
      expect(screen.getByText(message)).toBeTruthy();
      expect(box.getAttribute('aria-invalid')).toBe('true');
    }
    await advance(1_000);
    expect(api.tokenCalls()).toHaveLength(1);

    fireEvent.change(box, { target: { value: '250.5' } });
    expect(box.getAttribute('aria-invalid')).toBeNull();
    await advance(500);
    expect(api.tokenCalls().map((call) => call.body?.amount)).toEqual(['1234.50', '250.50']);
    await advance(500);
    await ready();
    expect(useAccountPaymentStore.getState().paymentOption).toBe('custom');
  });

  it('re-initialises 500 ms after each change, discarding the stale token, with never two forms', async () => {
    let answer: (response: Response) => void = () => undefined;
    let tokens = 0;
    const api = mockAccountPaymentApi({
      // The first token answers only when released; the later ones at once.
      token: () => (++tokens === 1 ? new Promise<Response>((resolve) => (answer = resolve)) : jsonResponse({ data: { ...TOKEN, token: `ptok_${tokens}` } })),
    });
    renderMakeAPayment();
    await advance(500);
    expect(api.tokenCalls()).toHaveLength(1);
    // Changed while the first token is on its way: that answer is ignored.
    fireEvent.click(radio('One-off payment'));
    fireEvent.change(screen.getByLabelText(/^Amount \(GBP\)/), { target: { value: '100' } });
    await advance(200);
    fireEvent.change(screen.getByLabelText(/^Amount \(GBP\)/), { target: { value: '120' } });
    await advance(499);
    expect(api.tokenCalls()).toHaveLength(1);
    await advance(1);
    expect(api.tokenCalls().map((call) => call.body?.amount)).toEqual(['1234.50', '120.00']);
    await act(async () => answer(jsonResponse({ data: TOKEN })));
    await advance(500);
    expect(sdk.mounts.map((mount) => mount.token)).toEqual(['ptok_2']);
    expect(useAccountPaymentStore.getState().paymentToken).toMatchObject({ token: 'ptok_2', amount: 12_000 });

    fireEvent.click(radio('Pay full balance'));
    expect(sdk.mounts[0]!.destroyed).toBe(true);
    await advance(1_000);
    expect(sdk.mounts.map((mount) => mount.token)).toEqual(['ptok_2', 'ptok_3']);
    expect(sdk.mounts.filter((mount) => !mount.destroyed)).toHaveLength(1);
  });
});

const TOKEN = { token: 'ptok_1', script_url: 'http://localhost/pay/sdk.js', origin: 'http://localhost', expires_at: '2030-01-01T00:00:00.000Z' };

describe('a different billing address', () => {
  it('shows the messages of spec section 5 when paying with an incomplete address, then pays with the address given', async () => {
    const api = mockAccountPaymentApi();
    renderMakeAPayment();
    await openForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tick to use a different billing address' }));
    expect(sdk.mounts[0]!.destroyed).toBe(true);
    const billing = within(screen.getByRole('form', { name: 'Billing address' }));
    fireEvent.change(billing.getByLabelText(/^Country/), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })));
    for (const message of ['Postal code is required', 'Line 1 is required', 'City is required', 'State is required', 'Country is required']) {
      expect(billing.getByText(message)).toBeTruthy();
    }
    expect(alerts()).toEqual([ALERTS.validationErrors.message]);
    expect(document.activeElement).toBe(billing.getByLabelText(/^Postcode/));

    fireEvent.change(billing.getByLabelText(/^Postcode/), { target: { value: 'SW1A 2AA' } });
    fireEvent.change(billing.getByLabelText(/^Line 1/), { target: { value: '10 Downing Street' } });
    fireEvent.change(billing.getByLabelText(/^City/), { target: { value: 'London' } });
    fireEvent.change(billing.getByLabelText(/^State/), { target: { value: 'Greater London' } });
    fireEvent.change(billing.getByLabelText(/^Country/), { target: { value: 'FRA' } });
    await act(async () => undefined);
    expect(billing.queryByText('Line 1 is required')).toBeNull();
    // Checked 100 ms after the last change, then the token 500 ms later.
    await advance(100);
    await advance(500);
    expect(api.tokenCalls().at(-1)!.body).toMatchObject({
      address_line_1: '10 Downing Street',
      address_line_4: 'London',
      address_line_5: 'Greater London',
      address_line_6: 'SW1A 2AA',
      country: 'FR',
    });
  });

  it('finds a UK address by postcode and fills line 1, city and state from the account parsing', async () => {
    mockAccountPaymentApi({
      addresses: () =>
        jsonResponse({ data: { postcode: 'SW1A 2AA', addresses: ['10 Downing Street, , , , , London, Greater London', 'Flat 1, 11 Downing Street, , , , London, Greater London'] } }),
    });
    renderMakeAPayment();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tick to use a different billing address' }));
    const billing = within(screen.getByRole('form', { name: 'Billing address' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' })));
    expect(billing.getByText('Line 1 is required')).toBeTruthy();
    fireEvent.change(billing.getByLabelText(/^Postcode/), { target: { value: 'sw1a2aa' } });
    fireEvent.click(billing.getByRole('button', { name: 'Find address' }));
    // The lookup's call loads with the first lookup, then answers.
    await vi.waitFor(async () => {
      await advance(0);
      billing.getByLabelText('Choose address');
    });
    fireEvent.change(billing.getByLabelText('Choose address'), { target: { value: '1' } });
    expect((billing.getByLabelText(/^Line 1/) as HTMLInputElement).value).toBe('Flat 1');
    expect((billing.getByLabelText(/^Line 2/) as HTMLInputElement).value).toBe('11 Downing Street');
    expect((billing.getByLabelText(/^City/) as HTMLInputElement).value).toBe('London');
    expect((billing.getByLabelText(/^State/) as HTMLInputElement).value).toBe('Greater London');
    expect((billing.getByLabelText(/^Postcode/) as HTMLInputElement).value).toBe('SW1A 2AA');
    // The address chosen clears the messages the attempt to pay showed.
    await advance(0);
    for (const message of ['Postal code is required', 'Line 1 is required', 'City is required', 'State is required']) {
      expect(billing.queryByText(message)).toBeNull();
    }
  });

  it('asks for a billing address when the account has none', async () => {
    signInCustomer(null);
    const api = mockAccountPaymentApi();
    renderMakeAPayment();
    expect(shows('We do not have an address on your account.')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await act(async () => undefined);
    expect(alerts()).toEqual([ALERTS.validationErrors.message]);
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Tick to use a different billing address' }));
    await advance(2_000);
    expect(api.tokenCalls()).toHaveLength(0);
  });
});

describe("the provider's messages", () => {
  it('success: sends the receipt, shows the toast with the payment id, then asks the page to refresh', async () => {
    const api = mockAccountPaymentApi();
    const onPaid = vi.fn();
    renderMakeAPayment(BOOKING, onPaid);
    await openForm();
    await send({ type: 'success', payment_id: 'pay_abc' });
    await advance(0);
    const receipt = api.receiptCalls();
    expect(receipt.map((call) => [call.path, call.search, call.body])).toEqual([
      ['/api/account/bookings/100042/payments/pay_abc', '?currency=GBP', { payment_method_id: 'pay_abc' }],
    ]);
    expect(receipt[0]!.headers.Authorization).toBe('Bearer customer-access-token');
    expect(alerts()).toEqual(['Payment Successful (ID 77)']);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/Your payment of £1,234.50 has been received \(ID 77\)/)).toBeTruthy();
    expect(useAccountPaymentStore.getState()).toMatchObject({ pendingReceipt: null, processing: false, paymentToken: null });
    // No new form until the refreshed balance arrives.
    await advance(2_000);
    expect(api.tokenCalls()).toHaveLength(1);
  });

  it('keeps asking for the receipt through lost answers, saying it is checking, and sends one receipt per payment', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonResponse({ error: { code: 'SERVICE_FAILURE', message: 'Bad gateway' } }, 502),
      () => jsonResponse({ data: { id: 78 } }),
    ];
    let attempt = 0;
    const api = mockAccountPaymentApi({ receipt: () => answers[attempt++]!() });
    const onPaid = vi.fn();
    renderMakeAPayment(BOOKING, onPaid);
    await openForm();
    // The frame repeats its message (a double click on Pay): one receipt.
    const frame = sdk.mounts[0]!;
    act(() => {
      frame.send({ source: 'sandbox-pay', type: 'success', payment_id: 'pay_abc' });
      frame.send({ source: 'sandbox-pay', type: 'success', payment_id: 'pay_abc' });
    });
    await advance(0);
    expect(api.receiptCalls()).toHaveLength(1);
    expect(shows('We have received your payment and are recording it against your booking…')).toBe(true);
    expect(sdk.mounts[0]!.destroyed).toBe(true);
    await advance(1_000);
    expect(api.receiptCalls()).toHaveLength(2);
    expect(shows(CHECKING_TEXT)).toBe(true);
    expect(useAccountPaymentStore.getState().receiptPhase).toBe('checking');
    await advance(2_000);
    expect(api.receiptCalls()).toHaveLength(3);
    expect(alerts()).toEqual(['Payment Successful (ID 78)']);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('a receipt kept from before a reload is sent again when the form opens', async () => {
    const api = mockAccountPaymentApi();
    const onPaid = vi.fn();
    useAccountPaymentStore.getState().paymentTaken({ booking_id: 100042, payment_id: 'pay_kept', currency: 'GBP', amount: 5_000 as MinorUnits });
    renderMakeAPayment(BOOKING, onPaid);
    await advance(0);
    expect(api.receiptCalls().map((call) => call.path)).toEqual(['/api/account/bookings/100042/payments/pay_kept']);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/Your payment of £50.00 has been received \(ID 77\)/)).toBeTruthy();
  });

  it('when this page cannot record the payment it says so, never offers to pay again, and can check again', async () => {
    let status = 404;
    const api = mockAccountPaymentApi({ receipt: () => (status === 200 ? jsonResponse({ data: { id: 79 } }) : jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, status)) });
    const onPaid = vi.fn();
    renderMakeAPayment(BOOKING, onPaid);
    await openForm();
    await send({ type: 'success', payment_id: 'pay_abc' });
    await advance(0);
    expect(shows('Your payment has been taken')).toBe(true);
    expect(shows(/please do not pay again/)).toBe(true);
    expect(screen.getByRole('radio', { name: /^Pay full balance/ }).matches(':disabled')).toBe(true);
    expect(alerts()).toEqual([ALERTS.generalFailure('020 7946 0018').message]);
    await advance(2_000);
    expect(api.tokenCalls()).toHaveLength(1);
    status = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await advance(0);
    expect(api.receiptCalls()).toHaveLength(2);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('failed: the alert, and the provider keeps its form open for another card', async () => {
    mockAccountPaymentApi();
    renderMakeAPayment();
    await openForm();
    await send({ type: 'failed', message: 'Declined' });
    expect(alerts()).toEqual([ALERTS.paymentFailed.message]);
    expect(sdk.mounts[0]!.destroyed).toBe(false);
    expect(useAccountPaymentStore.getState().processing).toBe(false);
  });

  it('cancel or close: processing ends, and the payment can be started again', async () => {
    const api = mockAccountPaymentApi();
    renderMakeAPayment();
    await openForm();
    await send({ type: 'canceled' });
    expect(shows('Payment cancelled')).toBe(true);
    expect(sdk.mounts[0]!.destroyed).toBe(true);
    expect(useAccountPaymentStore.getState()).toMatchObject({ processing: false, paymentToken: null });
    fireEvent.click(screen.getByRole('button', { name: 'Start payment again' }));
    await openForm();
    expect(api.tokenCalls()).toHaveLength(2);
    await send({ type: 'closed' });
    expect(shows('The card form was closed')).toBe(true);
  });

  it("'Expired request': the token cleared, the warning with the regional phone, then the page reloads", async () => {
    mockAccountPaymentApi();
    const reload = vi.fn();
    renderMakeAPayment(BOOKING, () => undefined, reload);
    await openForm();
    await send({ type: 'closed', error: 'Expired request' });
    expect(useAccountPaymentStore.getState().paymentToken).toBeNull();
    expect(alerts()).toEqual([ALERTS.paymentExpired('020 7946 0018').message]);
    expect(useAccountPaymentStore.getState()).toMatchObject({ paymentToken: null, processing: false });
    expect(shows('This payment request has expired')).toBe(true);
    await advance(EXPIRED_RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a token failure raises the general alert and offers to try again', async () => {
    let fail = true;
    const api = mockAccountPaymentApi({
      token: () => (fail ? jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'Too much' } }, 400) : jsonResponse({ data: TOKEN })),
    });
    renderMakeAPayment();
    await advance(500);
    expect(alerts()).toEqual([ALERTS.generalFailure('020 7946 0018').message]);
    expect(shows('We could not open the secure card form')).toBe(true);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await openForm();
    expect(api.tokenCalls()).toHaveLength(2);
    expect(sdk.mounts).toHaveLength(1);
  });
});
