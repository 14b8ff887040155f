import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingComponents, paymentIntents } from '../src/db/schema/index.ts';
import { optionIds, submit, type CreatedTestBooking } from './booking-fixtures.ts';
import { build } from './helper.ts';
import { bookDayTrip, bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms } from './payment-fixtures.ts';
import { CARDS, submit as submitCard } from './payment-provider-fixtures.ts';

type Line = { kind: string; label: string; quantity: number; unit_price: number; amount: number };
const sumOf = (lines: Line[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/** Sicily in 120 days for one with a single room (£3,495 + £540 = £4,035, deposit £605.25), as the seed prices it. */
const SICILY_TOTAL = 403_500;
const SICILY_DEPOSIT = 60_525;

describe('DELETE /api/bookings/promotion', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const db = () => server.app.db;
  beforeAll(async () => plentyOfSingleRooms(server.app));

  const apply = (booking: CreatedTestBooking, code = 'WELCOME100') =>
    server.app.inject({ method: 'POST', url: '/api/bookings/promotion', headers: booking.headers, payload: { code } });
  const remove = (booking: CreatedTestBooking, headers: Record<string, string> = booking.headers) =>
    server.app.inject({ method: 'DELETE', url: '/api/bookings/promotion', headers });
  const paymentDetails = (booking: CreatedTestBooking) =>
    server.app.inject({ method: 'GET', url: '/api/bookings/payment-details', headers: booking.headers });
  const promotionLines = (booking: CreatedTestBooking) =>
    db()
      .select()
      .from(bookingComponents)
      .where(and(eq(bookingComponents.bookingId, booking.id), eq(bookingComponents.componentType, 'PromotionalCode')));
  const audits = (booking: CreatedTestBooking, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.bookingId, booking.id), eq(auditLog.action, action)));

  it('takes the code off: the totals, the deposit and the lines are as before it was applied', async () => {
    const { booking, totals } = await bookSicily(server.app);
    expect(totals).toEqual({ total: SICILY_TOTAL, deposit: SICILY_DEPOSIT });

    const applied = (await apply(booking)).json().data;
    expect(applied.details.total_price.value).toBe(SICILY_TOTAL - 10_000);
    expect(applied.details.lines.at(-1)).toEqual({
      kind: 'promotion',
      label: 'Promotional code WELCOME100',
      quantity: 1,
      unit_price: -10_000,
      amount: -10_000,
    });
    expect(sumOf(applied.details.lines)).toBe(applied.details.total_price.value);

    const response = await remove(booking);
    expect(response.statusCode, response.body).toBe(200);
    const { details, promotion } = response.json().data;
    expect(promotion).toBeNull();
    expect(details.total_price).toEqual({ currency_code: 'GBP', value: SICILY_TOTAL });
    expect(details.deposit).toEqual({ currency_code: 'GBP', value: SICILY_DEPOSIT });
    expect(details.breakdown.discount).toBe(0);
    expect(details.lines).toEqual([
      { kind: 'tour', label: 'Sicily: Greeks and Normans', quantity: 1, unit_price: 349_500, amount: 349_500 },
      { kind: 'room', label: 'Hotel Villa Aretusa: Single room', quantity: 1, unit_price: 54_000, amount: 54_000 },
    ]);
    expect(await promotionLines(booking)).toEqual([]);

    // The review's fresh figures say the same.
    const fresh = await paymentDetails(booking);
    expect(fresh.json().data).toEqual({ details, promotion: null });
    const [audit] = await audits(booking, 'booking.promotion_removed');
    expect(audit!.detail).toEqual({ lines: ['Promotional code WELCOME100'], discount: -10_000, currency: 'GBP' });
  });

  it('is idempotent: removing again, or with no code applied, answers the same totals and changes nothing', async () => {
    const { booking } = await bookSicily(server.app);
    const none = await remove(booking);
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toMatchObject({ promotion: null, details: { total_price: { value: SICILY_TOTAL }, deposit: { value: SICILY_DEPOSIT } } });

    await apply(booking);
    const first = await remove(booking);
    const again = await remove(booking);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.json()).toEqual(none.json());
    expect(await audits(booking, 'booking.promotion_removed')).toHaveLength(1);
  });

  it('lets a code be applied again after removal, and the selections no longer bring it back', async () => {
    const { booking } = await bookSicily(server.app);
    await apply(booking);
    await remove(booking);
    const ids = await optionIds(server.app, booking);
    const resubmitted = await submit(server.app, booking, {
      accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Single'), passenger_ids: booking.passengerIds }],
    });
    expect(resubmitted.json().data.total_price.value).toBe(SICILY_TOTAL);
    expect(resubmitted.json().data.lines.some((line: Line) => line.kind === 'promotion')).toBe(false);
    const reapplied = await apply(booking);
    expect(reapplied.statusCode).toBe(200);
    expect(reapplied.json().data.details.total_price.value).toBe(SICILY_TOTAL - 10_000);
  });

  it('withdraws a card form opened for the discounted amount, as applying a code does', async () => {
    const { booking } = await bookSicily(server.app);
    await apply(booking);
    const { token } = await openPayment(server.app, booking, SICILY_TOTAL - 10_000);
    expect((await remove(booking)).statusCode).toBe(200);
    // The provider has withdrawn the old form: the card is refused and nothing is taken.
    expect((await submitCard(server.app, token, { card_number: CARDS.succeeds })).json()).toEqual({ status: 'expired' });
    const intents = await db().select().from(paymentIntents).where(eq(paymentIntents.bookingId, booking.id));
    expect(intents.map((intent) => [intent.status, intent.cancelConfirmedAt !== null])).toEqual([['cancelled', true]]);
    // The deposit of the full price may be paid now.
    await openPayment(server.app, booking, SICILY_DEPOSIT);
  });

  it('refuses once the booking is paid and confirmed, and keeps its code', async () => {
    const { booking } = await bookSicily(server.app);
    const discounted = (await apply(booking)).json().data.details.total_price.value;
    const paymentId = await payToken(server.app, (await openPayment(server.app, booking, discounted)).token);
    expect((await confirm(server.app, booking, paymentId)).json().data.status).toBe('confirmed');
    const response = await remove(booking);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CONFLICT');
    expect(await promotionLines(booking)).toHaveLength(1);
  });

  it('answers a day trip without its code at the full price with no deposit', async () => {
    const { booking, totals } = await bookDayTrip(server.app);
    await apply(booking);
    const { details } = (await remove(booking)).json().data;
    expect(details).toMatchObject({ total_price: { value: totals.total }, deposit: { value: 0 } });
    expect(sumOf(details.lines)).toBe(totals.total);
  });

  it('needs the booking token', async () => {
    const { booking } = await bookSicily(server.app);
    await apply(booking);
    expect((await remove(booking, {})).statusCode).toBe(401);
    expect(await promotionLines(booking)).toHaveLength(1);
  });

  it('answers the lines with GET /bookings/payment-details, adding up to the total with the promotion', async () => {
    const { booking } = await bookSicily(server.app);
    await apply(booking);
    const { details, promotion } = (await paymentDetails(booking)).json().data;
    expect(promotion).toMatchObject({ name: 'Promotional code WELCOME100' });
    expect(details.lines.map((line: Line) => [line.kind, line.amount])).toEqual([
      ['tour', 349_500],
      ['room', 54_000],
      ['promotion', -10_000],
    ]);
    expect(sumOf(details.lines)).toBe(details.total_price.value);
  });
});
