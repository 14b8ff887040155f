import { VALIDATION } from '@tours/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingComponents, bookings } from '../src/db/schema/index.ts';
import { lead, optionIds, submit, type CreatedTestBooking } from './booking-fixtures.ts';
import { build } from './helper.ts';
import { bookDayTrip, bookSicily, plentyOfSingleRooms, SICILY } from './payment-fixtures.ts';
import { newPromotion } from './promotion-agency-fixtures.ts';

/** Issue 27's codes at booking time: a percentage, codes for some tours only, limits in all and per customer. */
describe('promotional codes: percentage, tours and limits', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const app = () => server.app;
  const apply = (booking: CreatedTestBooking, code: string) => app().inject({ method: 'POST', url: '/api/bookings/promotion', headers: booking.headers, payload: { code } });
  const none = { GBP: null, USD: null, AUD: null };

  beforeAll(async () => {
    await plentyOfSingleRooms(app());
  });

  it('takes a percentage off what the booking costs, priced by the domain, and again when the selections change', async () => {
    const { code } = await newPromotion(app(), { discount_type: 'percentage', amounts: none, percent: 10 });
    const { booking, totals } = await bookSicily(app());
    const response = await apply(booking, code.toLowerCase());
    expect(response.statusCode, response.body).toBe(200);
    const { promotion, details } = response.json().data;
    expect(promotion.price.value).toBe(-totals.total / 10);
    expect(details.total_price.value).toBe(totals.total - totals.total / 10);

    // A dearer selection: 10% of the new total, not the old amount.
    const ids = await optionIds(app(), booking);
    const dearer = await submit(app(), booking, {
      flights: [{ component_id: ids.flight('BA 2590', 'Club Europe'), passenger_ids: booking.passengerIds }],
      accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Single'), passenger_ids: booking.passengerIds }],
    });
    expect(dearer.statusCode, dearer.body).toBe(200);
    const grown = totals.total + 42_000;
    expect(dearer.json().data.breakdown.discount).toBe(-grown / 10);
    expect(dearer.json().data.total_price.value).toBe(grown - grown / 10);
    const lines = await app().db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, booking.id));
    expect(lines.find((line) => line.componentType === 'PromotionalCode')).toMatchObject({ price: -grown / 10, unitPrice: -grown / 10 });
    expect(lines.reduce((sum, line) => sum + line.price, 0)).toBe(grown - grown / 10);
  });

  it('is offered in every currency when it is a percentage, and an amount code only where it has an amount', async () => {
    const percentage = await newPromotion(app(), { discount_type: 'percentage', amounts: none, percent: 100 });
    const poundsOnly = await newPromotion(app(), { amounts: { GBP: 2_000, USD: null, AUD: null } });
    const { booking, totals } = await bookDayTrip(app(), { code: 'LD-GRE', startsInDays: 77, currency: 'USD' });
    const refused = await apply(booking, poundsOnly.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ code: VALIDATION.promoInvalid });
    const full = await apply(booking, percentage.code);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data.promotion.price).toEqual({ value: -totals.total, currency_code: 'USD' });
    expect(full.json().data.details.total_price.value).toBe(0);
  });

  it('applies only to the tours it names, and tells a visitor on another tour so', async () => {
    const { code } = await newPromotion(app(), { tour_codes: ['TSG-SIC'] });
    const dayTrip = await bookDayTrip(app());
    const refused = await apply(dayTrip.booking, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ code: VALIDATION.promoNotForTour });
    const sicily = await bookSicily(app());
    const accepted = await apply(sicily.booking, code);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.promotion.price.value).toBe(-1_000);
  });

  it('is used up after its limit in all; a quote left to lapse or a code taken off gives its use back', async () => {
    const { code } = await newPromotion(app(), { max_uses: 2 });
    const first = await bookSicily(app());
    const secondBooking = await bookSicily(app());
    const third = await bookSicily(app());
    expect((await apply(first.booking, code)).statusCode).toBe(200);
    expect((await apply(secondBooking.booking, code)).statusCode).toBe(200);
    const usedUp = await apply(third.booking, code);
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json().error.fields).toEqual({ code: VALIDATION.promoUsedUp });
    // The booking that already has it is answered as before.
    expect((await apply(first.booking, code)).statusCode).toBe(200);

    // The second visitor takes it off: the third may use it.
    expect((await app().inject({ method: 'DELETE', url: '/api/bookings/promotion', headers: secondBooking.booking.headers })).statusCode).toBe(200);
    expect((await apply(third.booking, code)).statusCode).toBe(200);

    // The first visitor's session lapses while still a quote: its use comes back for a fourth.
    await app().db.update(bookings).set({ tokenExpiresAt: new Date(Date.now() - 60_000) }).where(eq(bookings.id, first.booking.id));
    const fourth = await bookSicily(app());
    expect((await apply(fourth.booking, code)).statusCode).toBe(200);
    const fifth = await bookSicily(app());
    expect((await apply(fifth.booking, code)).json().error.fields).toEqual({ code: VALIDATION.promoUsedUp });
  });

  it('gives the last use to one of two visitors applying at once', async () => {
    const { code } = await newPromotion(app(), { max_uses: 1 });
    const [a, b] = await Promise.all([bookSicily(app()), bookSicily(app())]);
    const answers = await Promise.all([apply(a.booking, code), apply(b.booking, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(refused.json().error.fields).toEqual({ code: VALIDATION.promoUsedUp });
  });

  it('limits the uses per customer, by the lead passenger’s e-mail address', async () => {
    const { code } = await newPromotion(app(), { max_uses_per_customer: 1 });
    const mine = await bookSicily(app());
    expect((await apply(mine.booking, code)).statusCode).toBe(200);
    const again = await bookSicily(app());
    const refused = await apply(again.booking, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ code: VALIDATION.promoUsedByCustomer });
    // The same address however it is typed is the same customer; someone else's is welcome.
    const typedOtherwise = await bookSicily(app(), { ...SICILY, passengers: [{ ...lead, email: ' Edward@Example.com' }] });
    expect((await apply(typedOtherwise.booking, code)).json().error.fields).toEqual({ code: VALIDATION.promoUsedByCustomer });
    const other = await bookSicily(app(), { ...SICILY, passengers: [{ ...lead, given_name: 'Alice', email: 'alice@example.com' }] });
    expect((await apply(other.booking, code)).statusCode).toBe(200);
  });
});
