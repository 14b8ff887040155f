import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema/index.ts';
import { bearer, bookingBody, createBooking, lead, second, submit, type CreatedTestBooking } from './booking-fixtures.ts';
import { bearerHeader, OIDC_TEST_ENV, signingKey, testKeySource, tokenFor, type SigningKey } from './customer-tokens.ts';
import { NO_TIMED_JOBS, buildTestApp, createTestDatabase, expectApiError, testClock } from './helper.ts';
import { requestToken, tokenRequest } from './payment-fixtures.ts';
import { startReplicas } from './replicas.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * The option lists take a booking session this replica verified within the
 * read cache's TTL (plugins/booking-auth.ts, docs/decisions/0014): a warm read
 * runs no statement at all. A token that runs out is refused at once, cached
 * or not; a change made behind this replica's back (another replica revoking
 * the token) shows within the TTL; this replica's own writes clear it at once;
 * and no write ever trusts it: each asks the database again.
 */

const TOUR = 'PG-FLO';
const STARTS_IN_DAYS = 180;
const LISTS = ['flights', 'accommodation', 'extras'] as const;
const TTL_SECONDS = 60;
const DEMO = 'demo@example.com';
const SICILY = { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] };

describe('booking sessions on the read-only option lists', () => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let key: SigningKey;
  const clock = testClock();
  const published = testKeySource();
  const statements: string[] = [];
  const server = () => app!;

  beforeAll(async () => {
    key = await signingKey();
    published.publish(key);
    database = await createTestDatabase();
    const connection = await database.open({ onQuery: (query) => statements.push(query) });
    app = await buildTestApp(database, {
      database: connection,
      clock,
      customerTokenKeys: published.source,
      env: { ...OIDC_TEST_ENV, READ_CACHE_TTL_MS: String(TTL_SECONDS * 1000), ...NO_TIMED_JOBS },
      // A write route that (wrongly) asks for a cached session: the guard must not give it one.
      routes: (instance) =>
        instance.post('/test/cached-session-write', { preHandler: instance.authGuards.get('booking')!, config: { bookingSessionFromReadCache: true } }, async () => ({
          ok: true,
        })),
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** The request's answer and the statements the database ran for it. */
  async function counted(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
    statements.length = 0;
    const response = await server().inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { response, statements: statements.length };
  }
  const list = (booking: CreatedTestBooking, name: string, headers: Record<string, string> = booking.headers) =>
    counted('GET', `/api/bookings/tour/${booking.tourId}/${name}`, headers);
  const book = () => createBooking(server(), { code: TOUR, startsInDays: STARTS_IN_DAYS, passengers: [lead] });
  /** Moves the booking's token expiry in the database, behind the API's back, as another replica or an operator would. */
  const expireTokenAt = (booking: CreatedTestBooking, secondsFromNow: number) =>
    server()
      .db.update(bookings)
      .set({ tokenExpiresAt: sql`${clock.databaseNow()} + cast(${secondsFromNow} as double precision) * interval '1 second'` })
      .where(eq(bookings.id, booking.id));

  it('answers a warm option list with no statement at all, and the same bytes', async () => {
    const booking = await book();
    for (const name of LISTS) {
      const first = await list(booking, name);
      expect(first.response.statusCode, first.response.body).toBe(200);
      const again = await list(booking, name);
      expect(again.response.statusCode).toBe(200);
      expect(again.statements, `${name}: a warm read`).toBe(0);
      expect(again.response.body).toBe(first.response.body);
      expect(again.response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('keeps one verification per token and signed-in customer: another customer is checked in the database, and refused', async () => {
    const owner = bearerHeader(await tokenFor(key, DEMO));
    const started = await server().inject({ method: 'POST', url: '/api/bookings', headers: owner, payload: await bookingBody(server(), SICILY) });
    expect(started.statusCode, started.body).toBe(201);
    const token: string = started.json().data.token.token;
    const mine = { ...owner, 'x-booking-token': token };
    const tourId: number = (await server().inject({ method: 'GET', url: '/api/bookings/tour', headers: mine })).json().data.id;
    const url = `/api/bookings/tour/${tourId}/flights`;
    expect((await counted('GET', url, mine)).response.statusCode).toBe(200);
    const warm = await counted('GET', url, mine);
    expect(warm.response.statusCode).toBe(200);
    expect(warm.statements, 'the owner’s warm read').toBe(0);
    const intruderHeaders = { ...bearerHeader(await tokenFor(key, 'someone-else@example.com')), 'x-booking-token': token };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // Never judged by the owner's cached verification, and refusals are not kept: asked of the database each time.
      const intruder = await counted('GET', url, intruderHeaders);
      expectApiError(intruder.response, 403, 'FORBIDDEN');
      expect(intruder.statements).toBeGreaterThan(0);
    }
    // Without the customer token, the booking's token alone still opens it (as it does uncached).
    expect((await counted('GET', url, bearer(token))).response.statusCode).toBe(200);
  });

  it('refuses a token that runs out while its session is cached, at once and without asking the database', async () => {
    const booking = await book();
    await expireTokenAt(booking, 30);
    for (const name of LISTS) expect((await list(booking, name)).response.statusCode).toBe(200);
    clock.advance(31); // past the token's end, well within the cache's TTL
    for (const name of LISTS) {
      const late = await list(booking, name);
      expectApiError(late.response, 401, 'UNAUTHORIZED');
      expect(late.statements, `${name}: judged from the cached expiry`).toBe(0);
    }
  });

  it('never lets a write trust the cached session: a token the database has ended is refused on every write', async () => {
    const booking = await book();
    for (const name of LISTS) expect((await list(booking, name)).response.statusCode).toBe(200);
    await expireTokenAt(booking, -24 * 3600); // ended in the database (past confirmation's grace too), behind this replica's back
    // Within the TTL the lists may still show...
    expect((await list(booking, 'flights')).response.statusCode).toBe(200);
    // ...but every write asks the database, which refuses the token.
    const selections = await counted('POST', '/api/bookings/selections', booking.headers, { allocations: { flights: [], extras: [], accommodation: [] } });
    expectApiError(selections.response, 401, 'UNAUTHORIZED');
    expect(selections.statements).toBeGreaterThan(0);
    const payment = await requestToken(server(), booking, tokenRequest(booking, 10000));
    expectApiError(payment, 401, 'UNAUTHORIZED');
    const confirmation = await counted('POST', '/api/bookings/confirm', booking.headers, { payment_id: 'pay_cached_session', currency: 'GBP' });
    expectApiError(confirmation.response, 401, 'UNAUTHORIZED');
    // Read-only calls outside the three lists ask the database too.
    const components = await counted('GET', `/api/bookings/tour/${booking.tourId}/components`, booking.headers);
    expectApiError(components.response, 401, 'UNAUTHORIZED');
  });

  it('never takes a cached session on a write route, even one that asks for it', async () => {
    const booking = await book();
    expect((await list(booking, 'flights')).response.statusCode).toBe(200);
    await expireTokenAt(booking, -24 * 3600);
    const misconfigured = await counted('POST', '/test/cached-session-write', booking.headers, {});
    expectApiError(misconfigured.response, 401, 'UNAUTHORIZED');
    expect(misconfigured.statements).toBeGreaterThan(0);
  });

  it('forgets cached sessions when this replica writes: a change behind its back shows at the next read', async () => {
    const booking = await book();
    expect((await list(booking, 'extras')).response.statusCode).toBe(200);
    await server().db.update(bookings).set({ status: 'Cancelled', tokenHash: null, tokenExpiresAt: null }).where(eq(bookings.id, booking.id)); // revoked behind the API's back
    expect((await list(booking, 'extras')).response.statusCode, 'within the TTL').toBe(200);
    const clears = server().readCache.stats.clears;
    await book(); // any write this replica answers (here POST /bookings, 201)
    expect(server().readCache.stats.clears).toBeGreaterThan(clears);
    expectApiError((await list(booking, 'extras')).response, 401, 'UNAUTHORIZED');
  });

  it('shows the new party at once after this replica changes the passengers (a new booking and token)', async () => {
    const booking = await book();
    expect((await list(booking, 'accommodation')).response.statusCode).toBe(200);
    const updated = await server().inject({
      method: 'PUT',
      url: '/api/bookings/passengers',
      headers: booking.headers,
      payload: { passengers: [lead, second], source: { id: 63, subsource_id: 165, subsource_description: '' } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expectApiError((await list(booking, 'accommodation')).response, 401, 'UNAUTHORIZED');
  });
});

describe('booking sessions across replicas', () => {
  it('keeps showing option lists on another replica for at most the TTL after the booking is replaced there, never longer', async () => {
    const clock = testClock();
    const set = await startReplicas({ count: 2, clock, env: { READ_CACHE_TTL_MS: '2000', HOLD_SWEEP_INTERVAL_MS: '0' } });
    try {
      const [a, b] = [set.replicas[0]!.app, set.replicas[1]!.app];
      const booking = await createBooking(a, { code: TOUR, startsInDays: STARTS_IN_DAYS, passengers: [lead] });
      const url = `/api/bookings/tour/${booking.tourId}/flights`;
      expect((await b.inject({ method: 'GET', url, headers: booking.headers })).statusCode).toBe(200);
      // Replica A replaces the booking (another party size): the old token no longer opens anything.
      const updated = await a.inject({
        method: 'PUT',
        url: '/api/bookings/passengers',
        headers: booking.headers,
        payload: { passengers: [lead, second], source: { id: 63, subsource_id: 165, subsource_description: '' } },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expectApiError(await a.inject({ method: 'GET', url, headers: booking.headers }), 401, 'UNAUTHORIZED');
      // B verified the token a moment ago: within its TTL it still shows the lists, and nothing more.
      expect((await b.inject({ method: 'GET', url, headers: booking.headers })).statusCode).toBe(200);
      expectApiError(await submit(b, booking, {}), 401, 'UNAUTHORIZED');
      clock.advance(2.1);
      expectApiError(await b.inject({ method: 'GET', url, headers: booking.headers }), 401, 'UNAUTHORIZED');
    } finally {
      await set.close();
    }
  });
});
