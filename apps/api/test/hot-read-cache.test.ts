import { addDays } from '../src/db/seed/dates.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, departureAccommodations, departureOptions, optionPrices } from '../src/db/schema/index.ts';
import { createBooking, lead, optionList, submit, type CreatedTestBooking } from './booking-fixtures.ts';
import { NO_TIMED_JOBS, buildTestApp, createTestDatabase, testClock, today } from './helper.ts';
import { startReplicas } from './replicas.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * The read cache (plugins/read-cache.ts, docs/decisions/0014-hot-read-cache.md):
 * hot reads run no statement while cached, a write on the replica clears them
 * at once, other replicas catch up within the TTL, answers carry an ETag and
 * the Cache-Control their audience allows, and booking never trusts them.
 */

const TOUR = 'PG-FLO';
const STARTS_IN_DAYS = 180;
const date = addDays(today(), STARTS_IN_DAYS);
const FIND = `/api/tours/find?tour=${TOUR}&departure=${date}&currency=GBP`;
const DETAIL = `/api/tours/${TOUR}`;
const DEPARTURE = `/api/tours/${TOUR}/departures/${date}`;
const CATALOGUE = '/api/tours';
const PUBLIC = 'public, max-age=60, stale-while-revalidate=10';

type Room = { id: number; name: string; inventory_details: { available: number } };

const placesLeft = (app: FastifyInstance) =>
  app.inject({ method: 'GET', url: CATALOGUE }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    const tour = response.json().data.items.find((item: { code: string }) => item.code === TOUR);
    return tour.departures.find((departure: { start_date: string }) => departure.start_date === date).places_left as number;
  });

/** A room of which one is left, added to the departure as an operator would. */
async function addLastSuite(app: FastifyInstance, booking: CreatedTestBooking): Promise<number> {
  const [row] = await app.db.select({ departureId: bookings.departureId }).from(bookings).where(eq(bookings.id, booking.id));
  const [stay] = await app.db.select().from(departureAccommodations).where(eq(departureAccommodations.departureId, row!.departureId));
  const [suite] = await app.db
    .insert(departureOptions)
    .values({
      departureId: row!.departureId,
      kind: 'room',
      name: 'Cached suite',
      inventory: 1,
      occupancyFrom: 1,
      occupancyTo: 1,
      durationFrom: stay!.nights,
      durationTo: stay!.nights,
      accommodationId: stay!.accommodationId,
      accommodationName: 'PALAZZO CACHE SUITES',
      roomType: 'Suite',
    })
    .returning({ id: departureOptions.id });
  await app.db.insert(optionPrices).values((['GBP', 'USD', 'AUD'] as const).map((currency) => ({ optionId: suite!.id, currency, adultPrice: 81000 })));
  return suite!.id;
}

const suiteLeft = async (app: FastifyInstance, booking: CreatedTestBooking, suiteId: number) =>
  (await optionList<Room>(app, booking, 'accommodation')).find((room) => room.id === suiteId)?.inventory_details.available;

