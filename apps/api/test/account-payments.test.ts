import { VALIDATION } from '@tours/domain';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PaymentGatewayError } from '../src/adapters/payments/index.ts';
import { auditLog, bookings, payEvents, paymentIntents, payments, payPayments } from '../src/db/schema/index.ts';
import { PAYMENT_REFUSED } from '../src/modules/confirmation/verify.ts';
import { NO_BALANCE } from '../src/modules/account/balance-payment.ts';
import { reconcilePayments } from '../src/modules/confirmation/index.ts';
import {
  accountBooking,
  accountPayments,
  accountTestServer,
  cardPaymentRequest,
  openAccountPayment,
  payOnForm,
  requestAccountToken,
  submitReceipt,
  type AccountCustomer,
} from './account-fixtures.ts';
import { expectApiError, testClock } from './helper.ts';
import { SITE_ORIGIN } from './payment-fixtures.ts';
import { CARDS, submit as submitCard } from './payment-provider-fixtures.ts';

const TOKEN_TTL_SECONDS = 900;

describe('balance payments in the account area', () => {
  const clock = testClock();
  const { app, seedCustomer } = accountTestServer({ clock });
  const db = () => app().db;

  const outstanding = async (customer: AccountCustomer, bookingId = customer.withBalance.id) =>
    (await accountBooking(app(), customer.headers, bookingId)).booking.outstanding_balance.value;
  const intentsOf = (bookingId: number) => db().select().from(paymentIntents).where(eq(paymentIntents.bookingId, bookingId)).orderBy(asc(paymentIntents.id));
  const paymentsOf = (bookingId: number) => db().select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.id));
  const bookingRow = async (bookingId: number) => (await db().select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;

  it('refuses over-payment, zero, negative, three decimals and another currency with field messages, and opens nothing', async () => {
    const customer = await seedCustomer();
    const bookingId = customer.withBalance.id;
    const balance = await outstanding(customer);
    const refusals: [object, string, string][] = [
      [cardPaymentRequest(bookingId, balance + 1), 'amount', VALIDATION.amountAboveBalance],
      [{ ...cardPaymentRequest(bookingId, 100), amount: '0.00' }, 'amount', VALIDATION.amountPositive],
      [{ ...cardPaymentRequest(bookingId, 100), amount: '-5.00' }, 'amount', VALIDATION.amountPositive],
      [{ ...cardPaymentRequest(bookingId, 100), amount: '10.005' }, 'amount', VALIDATION.amountDecimals],
      [{ ...cardPaymentRequest(bookingId, 100), amount: '10.5' }, 'amount', VALIDATION.amountDecimals],
      [cardPaymentRequest(bookingId, 100, 'USD'), 'currency', 'This booking is priced in GBP: pay in GBP.'],
      [{ ...cardPaymentRequest(bookingId, 100), first_name: ' ' }, 'first_name', VALIDATION.firstNameRequired],
    ];
    for (const [body, field, message] of refusals) {
      const response = await requestAccountToken(app(), customer.headers, bookingId, body);
      expectApiError(response, 400, 'VALIDATION_FAILED');
      expect(response.json().error.fields[field], JSON.stringify(body)).toContain(message);
    }
    expect(await intentsOf(bookingId)).toEqual([]);
    expect(await outstanding(customer)).toBe(balance);
  });

  it('opens nothing on a booking with nothing outstanding (400) or one that takes no payments (409)', async () => {
    const customer = await seedCustomer();
    const paid = await requestAccountToken(app(), customer.headers, customer.paidInFull.id, cardPaymentRequest(customer.paidInFull.id, 100, 'USD'));
    expectApiError(paid, 400, 'VALIDATION_FAILED');
    expect(paid.json().error.fields.amount).toBe(NO_BALANCE);
    const cancelled = await requestAccountToken(app(), customer.headers, customer.cancelled.id, cardPaymentRequest(customer.cancelled.id, 100));
    expectApiError(cancelled, 409, 'CONFLICT');
    for (const booking of [customer.paidInFull, customer.cancelled]) expect(await intentsOf(booking.id)).toEqual([]);
    expect((await bookingRow(customer.cancelled.id)).status).toBe('Cancelled');
  });

  it('pays a one-off part, then the full balance, through the card provider: the balance goes to nothing and the history shows both', async () => {
    const customer = await seedCustomer();
    const bookingId = customer.withBalance.id;
    const before = await bookingRow(bookingId);
    const balance = await outstanding(customer);
    const history = await accountPayments(app(), customer.headers, bookingId);

    const part = 12_345;
    const form = await openAccountPayment(app(), customer.headers, bookingId, part);
    expect(form).toMatchObject({ script_url: `${SITE_ORIGIN}/pay/sdk.js`, origin: SITE_ORIGIN });
    const partId = await payOnForm(app(), form.token);
    const first = await submitReceipt(app(), customer.headers, bookingId, partId, 'GBP', 'pm_card_one');
    expect(first.statusCode, first.body).toBe(200);
    const firstRow = (await paymentsOf(bookingId)).find((row) => row.providerPaymentId === partId)!;
    expect(first.json()).toEqual({ data: { id: firstRow.id } });
    expect(firstRow).toMatchObject({ amount: part, currency: 'GBP', status: 'succeeded', purpose: 'one-off', paymentMethodId: 'pm_card_one', settlesBooking: false, appliedAt: expect.any(Date) });
    expect(await outstanding(customer)).toBe(balance - part);

    const rest = balance - part;
    const balanceId = await payOnForm(app(), (await openAccountPayment(app(), customer.headers, bookingId, rest)).token);
    const second = await submitReceipt(app(), customer.headers, bookingId, balanceId);
    expect(second.statusCode, second.body).toBe(200);
    expect(await outstanding(customer)).toBe(0);
    expect((await intentsOf(bookingId)).map((intent) => [intent.purpose, intent.amount, intent.status])).toEqual([
      ['one-off', part, 'paid'],
      ['balance', rest, 'paid'],
    ]);

    const items = await accountPayments(app(), customer.headers, bookingId);
    expect(items).toHaveLength(history.length + 2);
    expect(items.slice(0, 2)).toEqual([
      expect.objectContaining({ id: second.json().data.id, payment_id: balanceId, amount: { value: rest, currency: 'GBP' }, detail: { gateway_status: 'succeeded' }, reference: `${customer.withBalance.reference}-P4` }),
      expect.objectContaining({ id: firstRow.id, payment_id: partId, amount: { value: part, currency: 'GBP' }, detail: { gateway_status: 'succeeded' }, reference: `${customer.withBalance.reference}-P3` }),
    ]);
    // The account area never changes the booking's status, reference or confirmation, and nothing is flagged.
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'Confirmed', reference: before.reference, confirmedDate: before.confirmedDate, needsAttention: false });
    // Nothing more can be paid now.
    const more = await requestAccountToken(app(), customer.headers, bookingId, cardPaymentRequest(bookingId, 100));
    expect(more.json().error.fields.amount).toBe(NO_BALANCE);
  });

  it('records a receipt replayed, or sent several times at once, exactly once', async () => {
    const customer = await seedCustomer();
    const bookingId = customer.withBalance.id;
    const balance = await outstanding(customer);
    const paymentId = await payOnForm(app(), (await openAccountPayment(app(), customer.headers, bookingId, 5_000)).token);
    const racing = await Promise.all([1, 2, 3].map(() => submitReceipt(app(), customer.headers, bookingId, paymentId)));
    for (const response of racing) expect(response.statusCode, response.body).toBe(200);
    const ids = new Set(racing.map((response) => response.json().data.id));
    expect(ids.size).toBe(1);
    const replay = await submitReceipt(app(), customer.headers, bookingId, paymentId, 'GBP', 'pm_another_card');
    expect(replay.json().data.id).toBe([...ids][0]);
    const recorded = (await paymentsOf(bookingId)).filter((row) => row.providerPaymentId === paymentId);
    expect(recorded).toHaveLength(1);
    // The first receipt's card is kept.
    expect(recorded[0]!.paymentMethodId).toBe('pm_sandbox_visa_4242');
    expect(await outstanding(customer)).toBe(balance - 5_000);
    const applied = await db().select().from(auditLog).where(and(eq(auditLog.bookingId, bookingId), eq(auditLog.action, 'payment.applied_to_balance')));
    expect(applied).toHaveLength(1);
  });

  it('refuses a receipt for a payment made for another booking, and one in another currency than the booking’s', async () => {
    const customer = await seedCustomer();
    const other = await seedCustomer();
    const paymentId = await payOnForm(app(), (await openAccountPayment(app(), customer.headers, customer.withBalance.id, 2_500)).token);
    // The customer's own other booking, and another customer's booking, alike.
    const ownOther = await submitReceipt(app(), customer.headers, customer.paidInFull.id, paymentId, 'USD');
    expectApiError(ownOther, 400, 'VALIDATION_FAILED');
    expect(ownOther.json().error.fields.payment_id).toBe(PAYMENT_REFUSED.otherBooking);
    const theirs = await submitReceipt(app(), other.headers, other.withBalance.id, paymentId);
    expectApiError(theirs, 400, 'VALIDATION_FAILED');
    expect(theirs.json().error.fields.payment_id).toBe(PAYMENT_REFUSED.otherBooking);
    const wrongCurrency = await submitReceipt(app(), customer.headers, customer.withBalance.id, paymentId, 'USD');
    expectApiError(wrongCurrency, 400, 'VALIDATION_FAILED');
    expect(wrongCurrency.json().error.fields.currency).toBe('This booking is paid in GBP.');
    for (const bookingId of [customer.paidInFull.id, other.withBalance.id]) {
      expect((await paymentsOf(bookingId)).some((row) => row.providerPaymentId === paymentId)).toBe(false);
    }
    expect((await paymentsOf(customer.withBalance.id)).some((row) => row.providerPaymentId === paymentId)).toBe(false);
    // Its own booking takes it.
    const own = await submitReceipt(app(), customer.headers, customer.withBalance.id, paymentId);
    expect(own.statusCode, own.body).toBe(200);
    // Once recorded, another booking is refused all the same.
    expectApiError(await submitReceipt(app(), other.headers, other.withBalance.id, paymentId), 400, 'VALIDATION_FAILED');
  });

  it('records nothing for a declined card or a payment the provider does not know', async () => {
    const customer = await seedCustomer();
    const bookingId = customer.withBalance.id;
    const balance = await outstanding(customer);
    const form = await openAccountPayment(app(), customer.headers, bookingId, 7_500);
    const declined = await submitCard(app(), form.token, { card_number: CARDS.declined });
    expect(declined.json().status).toBe('declined');
    const [attempt] = await db().select({ id: payPayments.id }).from(payPayments).where(and(eq(payPayments.crmKey, String(bookingId)), eq(payPayments.status, 'declined')));
    const response = await submitReceipt(app(), customer.headers, bookingId, attempt!.id);
    expectApiError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.fields.payment_id).toBe(PAYMENT_REFUSED.declined);
    const unknown = await submitReceipt(app(), customer.headers, bookingId, 'pay_000000000000000000000000');
    expect(unknown.json().error.fields.payment_id).toBe(PAYMENT_REFUSED.unknown);
    expect(await paymentsOf(bookingId)).toHaveLength(2);
    expect(await outstanding(customer)).toBe(balance);
  });

  it('answers 502 when the card provider cannot be asked, opening and recording nothing; the receipt sent again later is taken', async () => {
    const customer = await seedCustomer();
    const bookingId = customer.withBalance.id;
    const gateway = app().adapters.payments;
    const { createToken, getPayment } = gateway;
    const unreachable = async () => {
      throw new PaymentGatewayError('The card provider did not answer');
    };
    gateway.createToken = unreachable;
    try {
      expectApiError(await requestAccountToken(app(), customer.headers, bookingId, cardPaymentRequest(bookingId, 1_000)), 502, 'SERVICE_FAILURE');
    } finally {
      gateway.createToken = createToken;
    }
    expect(await intentsOf(bookingId)).toEqual([]);

    const paymentId = await payOnForm(app(), (await openAccountPayment(app(), customer.headers, bookingId, 1_000)).token);
    gateway.getPayment = unreachable;
    try {
      expectApiError(await submitReceipt(app(), customer.headers, bookingId, paymentId), 502, 'SERVICE_FAILURE');
    } finally {
      gateway.getPayment = getPayment;
    }
    expect((await paymentsOf(bookingId)).some((row) => row.providerPaymentId === paymentId)).toBe(false);
    const again = await submitReceipt(app(), customer.headers, bookingId, paymentId);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('attaches a balance payment whose receipt never arrives: the provider’s notification records it, once', async () => {
    const customer = await seedCustomer();
    const bookingId = customer.withBalance.id;
    const balance = await outstanding(customer);
    const paymentId = await payOnForm(app(), (await openAccountPayment(app(), customer.headers, bookingId, balance)).token);
    const [event] = (await db().select().from(payEvents)).filter((row) => (row.payload as { payment: { id: string } }).payment.id === paymentId);
    expect(event).toBeDefined();
    await app().payProviderNotifications.deliverDue();
    const recorded = (await paymentsOf(bookingId)).filter((row) => row.providerPaymentId === paymentId);
    expect(recorded).toEqual([expect.objectContaining({ amount: balance, purpose: 'balance', appliedAt: expect.any(Date), paymentMethodId: null })]);
    expect(await outstanding(customer)).toBe(0);
    // The receipt arriving late finds it and answers its id.
    const late = await submitReceipt(app(), customer.headers, bookingId, paymentId);
    expect(late.json()).toEqual({ data: { id: recorded[0]!.id } });
    expect((await paymentsOf(bookingId)).filter((row) => row.providerPaymentId === paymentId)).toHaveLength(1);
    expect((await bookingRow(bookingId)).status).toBe('Confirmed');
  });

  it('attaches a balance payment whose receipt and notification never arrive: reconciliation finds it after the form expires', async () => {
    const customer = await seedCustomer();
    const bookingId = customer.withBalance.id;
    const balance = await outstanding(customer);
    const paymentId = await payOnForm(app(), (await openAccountPayment(app(), customer.headers, bookingId, balance)).token);
    // The tab was closed and the notification lost.
    await db().update(payEvents).set({ deliveredAt: clock.now() });
    clock.advance(TOKEN_TTL_SECONDS + 1);
    const run = await reconcilePayments(app());
    expect(run.paymentsSettled).toBeGreaterThanOrEqual(1);
    expect(run.failures).toBe(0);
    expect((await paymentsOf(bookingId)).filter((row) => row.providerPaymentId === paymentId)).toEqual([
      expect.objectContaining({ amount: balance, purpose: 'balance', status: 'succeeded', appliedAt: expect.any(Date) }),
    ]);
    expect(await outstanding(customer)).toBe(0);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'Confirmed', needsAttention: false });
  });
});
