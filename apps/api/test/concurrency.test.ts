import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { allocations, bookings, departureAccommodations, departureOptions, departures, optionPrices } from '../src/db/schema/index.ts';
import { isActiveAllocation } from '../src/modules/inventory/index.ts';
import { createBooking, lead, optionIds, second, submit, type CreatedTestBooking } from './booking-fixtures.ts';
import { NO_TIMED_JOBS, buildTestApp, createTestDatabase } from './helper.ts';
import type { TestDatabase } from './test-database.ts';
import { WRITE_PATH_BUDGETS } from './write-path-budgets.ts';

/**
 * Many visitors at once. With DATABASE_URL (the PostgreSQL lane) the
 * transactions really run in parallel on separate connections; on PGlite they
 * are serialised by the engine, which must give the same answers.
 */
describe('selections under concurrency', () => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    database = await createTestDatabase();
    const connection = await database.open({
      onQuery: (query) => {
        if (counting) statements.push(query);
      },
    });
    app = await buildTestApp(database, { database: connection, env: NO_TIMED_JOBS });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  const server = () => app!;

  async function departureIdOf(booking: CreatedTestBooking) {
    const [row] = await server().db.select({ departureId: bookings.departureId }).from(bookings).where(eq(bookings.id, booking.id));
    return row!.departureId;
  }

  const bookMany = (count: number, code: string, startsInDays: number) =>
    Promise.all(Array.from({ length: count }, () => createBooking(server(), { code, startsInDays, passengers: [lead] })));

  it('sells the last room to exactly one of ten simultaneous visitors', async () => {
    const visitors = await bookMany(10, 'PG-FLO', 180);
    const departureId = await departureIdOf(visitors[0]!);
    const [stay] = await server().db.select().from(departureAccommodations).where(eq(departureAccommodations.departureId, departureId));
    const [suite] = await server()
      .db.insert(departureOptions)
      .values({
        departureId,
        kind: 'room',
        name: 'Medici suite',
        inventory: 1,
        occupancyFrom: 1,
        occupancyTo: 1,
        durationFrom: stay!.nights,
        durationTo: stay!.nights,
        accommodationId: stay!.accommodationId,
        accommodationName: 'PALAZZO RUCELLAI SUITES',
        roomType: 'Suite',
      })
      .returning({ id: departureOptions.id });
    await server()
      .db.insert(optionPrices)
      .values((['GBP', 'USD', 'AUD'] as const).map((currency) => ({ optionId: suite!.id, currency, adultPrice: 75000 })));

    const responses = await Promise.all(
      visitors.map((visitor) => submit(server(), visitor, { accommodation: [{ component_id: suite!.id, passenger_ids: visitor.passengerIds }] })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409)) expect(response.json().error.code).toBe('SERVICE_FAILURE');

    const active = await server()
      .db.select({ bookingId: allocations.bookingId, optionId: allocations.optionId })
      .from(allocations)
      .where(and(inArray(allocations.bookingId, visitors.map((v) => v.id)), isActiveAllocation(new Date())));
    const winner = visitors[responses.findIndex((response) => response.statusCode === 200)]!;
    // The winner holds the suite and a place; the others hold nothing at all.
    expect(active.filter((row) => row.optionId === suite!.id)).toEqual([{ bookingId: winner.id, optionId: suite!.id }]);
    expect(new Set(active.map((row) => row.bookingId))).toEqual(new Set([winner.id]));
    // Units left, counted by hand in SQL rather than by the code under test.
    const [left] = await queryRows<{ left: number }>(
      server().db,
      sql`select o.inventory - coalesce(sum(a.quantity) filter (where a.state = 'sold' or (a.state = 'held' and a.expires_at > now())), 0) as left
          from departure_options o left join allocations a on a.option_id = o.id
          where o.id = ${suite!.id} group by o.id`,
    );
    expect(Number(left!.left)).toBe(0);
  });

  it('never sells more places on a departure than it has', async () => {
    const visitors = await bookMany(10, 'LD-GRE', 77);
    const departureId = await departureIdOf(visitors[0]!);
    // Three places left for ten visitors.
    await server().db.update(departures).set({ capacity: 3 }).where(eq(departures.id, departureId));
    const responses = await Promise.all(
      visitors.map((visitor) =>
        server().inject({ method: 'POST', url: '/api/bookings/selection', headers: visitor.headers, payload: { tour_id: visitor.tourId } }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, ...Array<number>(7).fill(409)]);
    const places = await server()
      .db.select({ id: allocations.id })
      .from(allocations)
      .where(and(eq(allocations.departureId, departureId), isActiveAllocation(new Date())));
    expect(places).toHaveLength(3);
  });

  it('submits selections in a fixed number of statements, however many options are chosen', async () => {
    const booking = await createBooking(server(), { code: 'MHW-VIE', startsInDays: 200, passengers: [lead, second] });
    const ids = await optionIds(server(), booking);
    const both = booking.passengerIds;
    const rooms = [
      { component_id: ids.room('HOTEL KONIGSHOF', 'Twin'), passenger_ids: both },
      { component_id: ids.room('gastehaus monchsberg', 'Twin'), passenger_ids: both },
    ];
    const few = { flights: [{ component_id: ids.flight('BA 702'), passenger_ids: both }], accommodation: rooms };
    const many = {
      flights: [...few.flights, { component_id: ids.flight('OS 457'), passenger_ids: both }],
      extras: [
        { component_id: ids.extra('Private visit to the Spanish Riding School'), passenger_ids: both },
        { component_id: ids.extra('Welcome drinks at the Mozarthaus'), passenger_ids: both },
        { component_id: ids.extra('Additional night', 2), passenger_ids: both },
      ],
      accommodation: rooms,
    };
    const count = async (allocationsBody: object) => {
      statements.length = 0;
      counting = true;
      const response = await submit(server(), booking, allocationsBody);
      counting = false;
      expect(response.statusCode, response.body).toBe(200);
      return statements.length;
    };
    const small = await count(few);
    const large = await count(many);
    expect(large).toBe(small);
    // The selections' budget (write-path-budgets.ts, enforced call by call in write-path-statements.test.ts);
    // node-postgres also logs BEGIN and COMMIT.
    expect(small).toBeLessThanOrEqual(WRITE_PATH_BUDGETS.select.statements + 2);
  });
});