describe('hot reads on one replica', () => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  const statements: string[] = [];
  const server = () => app!;

  beforeAll(async () => {
    database = await createTestDatabase();
    const connection = await database.open({ onQuery: (query) => statements.push(query) });
    app = await buildTestApp(database, { database: connection, env: { READ_CACHE_TTL_MS: '60000', ...NO_TIMED_JOBS } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** Statements the database ran for one request. */
  async function counted(url: string, headers: Record<string, string> = {}) {
    statements.length = 0;
    const response = await server().inject({ method: 'GET', url, headers });
    return { response, statements: statements.length };
  }

  it('serves the catalogue, tour pages and tour lookup from memory: no statement, the same ETag, 304 when it is named', async () => {
    for (const url of [CATALOGUE, `${CATALOGUE}?kind=tour`, FIND, DETAIL, DEPARTURE]) {
      const first = await counted(url);
      expect(first.response.statusCode, first.response.body).toBe(200);
      // Every filter of the list shares the catalogue's rows, read once.
      if (url === `${CATALOGUE}?kind=tour`) expect(first.statements, 'a second filter of the catalogue').toBe(0);
      else expect(first.statements, `${url} reads the database when cold`).toBeGreaterThan(0);
      const etag = first.response.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.response.headers['cache-control']).toBe(PUBLIC);
      expect(first.response.headers['content-type']).toMatch(/^application\/json/);

      const again = await counted(url);
      expect(again.statements, `${url} runs no statement when cached`).toBe(0);
      expect(again.response.body).toBe(first.response.body);
      expect(again.response.headers.etag).toBe(etag);

      const revalidated = await counted(url, { 'if-none-match': `W/"other", ${etag}` });
      expect(revalidated.response.statusCode).toBe(304);
      expect(revalidated.response.body).toBe('');
      expect(revalidated.response.headers.etag).toBe(etag);
      expect(revalidated.response.headers['cache-control']).toBe(PUBLIC);
      expect(revalidated.statements).toBe(0);
    }
  });

  it('sends large shared reads compressed to browsers that accept it, compressed once, each coding with its own ETag', async () => {
    const plain = await counted(CATALOGUE);
    expect(plain.response.headers['content-encoding']).toBeUndefined();
    expect(plain.response.headers.vary).toBe('Accept-Encoding');
    for (const [acceptEncoding, coding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const first = await counted(CATALOGUE, { 'accept-encoding': acceptEncoding });
      expect(first.statements).toBe(0);
      expect(first.response.headers['content-encoding']).toBe(coding);
      expect(first.response.headers.vary).toBe('Accept-Encoding');
      expect(first.response.headers['content-type']).toMatch(/^application\/json/);
      expect(decode(first.response.rawPayload).toString('utf8')).toBe(plain.response.body);
      expect(first.response.rawPayload.length).toBeLessThan(plain.response.rawPayload.length / 3);
      const etag = first.response.headers.etag as string;
      expect(etag).not.toBe(plain.response.headers.etag);
      const again = await counted(CATALOGUE, { 'accept-encoding': acceptEncoding });
      expect(again.response.rawPayload.equals(first.response.rawPayload)).toBe(true);
      expect((await counted(CATALOGUE, { 'accept-encoding': acceptEncoding, 'if-none-match': etag })).response.statusCode).toBe(304);
      // The tag of another coding is another representation: the whole answer is sent.
      expect((await counted(CATALOGUE, { 'accept-encoding': acceptEncoding, 'if-none-match': plain.response.headers.etag as string })).response.statusCode).toBe(200);
    }
    // A small answer is not worth compressing.
    const small = await counted(FIND, { 'accept-encoding': 'br' });
    expect(small.response.headers['content-encoding']).toBeUndefined();
  });

  it('answers the same bytes as the contract serialises them, cached or not', async () => {
    const cached = await server().inject({ method: 'GET', url: FIND });
    const data = cached.json().data;
    expect(data).toMatchObject({ code: TOUR, start: `${date}T00:00:00`, price: { currency: 'GBP' } });
    expect(typeof data.departure_id).toBe('number');
  });

  it('does not keep errors: an unknown tour is 404 every time, without a validator', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await server().inject({ method: 'GET', url: '/api/tours/NOPE-XX' });
      expect(response.statusCode).toBe(404);
      expect(response.headers.etag).toBeUndefined();
    }
  });

  it('keeps option lists private and answers them warm with no statement (the departure and the verified session are cached)', async () => {
    const booking = await createBooking(server(), { code: TOUR, startsInDays: STARTS_IN_DAYS, passengers: [lead] });
    for (const list of ['flights', 'accommodation', 'extras']) {
      const url = `/api/bookings/tour/${booking.tourId}/${list}`;
      const first = await counted(url, booking.headers);
      expect(first.response.statusCode, first.response.body).toBe(200);
      expect(first.response.headers['cache-control']).toBe('private, no-store');
      expect(first.response.headers.etag).toBeUndefined();
      const again = await counted(url, booking.headers);
      expect(again.response.body).toBe(first.response.body);
      // The departure's offer and the session this replica verified a moment ago (booking-session-cache.test.ts).
      expect(again.statements).toBe(0);
    }
    const refused = await server().inject({ method: 'GET', url: `/api/bookings/tour/${booking.tourId}/flights` });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('shows a write on this replica at once: places, pages and option lists', async () => {
    const buyer = await createBooking(server(), { code: TOUR, startsInDays: STARTS_IN_DAYS, passengers: [lead] });
    const browser = await createBooking(server(), { code: TOUR, startsInDays: STARTS_IN_DAYS, passengers: [lead] });
    const suite = await addLastSuite(server(), buyer);
    server().readCache.clear(); // the operator's insert above went behind the API's back
    const before = await placesLeft(server());
    const detailBefore = (await server().inject({ method: 'GET', url: DEPARTURE })).headers.etag;
    expect(await suiteLeft(server(), browser, suite)).toBe(1);
    expect(await suiteLeft(server(), buyer, suite)).toBe(1);

    const chosen = await submit(server(), buyer, { accommodation: [{ component_id: suite, passenger_ids: buyer.passengerIds }] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await placesLeft(server())).toBe(before - 1);
    expect((await server().inject({ method: 'GET', url: DEPARTURE })).headers.etag).not.toBe(detailBefore);
    // The other booking sees the suite gone; the buyer still sees it as theirs to choose.
    expect(await suiteLeft(server(), browser, suite)).toBe(0);
    expect(await suiteLeft(server(), buyer, suite)).toBe(1);
  });

  it('is not cleared by refused writes, which change nothing', async () => {
    await server().inject({ method: 'GET', url: CATALOGUE });
    const clears = server().readCache.stats.clears;
    const refused = await server().inject({ method: 'POST', url: '/api/bookings', payload: { nonsense: true } });
    expect(refused.statusCode).toBe(400);
    expect(server().readCache.stats.clears).toBe(clears);
    expect((await counted(CATALOGUE)).statements).toBe(0);
  });
});

describe('hot reads across replicas', () => {
  it('shows another replica’s write within the TTL, and never lets a cached answer decide a booking', async () => {
    const clock = testClock();
    const set = await startReplicas({ count: 2, clock, env: { READ_CACHE_TTL_MS: '2000', HOLD_SWEEP_INTERVAL_MS: '0' } });
    try {
      const [a, b] = [set.replicas[0]!.app, set.replicas[1]!.app];
      const first = await createBooking(a, { code: TOUR, startsInDays: STARTS_IN_DAYS, passengers: [lead] });
      const late = await createBooking(b, { code: TOUR, startsInDays: STARTS_IN_DAYS, passengers: [lead] });
      const suite = await addLastSuite(a, first);
      clock.advance(3); // past the TTL: both replicas read the operator's new suite

      const placesOnB = await placesLeft(b);
      expect(await suiteLeft(b, late, suite)).toBe(1);

      // Replica A sells the suite (and a place) to the first booking.
      const chosen = await submit(a, first, { accommodation: [{ component_id: suite, passenger_ids: first.passengerIds }] });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(await placesLeft(a)).toBe(placesOnB - 1);

      // B's cache still shows the suite and the place: within the TTL it may...
      expect(await placesLeft(b)).toBe(placesOnB);
      expect(await suiteLeft(b, late, suite)).toBe(1);
      // ...but its booking asks the database, which refuses the suite.
      const refused = await submit(b, late, { accommodation: [{ component_id: suite, passenger_ids: late.passengerIds }] });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.code).toBe('SERVICE_FAILURE');

      // Once the TTL has passed, B shows what A sold.
      clock.advance(2.1);
      expect(await placesLeft(b)).toBe(placesOnB - 1);
      expect(await suiteLeft(b, late, suite)).toBe(0);
    } finally {
      await set.close();
    }
  });
});
