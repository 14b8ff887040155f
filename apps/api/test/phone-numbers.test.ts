import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingPassengers } from '../src/db/schema/index.ts';
import { bookingBody, lead, second } from './booking-fixtures.ts';
import { build } from './helper.ts';

/** Telephone numbers as people write them (issue 9): accepted, and stored without their separators. */
describe('POST /api/bookings telephone numbers', () => {
  const server = build();
  const vienna = { code: 'MHW-VIE', startsInDays: 90 };
  const post = async (passengers: object[]) =>
    server.app.inject({ method: 'POST', url: '/api/bookings', payload: await bookingBody(server.app, { ...vienna, passengers }) });

  it('stores numbers written with spaces, hyphens, brackets and a leading + normalised, and answers them so', async () => {
    const response = await post([
      { ...lead, telephone_home: '07700 900123', telephone_mobile: '+44 (0)7700-900123' },
      { ...second, telephone_home: '(020) 7946 0018', telephone_mobile: '+1 212.555.0147' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { booking } = response.json().data;
    const phones = (passengers: { telephone_home: string | null; telephone_mobile: string | null }[]) =>
      passengers.map((p) => [p.telephone_home, p.telephone_mobile]);
    const expected = [
      ['07700900123', '+447700900123'],
      ['02079460018', '+12125550147'],
    ];
    expect(phones(booking.passengers)).toEqual(expected);
    const rows = await server.app.db
      .select({ telephone_home: bookingPassengers.telephoneHome, telephone_mobile: bookingPassengers.telephoneMobile })
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, booking.id))
      .orderBy(asc(bookingPassengers.position));
    expect(phones(rows)).toEqual(expected);
  });

  it("answers 400 with 'Numeric values only' for a number with letters, storing nothing", async () => {
    const before = (await server.app.db.select({ id: bookingPassengers.id }).from(bookingPassengers)).length;
    const response = await post([{ ...lead, telephone_home: 'abc', telephone_mobile: '07700 900123 ext 4' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'passengers.0.telephone_home': 'Numeric values only',
      'passengers.0.telephone_mobile': 'Numeric values only',
    });
    expect((await server.app.db.select({ id: bookingPassengers.id }).from(bookingPassengers)).length).toBe(before);
  });
});
