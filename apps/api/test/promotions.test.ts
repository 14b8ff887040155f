import { VALIDATION } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingComponents, promotionDiscounts, promotions } from '../src/db/schema/index.ts';
import { addDays } from '../src/db/seed/dates.ts';
import { ONE_CODE_PER_BOOKING } from '../src/modules/bookings/promotion-code.ts';
import { optionIds, optionList, submit, type CreatedTestBooking } from './booking-fixtures.ts';
import { build, today } from './helper.ts';
import { bookDayTrip, bookSicily, plentyOfSingleRooms } from './payment-fixtures.ts';

describe('POST /api/bookings/promotion', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const apply = (booking: CreatedTestBooking, code: string) =>
    server.app.inject({ method: 'POST', url: '/api/bookings/promotion', headers: booking.headers, payload: { code } });

  async function addPromotion(code: string, amount: number) {
    const [row] = await server.app.db
      .insert(promotions)
      .values({ code, validFrom: addDays(today(), -1), validTo: addDays(today(), 30) })
      .returning({ id: promotions.id });
    await server.app.db.insert(promotionDiscounts).values((['GBP', 'USD', 'AUD'] as const).map((currency) => ({ promotionId: row!.id, currency, amount })));
  }

  beforeAll(async () => {
    await plentyOfSingleRooms(server.app);
    await addPromotion('AUTUMN50', 5_000);
    await addPromotion('EVERYTHING', 100_000_000);
    await addPromotion('BIG4040', 404_000);
  });

  it('applies WELCOME100 as a negative PromotionalCode line and reduces the totals', async () => {
    const { booking, totals } = await bookSicily(server.app);
    const response = await apply(booking, 'WELCOME100');
    expect(response.statusCode, response.body).toBe(200);
    const { promotion, details } = response.json().data;
    expect(promotion).toEqual({
      id: expect.any(Number),
      name: 'Promotional code WELCOME100',
      component_type: 'PromotionalCode',
      price: { value: -10_000, currency_code: 'GBP' },
    });
    expect(details.total_price).toEqual({ currency_code: 'GBP', value: totals.total - 10_000 });
    expect(details.breakdown.discount).toBe(-10_000);
    expect(details.deposit.value).toBe(59_025);

    const components = await optionList<{ id: number; component_type: string; price: { value: number } }>(server.app, booking, 'components');
    expect(components.filter((c) => c.component_type === 'PromotionalCode')).toEqual([
      { id: promotion.id, name: 'Promotional code WELCOME100', component_type: 'PromotionalCode', price: { value: -10_000, currency_code: 'GBP' } },
    ]);
    const listed = await optionList(server.app, booking, 'promotions');
    expect(listed).toEqual([{ id: expect.any(Number), name: 'WELCOME100', description: expect.stringContaining('£100') }]);
    const [audit] = await server.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.bookingId, booking.id), eq(auditLog.action, 'booking.promotion_applied')));
    expect(audit!.detail).toEqual({ code: 'WELCOME100', discount: -10_000, currency: 'GBP' });
  });

  it('is idempotent for the same code, however it is typed', async () => {
    const { booking } = await bookSicily(server.app);
    const first = await apply(booking, 'WELCOME100');
    const again = await apply(booking, '  welcome100 ');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const lines = await server.app.db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, booking.id));
    expect(lines.filter((line) => line.componentType === 'PromotionalCode')).toHaveLength(1);
  });

  it('refuses expired and unknown codes with the form’s message, and changes nothing', async () => {
    const { booking, totals } = await bookSicily(server.app);
    for (const code of ['SPRING10', 'NOSUCHCODE']) {
      const response = await apply(booking, code);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { code: 'Invalid promotional code. Please try again.' } });
    }
    const lines = await server.app.db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, booking.id));
    expect(lines.some((line) => line.componentType === 'PromotionalCode')).toBe(false);
    expect(lines.reduce((sum, line) => sum + line.price, 0)).toBe(totals.total);
  });

  it('answers Value is required for an empty code', async () => {
    const { booking } = await bookSicily(server.app);
    const response = await apply(booking, '   ');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ code: VALIDATION.valueRequired });
  });

  it('allows one code per booking', async () => {
    const { booking } = await bookSicily(server.app);
    expect((await apply(booking, 'WELCOME100')).statusCode).toBe(200);
    const second = await apply(booking, 'AUTUMN50');
    expect(second.statusCode).toBe(400);
    expect(second.json().error.fields).toEqual({ code: ONE_CODE_PER_BOOKING('WELCOME100') });
  });

  it('applies one code when two are sent at once', async () => {
    const { booking } = await bookSicily(server.app);
    const answers = await Promise.all([apply(booking, 'WELCOME100'), apply(booking, 'AUTUMN50')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const lines = await server.app.db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, booking.id));
    expect(lines.filter((line) => line.componentType === 'PromotionalCode')).toHaveLength(1);
  });

  it('never takes off more than the booking costs', async () => {
    const { booking, totals } = await bookDayTrip(server.app);
    const response = await apply(booking, 'EVERYTHING');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.promotion.price.value).toBe(-totals.total);
    expect(response.json().data.details.total_price.value).toBe(0);
  });

  it('keeps the promotion when the selections are submitted again, at its full value up to the new total', async () => {
    const { booking, totals } = await bookSicily(server.app);
    await apply(booking, 'WELCOME100');
    const ids = await optionIds(server.app, booking);
    const response = await submit(server.app, booking, {
      flights: [{ component_id: ids.flight('BA 2590', 'Club Europe'), passenger_ids: booking.passengerIds }],
      accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Single'), passenger_ids: booking.passengerIds }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json().data;
    expect(details.breakdown.discount).toBe(-10_000);
    expect(details.total_price.value).toBe(totals.total + 42_000 - 10_000);
    const lines = await server.app.db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, booking.id));
    expect(lines.find((line) => line.componentType === 'PromotionalCode')).toMatchObject({ price: -10_000, unitPrice: -10_000 });
    expect(lines.reduce((sum, line) => sum + line.price, 0)).toBe(details.total_price.value);
  });

  it('gives a capped promotion its full value back when the booking grows', async () => {
    const { booking, totals } = await bookSicily(server.app);
    // Worth £5 more than the single-room booking costs: capped at its total.
    const capped = await apply(booking, 'BIG4040');
    expect(capped.json().data.promotion.price.value).toBe(-totals.total);
    expect(capped.json().data.details.total_price.value).toBe(0);
    const ids = await optionIds(server.app, booking);
    const dearer = await submit(server.app, booking, {
      flights: [{ component_id: ids.flight('BA 2590', 'Club Europe'), passenger_ids: booking.passengerIds }],
      accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Single'), passenger_ids: booking.passengerIds }],
    });
    expect(dearer.json().data.breakdown.discount).toBe(-404_000);
    expect(dearer.json().data.total_price.value).toBe(totals.total + 42_000 - 404_000);
  });
});
