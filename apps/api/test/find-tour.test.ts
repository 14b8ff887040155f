import { CURRENCIES } from '@tours/domain';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/db/seed/dates.ts';
import { TOURS } from '../src/db/seed/data/tours.ts';
import { build, today } from './helper.ts';

const vienna = TOURS.find((tour) => tour.code === 'MHW-VIE')!;
const departure = vienna.departures.find((d) => d.startsInDays === 90)!;

describe('GET /api/tours/find', () => {
  const server = build();
  const find = (query: string) => server.app.inject({ method: 'GET', url: `/api/tours/find?${query}` });
  const start = () => addDays(today(), 90);

  it('finds a departure by tour code and start date, priced in GBP by default', async () => {
    const response = await find(`tour=MHW-VIE&departure=${start()}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      name: vienna.name,
      code: 'MHW-VIE',
      start: `${start()}T00:00:00`,
      end: `${addDays(start(), departure.nights)}T00:00:00`,
      brand_channel: 11,
      price: { value: departure.price.GBP, currency: 'GBP' },
      available_to_book: true,
    });
    expect(data.id).toEqual(expect.any(Number));
    expect(data.departure_id).toEqual(expect.any(Number));
    expect(data.speakers).toHaveLength(2);
  });

  it.each(CURRENCIES)('prices the departure in %s when asked', async (currency) => {
    const response = await find(`tour=MHW-VIE&departure=${start()}&currency=${currency}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.price).toEqual({ value: departure.price[currency], currency });
  });

  it('accepts the tour code in any case', async () => {
    const response = await find(`tour=mhw-vie&departure=${start()}`);
    expect(response.json().data.code).toBe('MHW-VIE');
  });

  it('reports a departure closed to online booking as not available', async () => {
    const response = await find(`tour=MF-BAY&departure=${addDays(today(), 60)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.available_to_book).toBe(false);
  });

  it('answers 404 NOT_FOUND for an unknown tour or a date with no departure', async () => {
    for (const query of [`tour=XX-NOPE&departure=${start()}`, `tour=MHW-VIE&departure=${addDays(today(), 91)}`]) {
      const response = await find(query);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    }
  });

  it('answers 400 with a message per field for a malformed date, currency or missing tour', async () => {
    const response = await find('departure=21-03-2027&currency=EUR');
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({
      tour: expect.any(String),
      departure: 'Use the format YYYY-MM-DD',
      currency: expect.any(String),
    });
    expect(error.message).toContain('departure');
  });

  it('answers 400 for a date that does not exist', async () => {
    const response = await find('tour=MHW-VIE&departure=2027-02-30');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { departure: expect.any(String) } });
  });
});
