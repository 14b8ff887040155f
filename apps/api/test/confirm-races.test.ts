import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allocations, bookings, departures, outboxMessages, payments } from '../src/db/schema/index.ts';
import { isActiveAllocation } from '../src/modules/inventory/index.ts';
import { ATTENTION } from '../src/modules/confirmation/index.ts';
import { lead, type CreatedTestBooking } from './booking-fixtures.ts';
import { build } from './helper.ts';
import { bookDayTrip, bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms } from './payment-fixtures.ts';

/**
 * Confirmations racing each other. On the PostgreSQL lane the requests run in
 * parallel on separate connections; on PGlite the engine serialises them, and
 * the answers must be the same.
 */
describe('confirmation races', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const db = () => server.app.db;
  beforeAll(async () => plentyOfSingleRooms(server.app));

  const paymentsOf = (booking: CreatedTestBooking) => db().select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(asc(payments.id));
  const bookingRow = async (booking: CreatedTestBooking) => (await db().select().from(bookings).where(eq(bookings.id, booking.id)))[0]!;

  it('gives five simultaneous confirmations of one payment one payment, one confirmed booking and one answer', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    const responses = await Promise.all(Array.from({ length: 5 }, () => confirm(server.app, booking, paymentId)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const answers = responses.map((response) => response.json().data);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 'confirmed', reference: expect.stringMatching(/^MER-\d{6}$/) });
    expect(await paymentsOf(booking)).toHaveLength(1);
    expect(await bookingRow(booking)).toMatchObject({ status: 'Confirmed', reference: answers[0].reference, needsAttention: false });
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.bookingId, booking.id))).toHaveLength(1);
  });

  it('records both of two different payments confirmed at once, confirms once and flags the overpayment', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const tokens = [await openPayment(server.app, booking, totals.deposit), await openPayment(server.app, booking, totals.total)];
    const paid = [await payToken(server.app, tokens[0]!.token), await payToken(server.app, tokens[1]!.token)];
    const responses = await Promise.all(paid.map((paymentId) => confirm(server.app, booking, paymentId)));
    const answers = responses.map((response) => response.json().data);
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].status).toBe('confirmed');
    const recorded = await paymentsOf(booking);
    expect(recorded.map((p) => p.providerPaymentId).sort()).toEqual([...paid].sort());
    expect(recorded.filter((p) => p.settlesBooking)).toHaveLength(1);
    expect(await bookingRow(booking)).toMatchObject({ status: 'Confirmed', needsAttention: true, attentionReason: ATTENTION.overpaid });
  });

  it('sells the last place once: the payer whose holds lapsed is recorded and left unconfirmed for staff', async () => {
    // A holds the last place of the departure and opens the card form.
    const a = await bookDayTrip(server.app, { code: 'LD-GRE', startsInDays: 42, passengers: [lead] });
    const [{ departureId } = { departureId: 0 }] = await db().select({ departureId: bookings.departureId }).from(bookings).where(eq(bookings.id, a.booking.id));
    const [{ taken } = { taken: 0 }] = await db()
      .select({ taken: sql<number>`cast(count(*) as integer)` })
      .from(allocations)
      .where(and(eq(allocations.departureId, departureId), isNull(allocations.optionId), isActiveAllocation(new Date())));
    await db().update(departures).set({ capacity: Number(taken) }).where(eq(departures.id, departureId));
    const aPayment = await payToken(server.app, (await openPayment(server.app, a.booking, a.totals.total)).token);

    // A's holds lapse before A confirms (a slow bank check, a long pause), and B takes the place.
    await db().update(allocations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(allocations.bookingId, a.booking.id));
    const b = await bookDayTrip(server.app, { code: 'LD-GRE', startsInDays: 42, passengers: [lead] });
    const bPayment = await payToken(server.app, (await openPayment(server.app, b.booking, b.totals.total)).token);

    const aAnswer = await confirm(server.app, a.booking, aPayment);
    expect(aAnswer.statusCode).toBe(200);
    expect(aAnswer.json().data).toMatchObject({ status: 'unconfirmed', reference: String(a.booking.id) });
    expect(await paymentsOf(a.booking)).toEqual([expect.objectContaining({ providerPaymentId: aPayment, amount: a.totals.total, settlesBooking: true })]);
    expect(await bookingRow(a.booking)).toMatchObject({ status: 'Unconfirmed', needsAttention: true, attentionReason: ATTENTION.placesGone, reference: null });
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.bookingId, a.booking.id))).toEqual([]);

    const bAnswer = await confirm(server.app, b.booking, bPayment);
    expect(bAnswer.json().data).toMatchObject({ status: 'confirmed', reference: expect.stringMatching(/^MER-\d{6}$/) });
    expect(await paymentsOf(b.booking)).toHaveLength(1);

    // Never more sold than the departure has, and A's replay answers as before.
    const sold = await db()
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(allocations)
      .where(and(eq(allocations.departureId, departureId), isNull(allocations.optionId), eq(allocations.state, 'sold')));
    const [{ capacity } = { capacity: 0 }] = await db().select({ capacity: departures.capacity }).from(departures).where(eq(departures.id, departureId));
    expect(Number(sold[0]!.n)).toBeLessThanOrEqual(capacity);
    expect((await confirm(server.app, a.booking, aPayment)).json().data).toMatchObject({ status: 'unconfirmed', reference: String(a.booking.id) });
    expect(await paymentsOf(a.booking)).toHaveLength(1);
  });

  it('takes lapsed holds again when the units are still free', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, totals.deposit)).token);
    // The sweeper has already given the units back.
    await db().update(allocations).set({ state: 'released', expiresAt: new Date(Date.now() - 1000) }).where(eq(allocations.bookingId, booking.id));
    const response = await confirm(server.app, booking, paymentId);
    expect(response.json().data.status).toBe('confirmed');
    const rows = await db().select().from(allocations).where(eq(allocations.bookingId, booking.id));
    expect(rows.map((row) => [row.state, row.expiresAt])).toEqual([
      ['sold', null],
      ['sold', null],
    ]);
  });
});
