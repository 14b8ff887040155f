import { departureEtag } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bookingBody } from './booking-fixtures.ts';
import { departureInput, tourWithDeparture } from './catalogue-fixtures.ts';
import { testClock, today } from './helper.ts';
import { startReplicas } from './replicas.ts';
import { staffSession } from './staff-fixtures.ts';

/**
 * Issue 27: what staff change in the catalogue reaches visitors on every
 * replica within the read cache's time to live (ADR 0014), and a departure
 * closed on one replica is refused at booking on another at once, while
 * that replica's cache still lists it.
 */

const STARTS_IN = 190;

async function offered(app: FastifyInstance, code: string, start: string) {
  const list = await app.inject({ method: 'GET', url: '/api/tours' });
  const tour = list.json().data.items.find((item: { code: string }) => item.code === code);
  const departure = tour?.departures.find((item: { start_date: string }) => item.start_date === start);
  return departure ? { price: departure.prices.find((price: { currency: string }) => price.currency === 'GBP').value as number, bookable: departure.available_to_book as boolean } : null;
}

describe('catalogue changes across replicas', () => {
  it('reach every replica within the TTL, and a closed departure is refused at booking at once', async () => {
    const clock = testClock();
    const set = await startReplicas({ count: 2, clock, env: { READ_CACHE_TTL_MS: '2000', HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
    try {
      const [a, b] = [set.replicas[0]!.app, set.replicas[1]!.app];
      const { departureId, start, tourId } = await tourWithDeparture(a, today(), STARTS_IN);
      const staff = await staffSession(a, ['catalogue']);
      const code = (await a.inject({ method: 'GET', url: `/api/staff/catalogue/tours/${tourId}`, headers: staff.headers })).json().data.code as string;
      clock.advance(3);
      expect(await offered(b, code, start)).toEqual({ price: 195_000, bookable: true });

      const read = (await a.inject({ method: 'GET', url: `/api/staff/catalogue/departures/${departureId}`, headers: staff.headers })).json().data;
      const dearer = await a.inject({
        method: 'PUT',
        url: `/api/staff/catalogue/departures/${departureId}`,
        headers: { ...staff.headers, 'if-match': departureEtag(read) },
        payload: { ...departureInput(start, { prices: { GBP: 205_000, USD: 262_000, AUD: 388_000 } }), reason: 'Fuel surcharge' },
      });
      expect(dearer.statusCode, dearer.body).toBe(200);
      expect(await offered(a, code, start)).toEqual({ price: 205_000, bookable: true });
      // B may answer from memory within the TTL...
      expect(await offered(b, code, start)).toEqual({ price: 195_000, bookable: true });
      clock.advance(2.1);
      // ...and shows the change once it has passed.
      expect(await offered(b, code, start)).toEqual({ price: 205_000, bookable: true });

      const closed = await a.inject({
        method: 'PUT',
        url: `/api/staff/catalogue/departures/${departureId}`,
        headers: { ...staff.headers, 'if-match': departureEtag(dearer.json().data) },
        payload: { ...departureInput(start, { status: 'closed', prices: { GBP: 205_000, USD: 262_000, AUD: 388_000 } }), reason: 'Hotel withdrew' },
      });
      expect(closed.statusCode, closed.body).toBe(200);
      // B's cache still offers it, but the booking asks the database.
      expect(await offered(b, code, start)).toEqual({ price: 205_000, bookable: true });
      const refused = await b.inject({ method: 'POST', url: '/api/bookings', payload: await bookingBody(b, { code, startsInDays: STARTS_IN }) });
      expect(refused.statusCode, refused.body).toBe(409);
      clock.advance(2.1);
      expect(await offered(b, code, start)).toBeNull();
    } finally {
      await set.close();
    }
  });
});
