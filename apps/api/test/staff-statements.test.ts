import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema/index.ts';
import { DEMO_REFERENCES } from './account-fixtures.ts';
import { NO_TIMED_JOBS, buildTestApp, createTestDatabase } from './helper.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * The staff console's lists answer in a fixed number of statements however
 * many bookings they show (no statement per row): a page of 1 and a page of
 * 50, the CSV of a few and of every booking, a booking of one passenger and
 * of two with their payments, each run the same statements. The scale
 * bench measures the time; this proves the shape.
 */
describe('staff lists run a fixed number of statements', () => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  const statements: string[] = [];
  let caller: StaffCaller;

  beforeAll(async () => {
    database = await createTestDatabase();
    const connection = await database.open({ onQuery: (query) => statements.push(query) });
    app = await buildTestApp(database, { database: connection, env: NO_TIMED_JOBS });
    caller = await staffSession(app, ['operations']);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  async function counted(url: string): Promise<number> {
    statements.length = 0;
    const response = await app!.inject({ method: 'GET', url, headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return statements.length;
  }

  it('a page of the list, of 1 or of 50 bookings', async () => {
    const one = await counted('/api/staff/bookings?page_size=1');
    const many = await counted('/api/staff/bookings?page_size=50');
    expect(many).toBe(one);
    // The staff guard's session check and the page itself.
    expect(one).toBeLessThanOrEqual(4);
  });

  it('a page with filters or without, sorted by a column or by money worked out for every booking', async () => {
    const plain = await counted('/api/staff/bookings?page_size=1');
    for (const query of ['sort=balance&page_size=50', 'sort=total&direction=asc', 'sort=lead_name&page=2&page_size=2', 'name=ashworth&sort=balance', 'status=Confirmed&sort=departure']) {
      expect(await counted(`/api/staff/bookings?${query}`), query).toBe(plain);
    }
  });

  it('the CSV of a few bookings or of all, in any order: its lines read in one statement, or built first in a fixed few', async () => {
    // The read model starts empty: every line is built, in the same statements as one line is.
    const building = await counted('/api/staff/bookings.csv');
    const all = await counted('/api/staff/bookings.csv');
    // The staff guard's session check and the one statement that reads the lines (as a page of the list: its check and the page).
    expect(all).toBe(await counted('/api/staff/bookings?page_size=1'));
    expect(building).toBeGreaterThan(all);
    expect(await counted(`/api/staff/bookings.csv?reference=${DEMO_REFERENCES.paidInFull}`)).toBe(all);
    expect(await counted('/api/staff/bookings.csv?sort=balance&direction=asc')).toBe(all);
    expect(await counted('/api/staff/bookings.csv?queue=balances-overdue&sort=lead_name')).toBe(all);
    await app!.db.update(bookings).set({ quoteReason: 'rooms-sold-out' }).where(eq(bookings.reference, DEMO_REFERENCES.paidInFull));
    expect(await counted('/api/staff/bookings.csv?sort=lead_name')).toBe(building);
    expect(await counted('/api/staff/bookings.csv?sort=lead_name')).toBe(all);
  });

  it('every queue, and one queue’s list', async () => {
    const counts = await counted('/api/staff/queue');
    expect(counts).toBeLessThanOrEqual(4);
    expect(await counted('/api/staff/bookings?queue=balances-overdue&page_size=100')).toBe(await counted('/api/staff/bookings?queue=unconfirmed&page_size=1'));
    expect(await counted('/api/staff/bookings?queue=balances-overdue&sort=balance')).toBe(await counted('/api/staff/bookings?queue=unconfirmed&page_size=1'));
  });

  it('a page of departures, and a departure with bookings or without, and its documents', async () => {
    expect(await counted('/api/staff/departures?page_size=50')).toBe(await counted('/api/staff/departures?page_size=1'));
    const departures = (await app!.inject({ method: 'GET', url: '/api/staff/departures?page_size=100', headers: caller.headers })).json().data.items as { id: number }[];
    const [booked] = await app!.db.select({ id: bookings.departureId }).from(bookings).where(eq(bookings.reference, DEMO_REFERENCES.withBalance));
    const empty = departures.find((departure) => departure.id !== booked!.id)!;
    const page = await counted(`/api/staff/departures/${booked!.id}`);
    expect(page).toBe(await counted(`/api/staff/departures/${empty.id}`));
    // The staff guard's session check and the departure's five statements.
    expect(page).toBeLessThanOrEqual(8);
    expect(await counted(`/api/staff/departures/${booked!.id}/rooming-list?format=pdf`)).toBe(await counted(`/api/staff/departures/${empty.id}/rooming-list?format=csv`));
  });
});
