import { CURRENCIES, DEPOSIT_PERCENT, type CatalogueTour } from '@tours/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allocations, bookings, departures } from '../src/db/schema/index.ts';
import { addDays } from '../src/db/seed/dates.ts';
import { DEMO_BOOKINGS } from '../src/db/seed/data/customers.ts';
import { TOURS } from '../src/db/seed/data/tours.ts';
import { build, today } from './helper.ts';

describe('GET /api/tours', () => {
  const server = build();

  async function catalogue(): Promise<CatalogueTour[]> {
    const response = await server.app.inject({ method: 'GET', url: '/api/tours' });
    expect(response.statusCode).toBe(200);
    return response.json().data.items;
  }
  const departureOf = (items: CatalogueTour[], code: string, startsInDays: number) => {
    const tour = items.find((item) => item.code === code);
    return tour?.departures.find((d) => d.start_date === addDays(today(), startsInDays));
  };

  it('lists every seeded tour with its description, brand channel and speakers', async () => {
    const items = await catalogue();
    expect(items.map((tour) => tour.code).sort()).toEqual(TOURS.map((tour) => tour.code).sort());
    const vienna = items.find((tour) => tour.code === 'MHW-VIE')!;
    expect(vienna).toMatchObject({ name: 'Vienna: Mozart and the Habsburgs', brand_channel: 11, brand_channel_name: 'Music & History Weekends' });
    expect(vienna.description.length).toBeGreaterThan(20);
    expect(vienna.speakers).toEqual([
      { title: 'Dr', forename: 'Helena', surname: 'Marsh' },
      { title: 'Professor', forename: 'Julian', surname: 'Ashby' },
    ]);
  });

  it('lists only departures still ahead, with their dates and a price in each currency', async () => {
    const items = await catalogue();
    for (const seed of TOURS) {
      const tour = items.find((item) => item.code === seed.code)!;
      const upcoming = seed.departures.filter((d) => d.startsInDays > 0).sort((a, b) => a.startsInDays - b.startsInDays);
      expect(tour.departures.map((d) => d.start_date)).toEqual(upcoming.map((d) => addDays(today(), d.startsInDays)));
      tour.departures.forEach((departure, index) => {
        const expected = upcoming[index]!;
        expect(departure.end_date).toBe(addDays(departure.start_date, expected.nights));
        expect(departure.prices).toEqual(CURRENCIES.map((currency) => ({ currency, value: expected.price[currency] })));
      });
    }
  });

  it('counts places left as capacity minus the places sold', async () => {
    const items = await catalogue();
    for (const booking of DEMO_BOOKINGS.filter((b) => b.departureStartsInDays > 0)) {
      const seed = TOURS.find((t) => t.code === booking.tourCode)!.departures.find((d) => d.startsInDays === booking.departureStartsInDays)!;
      const sold = booking.status === 'Cancelled' ? 0 : booking.passengers.length;
      expect(departureOf(items, booking.tourCode, booking.departureStartsInDays)?.places_left).toBe(seed.capacity - sold);
    }
    expect(departureOf(items, 'MHW-VIE', 90)?.places_left).toBe(22);
    expect(departureOf(items, 'MHW-VIE', 20)?.places_left).toBe(24);
  });

  it('counts live holds but not expired or released ones', async () => {
    const { db } = server.app;
    const [departure] = await db.select().from(departures).where(eq(departures.startDate, addDays(today(), 14)));
    const [booking] = await db.insert(bookings).values({ currency: 'GBP', departureId: departure!.id, depositPercent: DEPOSIT_PERCENT }).returning();
    const hour = 3_600_000;
    await db.insert(allocations).values([
      { bookingId: booking!.id, departureId: departure!.id, quantity: 3, state: 'held', expiresAt: new Date(Date.now() + hour) },
    ]);
    const [other] = await db.insert(bookings).values({ currency: 'GBP', departureId: departure!.id, depositPercent: DEPOSIT_PERCENT }).returning();
    await db.insert(allocations).values([
      { bookingId: other!.id, departureId: departure!.id, quantity: 5, state: 'held', expiresAt: new Date(Date.now() - hour) },
    ]);
    const items = await catalogue();
    expect(departureOf(items, 'LD-GRE', 14)?.places_left).toBe(departure!.capacity - 3);
  });

  it('says which departures can be booked online', async () => {
    const items = await catalogue();
    expect(departureOf(items, 'MHW-VIE', 90)?.available_to_book).toBe(true);
    // Closed by the operator.
    expect(departureOf(items, 'MF-BAY', 60)?.available_to_book).toBe(false);
    // Rooms sold out is found at the accommodation step, not here.
    expect(departureOf(items, 'MF-BAY', 150)?.available_to_book).toBe(true);
    // A non-residential event less than 72 hours ahead.
    expect(departureOf(items, 'LA-ROM', 2)?.available_to_book).toBe(false);
    expect(departureOf(items, 'LA-ROM', 65)?.available_to_book).toBe(true);
  });
});
