import { BOOKING_TOKEN_TIMEOUT_SECONDS } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaymentGatewayError } from '../src/adapters/payments/index.ts';
import { signNotification, SIGNATURE_HEADER } from '../src/adapters/payments/wire.ts';
import { allocations, auditLog, bookings, outboxMessages, payEvents, paymentIntents, paymentNotifications, payments } from '../src/db/schema/index.ts';
import { ATTENTION } from '../src/modules/confirmation/index.ts';
import { SETTLEMENT_PENDING } from '../src/modules/confirmation/index.ts';
import { sweepExpiredHolds } from '../src/modules/inventory/index.ts';
import { reconcilePayments } from '../src/modules/confirmation/index.ts';
import { createBooking, lead, type CreatedTestBooking } from './booking-fixtures.ts';
import { build, testClock } from './helper.ts';
import { bookDayTrip, bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms } from './payment-fixtures.ts';
import { CARDS, createToken, submit as submitCard } from './payment-provider-fixtures.ts';

const TOKEN_TTL_SECONDS = 900;

describe('the money path: payments are settled by the server, once', () => {
  const clock = testClock();
  const server = build({ clock, env: { TEST_FAULTS: 'true', HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const db = () => server.app.db;
  beforeAll(async () => plentyOfSingleRooms(server.app));

  const bookingRow = async (booking: CreatedTestBooking) => (await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!;
  const paymentsOf = (booking: CreatedTestBooking) => db().select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(asc(payments.id));
  const statesOf = async (booking: CreatedTestBooking) => (await db().select().from(allocations).where(eq(allocations.bookingId, booking.id))).map((row) => row.state);
  const confirmationMails = (booking: CreatedTestBooking) => db().select().from(outboxMessages).where(eq(outboxMessages.bookingId, booking.id));

  /** The provider's own notification of a payment, as it is queued in its outbox. */
  async function notificationOf(providerPaymentId: string) {
    const events = await db().select().from(payEvents);
    const event = events.find((row) => (row.payload as { payment: { id: string } }).payment.id === providerPaymentId)!;
    return JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt.toISOString(), data: event.payload });
  }
  const notify = (body: string, secret = server.app.config.payments.webhookSecret, at = clock.now()) =>
    server.app.inject({
      method: 'POST',
      url: '/api/payments/notifications',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signNotification(secret, body, Math.floor(at.getTime() / 1000)) },
      payload: body,
    });

  it('settles a payment whose confirmation never arrives: one reconciliation run confirms the booking', async () => {
    const { booking, totals } = await bookSicily(server.app);
    await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    // The tab was closed: no confirm call, and the notification is lost. The request expires unsettled.
    clock.advance(TOKEN_TTL_SECONDS + 1);
    const run = await reconcilePayments(server.app);
    expect(run).toMatchObject({ paymentsSettled: 1, failures: 0 });
    const row = await bookingRow(booking);
    expect(row).toMatchObject({ status: 'Confirmed', needsAttention: false });
    expect(row.reference).toMatch(/^MER-\d{6}$/);
    expect(await paymentsOf(booking)).toEqual([expect.objectContaining({ amount: totals.deposit, settlesBooking: true, appliedAt: expect.any(Date) })]);
    expect(await statesOf(booking)).toEqual(['sold', 'sold']);
    expect(await confirmationMails(booking)).toHaveLength(1);
    // A second run finds nothing to do.
    expect(await reconcilePayments(server.app)).toMatchObject({ paymentsSettled: 0, paymentsApplied: 0 });
  });

  it('settles from the provider’s signed notification; a replay raced with the browser’s confirm gives one payment and one answer', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    const body = await notificationOf(paymentId);
    const [a, b, c, browser] = await Promise.all([notify(body), notify(body), notify(body), confirm(server.app, booking, paymentId)]);
    for (const response of [a, b, c]) expect(response.statusCode, response.body).toBe(200);
    expect(browser.statusCode, browser.body).toBe(200);
    const answer = browser.json().data;
    expect(answer).toMatchObject({ status: 'confirmed', reference: (await bookingRow(booking)).reference });
    expect(await paymentsOf(booking)).toHaveLength(1);
    expect(await confirmationMails(booking)).toHaveLength(1);
    const received = await db().select().from(paymentNotifications).where(eq(paymentNotifications.providerPaymentId, paymentId));
    expect(received).toEqual([expect.objectContaining({ processedAt: expect.any(Date) })]);
    // The browser asking again later gets the same answer.
    expect((await confirm(server.app, booking, paymentId)).json().data).toEqual(answer);
  });

  it('refuses a notification with a wrong signature or an old timestamp, and changes nothing', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    const body = await notificationOf(paymentId);
    expect((await notify(body, 'whsec_not_the_right_secret_at_all')).statusCode).toBe(401);
    expect((await notify(body, undefined, new Date(clock.now().getTime() - 600_000))).statusCode).toBe(401);
    expect((await notify(body.replace('"payment.succeeded"', '"payment.succeeded" '))).statusCode).toBe(200);
    const unsigned = await server.app.inject({ method: 'POST', url: '/api/payments/notifications', headers: { 'content-type': 'application/json' }, payload: body });
    expect(unsigned.statusCode).toBe(401);
  });

  it('the provider retries an unacknowledged notification with backoff until it is acknowledged', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    const config = server.app.config.payments;
    const secret = config.webhookSecret;
    // Our endpoint refuses it (as if our secret had been rotated wrongly): the provider keeps it.
    config.webhookSecret = 'whsec_rotated_by_mistake_0000000';
    try {
      expect(await server.app.payProviderNotifications.deliverDue()).toMatchObject({ failed: expect.any(Number) });
    } finally {
      config.webhookSecret = secret;
    }
    const [event] = await db().select().from(payEvents).where(eq(payEvents.id, JSON.parse(await notificationOf(paymentId)).id));
    expect(event).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(event!.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());
    expect((await bookingRow(booking)).status).toBe('Quote');
    clock.advance(6);
    await server.app.payProviderNotifications.deliverDue();
    const [delivered] = await db().select().from(payEvents).where(eq(payEvents.id, event!.id));
    expect(delivered).toMatchObject({ attempts: 2, deliveredAt: expect.any(Date) });
    expect((await bookingRow(booking)).status).toBe('Confirmed');
  });

  it('flags a form paid after the total changed instead of confirming it, and the provider refuses withdrawn forms', async () => {
    // The provider could not be told of the change in time: the old form is paid before it hears.
    const { booking, totals } = await bookSicily(server.app);
    const old = await openPayment(server.app, booking, totals.total);
    const gateway = server.app.adapters.payments;
    const cancel = gateway.cancelPaymentRequest;
    gateway.cancelPaymentRequest = async () => {
      throw new PaymentGatewayError('The card provider did not answer');
    };
    try {
      const promotion = await server.app.inject({ method: 'POST', url: '/api/bookings/promotion', headers: booking.headers, payload: { code: 'WELCOME100' } });
      expect(promotion.statusCode, promotion.body).toBe(200);
    } finally {
      gateway.cancelPaymentRequest = cancel;
    }
    const paymentId = await payToken(server.app, old.token);
    const response = await confirm(server.app, booking, paymentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'unconfirmed' });
    expect(await bookingRow(booking)).toMatchObject({ status: 'Unconfirmed', needsAttention: true, attentionReason: ATTENTION.outdated });
    expect(await paymentsOf(booking)).toEqual([expect.objectContaining({ amount: totals.total, appliedAt: expect.any(Date) })]);

    // When the provider hears of the change, the old form refuses the card and closes as expired.
    const other = await bookSicily(server.app);
    const stale = await openPayment(server.app, other.booking, other.totals.total);
    await server.app.inject({ method: 'POST', url: '/api/bookings/promotion', headers: other.booking.headers, payload: { code: 'WELCOME100' } });
    const refused = await submitCard(server.app, stale.token, { card_number: CARDS.succeeds });
    expect(refused.json()).toEqual({ status: 'expired' });
    const [intent] = await db().select().from(paymentIntents).where(eq(paymentIntents.bookingId, other.booking.id));
    expect(intent).toMatchObject({ status: 'cancelled', cancelConfirmedAt: expect.any(Date) });
    // The new form is opened for the new total and confirms.
    const details = (await server.app.inject({ method: 'GET', url: '/api/bookings/payment-details', headers: other.booking.headers })).json().data;
    expect(details.details.total_price.value).toBe(other.totals.total - 10_000);
    expect(details.promotion).toMatchObject({ component_type: 'PromotionalCode', price: { value: -10_000 } });
    const fresh = await payToken(server.app, (await openPayment(server.app, other.booking, details.details.total_price.value)).token);
    expect((await confirm(server.app, other.booking, fresh)).json().data.status).toBe('confirmed');
  });

  it('retries a transient database failure at settlement and confirms', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    server.app.faultSwitch.arm(booking.id, 'settle-transient', 2);
    const response = await confirm(server.app, booking, paymentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('confirmed');
    expect(await bookingRow(booking)).toMatchObject({ status: 'Confirmed', needsAttention: false });
  });

  it('leaves a failure that outlasts the retries to reconciliation, never making it permanent', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    server.app.faultSwitch.arm(booking.id, 'settle-transient', 4);
    const response = await confirm(server.app, booking, paymentId);
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({ code: 'SERVICE_FAILURE', message: SETTLEMENT_PENDING });
    expect(await bookingRow(booking)).toMatchObject({ status: 'Quote', needsAttention: false });
    expect(await paymentsOf(booking)).toEqual([expect.objectContaining({ appliedAt: null })]);
    clock.advance(10);
    expect(await reconcilePayments(server.app)).toMatchObject({ paymentsApplied: 1 });
    expect((await bookingRow(booking)).status).toBe('Confirmed');
    expect((await confirm(server.app, booking, paymentId)).json().data.status).toBe('confirmed');
  });

  it('does not release the holds of a booking with an open, paid request: reconciliation settles it first', async () => {
    const { booking, totals } = await bookSicily(server.app);
    await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    clock.advance(BOOKING_TOKEN_TIMEOUT_SECONDS + 1);
    const swept = await sweepExpiredHolds(db(), clock.now());
    expect(swept.bookingIds).not.toContain(booking.id);
    expect(await statesOf(booking)).toEqual(['held', 'held']);
    await reconcilePayments(server.app);
    expect(await statesOf(booking)).toEqual(['sold', 'sold']);
    expect((await bookingRow(booking)).status).toBe('Confirmed');
  });

  it('releases the holds once the provider says the open request was never paid', async () => {
    const { booking, totals } = await bookSicily(server.app);
    await openPayment(server.app, booking, totals.deposit);
    clock.advance(BOOKING_TOKEN_TIMEOUT_SECONDS + 1);
    expect((await sweepExpiredHolds(db(), clock.now())).bookingIds).not.toContain(booking.id);
    expect(await reconcilePayments(server.app)).toMatchObject({ requestsExpired: expect.any(Number) });
    expect((await sweepExpiredHolds(db(), clock.now())).bookingIds).toContain(booking.id);
    expect((await bookingRow(booking)).status).toBe('Quote');
  });

  it('books a departure under five weeks away as Optional, and keeps it Optional once paid', async () => {
    const vienna = await createBooking(server.app, { code: 'MHW-VIE', startsInDays: 20, passengers: [lead] });
    expect(vienna.status).toBe('Optional');
    expect((await bookingRow(vienna)).status).toBe('Optional');
    // Paying an optional booking gives it its reference; staff confirm it after their availability checks.
    const { booking, totals } = await bookSicily(server.app);
    await db().update(bookings).set({ status: 'Optional' }).where(eq(bookings.id, booking.id));
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    const answer = (await confirm(server.app, booking, paymentId)).json().data;
    expect(answer).toMatchObject({ status: 'confirmed', booking_status: 'Optional', reference: expect.stringMatching(/^MER-/) });
    expect(await bookingRow(booking)).toMatchObject({ status: 'Optional', confirmedDate: null });
  });

  it('flags a payment taken in another currency than the booking’s: nothing confirmed, staff told', async () => {
    const { booking } = await bookSicily(server.app);
    // A form opened at the provider for this booking but not through our API, in dollars.
    const { token } = await createToken(server.app, { crm_key: String(booking.id), amount: '605.25', currency: 'USD' });
    const paymentId = await payToken(server.app, token);
    const response = await confirm(server.app, booking, paymentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'unconfirmed', reference: String(booking.id) });
    expect(await bookingRow(booking)).toMatchObject({ status: 'Unconfirmed', needsAttention: true, attentionReason: ATTENTION.otherCurrency });
    // Recorded as taken, in its own currency, so staff can refund it (issue 26); it settles nothing and counts toward no balance.
    expect((await paymentsOf(booking)).map(({ currency, amount, settlesBooking }) => ({ currency, amount, settlesBooking }))).toEqual([
      { currency: 'USD', amount: 60525, settlesBooking: false },
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.bookingId, booking.id));
    expect(audit.map((row) => row.action)).toContain('payment.currency_mismatch');
  });

  it('confirms a booking a promotion brings to a total of 0 without a card payment', async () => {
    const { booking } = await bookDayTrip(server.app, { code: 'OT-BAC', startsInDays: 38, passengers: [lead] });
    const refused = await server.app.inject({ method: 'POST', url: '/api/bookings/confirm', headers: booking.headers, payload: { currency: 'GBP' } });
    expect(refused.statusCode).toBe(400);
    const promotion = await server.app.inject({ method: 'POST', url: '/api/bookings/promotion', headers: booking.headers, payload: { code: 'WELCOME100' } });
    expect(promotion.json().data.details.total_price.value).toBe(0);
    const response = await server.app.inject({ method: 'POST', url: '/api/bookings/confirm', headers: booking.headers, payload: { currency: 'GBP' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'confirmed', booking_status: 'Confirmed' });
    expect(await paymentsOf(booking)).toEqual([]);
    expect(await statesOf(booking)).toEqual(['sold']);
    expect(await confirmationMails(booking)).toHaveLength(1);
  });
});
