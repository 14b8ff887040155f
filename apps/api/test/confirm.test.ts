import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allocations, auditLog, bookings, outboxMessages, payments } from '../src/db/schema/index.ts';
import { ATTENTION } from '../src/modules/confirmation/index.ts';
import { PAYMENT_REFUSED } from '../src/modules/confirmation/verify.ts';
import { lead, type CreatedTestBooking } from './booking-fixtures.ts';
import { build } from './helper.ts';
import {
  bookDayTrip,
  bookSicily,
  confirm,
  declineOnToken,
  openPayment,
  payToken,
  plentyOfSingleRooms,
  requestToken,
  tokenRequest,
} from './payment-fixtures.ts';
import { CARDS, createToken, submit as submitCard } from './payment-provider-fixtures.ts';

describe('POST /api/bookings/confirm', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const db = () => server.app.db;
  beforeAll(async () => plentyOfSingleRooms(server.app));

  const bookingRow = async (booking: CreatedTestBooking) => (await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!;
  const paymentsOf = (booking: CreatedTestBooking) => db().select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(asc(payments.id));
  const allocationStates = async (booking: CreatedTestBooking) =>
    (await db().select().from(allocations).where(eq(allocations.bookingId, booking.id))).map((row) => row.state);

  it('confirms a paid deposit: reference, sold places, the payment and the confirmation e-mail', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const { token } = await openPayment(server.app, booking, totals.deposit);
    const paymentId = await payToken(server.app, token);

    const response = await confirm(server.app, booking, paymentId);
    expect(response.statusCode, response.body).toBe(200);
    const { status, reference } = response.json().data;
    expect(status).toBe('confirmed');
    expect(reference).toMatch(/^MER-\d{6}$/);

    const row = await bookingRow(booking);
    expect(row).toMatchObject({ status: 'Confirmed', reference, needsAttention: false });
    expect(row.confirmedDate).toBeInstanceOf(Date);
    expect(await allocationStates(booking)).toEqual(['sold', 'sold']);
    expect(await paymentsOf(booking)).toEqual([
      expect.objectContaining({
        amount: 60_525,
        currency: 'GBP',
        status: 'succeeded',
        gatewayStatus: 'succeeded',
        provider: 'sandbox',
        providerPaymentId: paymentId,
        purpose: 'deposit',
        intentId: expect.any(Number),
        settlesBooking: true,
        reference: `${reference}-P1`,
      }),
    ]);

    const mail = await db().select().from(outboxMessages).where(eq(outboxMessages.bookingId, booking.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ toAddress: lead.email, subject: `Your booking ${reference} is confirmed`, status: 'pending', messageKey: `booking-confirmed:${booking.id}` });
    const body = mail[0]!.bodyText;
    expect(body).toContain('Dear Mr Edward Elgar,');
    expect(body).toContain('Tour: Sicily: Greeks and Normans');
    expect(body).toMatch(/Dates: \d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}/);
    expect(body).toContain('  Mr Edward Elgar');
    expect(body).toContain('Total cost: £4,035');
    // The deposit is £605.25: the e-mail states it to the penny.
    expect(body).toContain('Amount paid: £605.25');
    expect(body).toContain('Balance due: £3,429.75');
    const audit = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.bookingId, booking.id));
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['payment.intent_created', 'payment.recorded', 'booking.confirmed']));
  });

  it('answers the same when the same payment is confirmed again, with one payment and one e-mail', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.total)).token);
    const first = await confirm(server.app, booking, paymentId);
    const second = await confirm(server.app, booking, paymentId);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await paymentsOf(booking)).toHaveLength(1);
    expect((await paymentsOf(booking))[0]).toMatchObject({ purpose: 'full', amount: totals.total });
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.bookingId, booking.id))).toHaveLength(1);
    expect((await bookingRow(booking)).needsAttention).toBe(false);
  });

  it('refuses a declined payment, and records nothing', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const { token } = await openPayment(server.app, booking, totals.deposit);
    const declined = await declineOnToken(server.app, booking, token);
    const response = await confirm(server.app, booking, declined);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { payment_id: PAYMENT_REFUSED.declined } });
    expect(await paymentsOf(booking)).toEqual([]);
    expect(await bookingRow(booking)).toMatchObject({ status: 'Quote', needsAttention: false });
    expect(await allocationStates(booking)).toEqual(['held', 'held']);
  });

  it('refuses a payment made for another booking, and records nothing on either', async () => {
    const first = await bookSicily(server.app);
    const other = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, first.booking, first.totals.deposit)).token);
    const response = await confirm(server.app, other.booking, paymentId);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ payment_id: PAYMENT_REFUSED.otherBooking });
    expect(await paymentsOf(other.booking)).toEqual([]);
    expect(await paymentsOf(first.booking)).toEqual([]);
    expect((await bookingRow(other.booking)).status).toBe('Quote');
  });

  it('refuses an unknown payment id and a currency other than the booking’s', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const unknown = await confirm(server.app, booking, 'pay_000000000000000000000000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ payment_id: PAYMENT_REFUSED.unknown });
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    const usd = await confirm(server.app, booking, paymentId, 'USD');
    expect(usd.statusCode).toBe(400);
    expect(usd.json().error.fields).toEqual({ currency: 'This booking is paid in GBP.' });
    const empty = await confirm(server.app, booking, ' ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ payment_id: 'Value is required' });
    expect(await paymentsOf(booking)).toEqual([]);
    // The refusals leave the booking as it was: the right call still confirms it.
    expect((await confirm(server.app, booking, paymentId)).json().data.status).toBe('confirmed');
  });

  it('refuses a payment id already recorded on another booking', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    // Recorded elsewhere by hand (a support mistake): the unique provider id keeps it there.
    const [seeded] = await db().select({ id: payments.bookingId, currency: payments.currency }).from(payments).limit(1);
    await db().insert(payments).values({ bookingId: seeded!.id, currency: seeded!.currency, bookingCurrency: seeded!.currency, amount: 100, status: 'succeeded', provider: 'sandbox', providerPaymentId: paymentId });
    const response = await confirm(server.app, booking, paymentId);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ payment_id: PAYMENT_REFUSED.otherBooking });
    expect(await paymentsOf(booking)).toEqual([]);
  });

  it('counts a second payment on a confirmed booking towards its balance, answering its reference', async () => {
    const { booking, totals } = await bookSicily(server.app);
    // Two tabs: two card forms opened before either was paid.
    const [one, two] = [await openPayment(server.app, booking, totals.deposit), await openPayment(server.app, booking, totals.deposit)];
    const first = await payToken(server.app, one.token);
    const second = await payToken(server.app, two.token);
    const confirmed = (await confirm(server.app, booking, first)).json().data;
    const again = await confirm(server.app, booking, second);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(confirmed);
    const recorded = await paymentsOf(booking);
    expect(recorded.map((p) => [p.providerPaymentId, p.settlesBooking, p.reference])).toEqual([
      [first, true, `${confirmed.reference}-P1`],
      [second, false, `${confirmed.reference}-P2`],
    ]);
    // Two deposits are still less than the total: a balance payment, nothing to refund.
    expect(await bookingRow(booking)).toMatchObject({ status: 'Confirmed', needsAttention: false });
    // Replaying the second payment changes nothing more.
    expect((await confirm(server.app, booking, second)).json().data).toEqual(confirmed);
    expect(await paymentsOf(booking)).toHaveLength(2);
  });

  it('records a payment that matches no amount we asked for, confirms nothing and flags the booking', async () => {
    const { booking } = await bookSicily(server.app);
    // A form opened at the provider for this booking, but not through our API, for an amount we never agreed to.
    const { token } = await createToken(server.app, { crm_key: String(booking.id), amount: '1.00' });
    const paymentId = await payToken(server.app, token);
    const response = await confirm(server.app, booking, paymentId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'unconfirmed', reference: String(booking.id), booking_status: 'Unconfirmed' });
    expect(await paymentsOf(booking)).toEqual([expect.objectContaining({ amount: 100, intentId: null, purpose: null, settlesBooking: true })]);
    expect(await bookingRow(booking)).toMatchObject({ status: 'Unconfirmed', needsAttention: true, attentionReason: ATTENTION.unmatched });
    expect(await allocationStates(booking)).toEqual(['held', 'held']);
  });

  it('does not confirm a payment of a form opened before a promotion: it is recorded, and flagged as outdated', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const { token } = await openPayment(server.app, booking, totals.total);
    const promotion = await server.app.inject({ method: 'POST', url: '/api/bookings/promotion', headers: booking.headers, payload: { code: 'WELCOME100' } });
    expect(promotion.json().data.details.total_price.value).toBe(totals.total - 10_000);
    // The provider has withdrawn the old form: the card is refused, nothing is taken.
    expect((await submitCard(server.app, token, { card_number: CARDS.succeeds })).json()).toEqual({ status: 'expired' });
    expect(await paymentsOf(booking)).toEqual([]);
    expect((await bookingRow(booking)).status).toBe('Quote');
  });

  it('confirms a day trip paid in full', async () => {
    const { booking, totals } = await bookDayTrip(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.total)).token);
    const response = await confirm(server.app, booking, paymentId);
    expect(response.json().data).toEqual({ status: 'confirmed', reference: expect.stringMatching(/^MER-\d{6}$/), booking_status: 'Confirmed' });
    expect(await allocationStates(booking)).toEqual(['sold']);
    expect((await paymentsOf(booking))[0]).toMatchObject({ amount: 15_500, purpose: 'full' });
    const [mail] = await db().select().from(outboxMessages).where(eq(outboxMessages.bookingId, booking.id));
    expect(mail!.bodyText).toContain('Amount paid: £155');
    expect(mail!.bodyText).toContain('Balance due: £0');
    // One day: one date.
    expect(mail!.bodyText).toMatch(/\nDate: \d{1,2} \w+ \d{4}\n/);
  });

  it('closes the booking to further changes once confirmed', async () => {
    const { booking, totals } = await bookSicily(server.app);
    await confirm(server.app, booking, await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token));
    const token = await requestToken(server.app, booking, tokenRequest(booking, totals.total - totals.deposit));
    expect(token.statusCode).toBe(409);
    expect(token.json().error.code).toBe('CONFLICT');
    const promotion = await server.app.inject({ method: 'POST', url: '/api/bookings/promotion', headers: booking.headers, payload: { code: 'WELCOME100' } });
    expect(promotion.statusCode).toBe(409);
    expect(promotion.json().error.code).toBe('CONFLICT');
    const held = await db().select().from(allocations).where(and(eq(allocations.bookingId, booking.id), eq(allocations.state, 'held')));
    expect(held).toEqual([]);
  });
});
