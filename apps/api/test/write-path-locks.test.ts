import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../src/db/client.ts';
import { bookingComponents, bookings, promotions } from '../src/db/schema/index.ts';
import { lockBooking } from '../src/modules/bookings/index.ts';
import { loadOffer, lockOptions } from '../src/modules/catalogue/index.ts';
import { createBooking, lead, optionIds, submit } from './booking-fixtures.ts';
import { confirm, openPayment, payToken } from './payment-fixtures.ts';
import { buildTestApp, createTestDatabase } from './helper.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * Row locks of the booking write path (issue 15), on a PostgreSQL server:
 * a buyer's selections lock the departure, the chosen options and the booking
 * FOR NO KEY UPDATE, which orders buyers of that departure but does not block
 * rows that only reference the locked ones (a booking created on the
 * departure, an allocation on the option), and buyers of other departures
 * never wait at all. Every lock wait here is cut off after 100 ms, so a wait
 * is a failure, not a slow pass.
 *
 * Lock waits need two sessions, and PGlite (the default engine) has one
 * connection: without DATABASE_URL the test starts its own throwaway
 * PostgreSQL 15 (scripts/lib/postgres-cluster.mjs), so both lanes prove it.
 */
const LOCK_TIMEOUT_MS = 100;
const LOCK_NOT_AVAILABLE = '55P03';

interface Cluster {
  url(database?: string): string;
  stop(): void;
}

describe('locks of the booking write path', () => {
  let cluster: Cluster | undefined;
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let holder: DatabaseConnection | undefined;
  let databaseUrl = '';
  const previousUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    if (!process.env.DATABASE_URL) {
      const module = new URL('../../../scripts/lib/postgres-cluster.mjs', import.meta.url).href;
      const { startPostgres } = (await import(module)) as { startPostgres: () => Promise<Cluster> };
      cluster = await startPostgres();
      process.env.DATABASE_URL = cluster.url();
    }
    database = await createTestDatabase();
    databaseUrl = database.databaseUrl!;
    app = await buildTestApp(database, { env: { HOLD_SWEEP_INTERVAL_MS: '0', DATABASE_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } });
    holder = await database.open();
  }, 120_000);
  afterAll(async () => {
    await holder?.close();
    await app?.close();
    await database?.drop();
    if (cluster) {
      if (previousUrl === undefined) delete process.env.DATABASE_URL;
      cluster.stop();
    }
  });

  /** Until a session of this database waits for a row lock (pg_stat_activity), polled rather than guessed with a sleep. */
  async function waitUntilSomeoneWaitsForALock(): Promise<void> {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const waiting = await session(async (client) => {
        const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
        return (rows[0] as { n: number }).n;
      });
      if (waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('Nobody waited for the lock');
  }

  /** A separate session whose lock waits end after LOCK_TIMEOUT_MS. */
  async function session<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`set lock_timeout = ${LOCK_TIMEOUT_MS}`);
      return await work(client);
    } finally {
      await client.end();
    }
  }
  const sqlStateOf = (work: Promise<unknown>) =>
    work.then(
      () => 'ok',
      (error: { code?: string }) => error.code ?? String(error),
    );

  /** Holds the locks a buyer's selections take on a departure (booking, departure, options) until released. */
  async function holdSelectionLocks(bookingId: number, departureId: number, optionIdsToLock: number[]) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const done = holder!.db.transaction(async (tx) => {
      await lockBooking(tx, bookingId);
      await loadOffer(tx, departureId, 'GBP', { lockDeparture: true });
      await lockOptions(tx, optionIdsToLock);
      locked();
      await released;
    });
    await Promise.race([holding, done]);
    return async () => {
      release();
      await done;
    };
  }

  it('lets bookings and allocations that reference locked rows through, and buyers of other departures never wait', async () => {
    const server = app!;
    const sicily = { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] };
    const first = await createBooking(server, sicily);
    const singleRoom = (await optionIds(server, first)).room('Hotel Villa Aretusa', 'Single');
    const [row] = await server.db.select({ departureId: bookings.departureId }).from(bookings).where(eq(bookings.id, first.id));
    const departureId = row!.departureId;

    const release = await holdSelectionLocks(first.id, departureId, [singleRoom]);
    try {
      // A new buyer starts on the locked departure: the booking's foreign key takes KEY SHARE on the departure row.
      const next = await createBooking(server, sicily);
      // An allocation referencing the locked option and departure (and a booking of its own) is written at once.
      const inserted = await session((client) =>
        sqlStateOf(
          client.query(
            `insert into allocations (booking_id, departure_id, option_id, quantity, state, expires_at) values ($1, $2, $3, 1, 'held', now() + interval '1 hour')`,
            [next.id, departureId, singleRoom],
          ),
        ),
      );
      expect(inserted).toBe('ok');

      // A buyer of another departure goes the whole way (selection, card form, payment, confirmation) under the 100 ms lock limit.
      const other = await createBooking(server, { code: 'LD-GRE', startsInDays: 77, passengers: [lead] });
      const chosen = await server.inject({ method: 'POST', url: '/api/bookings/selection', headers: other.headers, payload: { tour_id: other.tourId } });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const payment = await openPayment(server, other, chosen.json().data.total_price.value);
      const confirmed = await confirm(server, other, await payToken(server, payment.token));
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().data.status).toBe('confirmed');

      // Buyers of the locked departure still take turns: its lock is still exclusive among allocating buyers.
      const sameDeparture = await session((client) =>
        sqlStateOf(
          (async () => {
            await client.query('begin');
            await client.query('select id from departures where id = $1 for no key update', [departureId]);
          })(),
        ),
      );
      expect(sameDeparture).toBe(LOCK_NOT_AVAILABLE);
      const sameBooking = await submit(server, first, { accommodation: [{ component_id: singleRoom, passenger_ids: first.passengerIds }] });
      expect(sameBooking.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await release();
    }
  });

  it('would keep a referencing insert waiting under FOR UPDATE, which the write path no longer takes', async () => {
    // The control: the same foreign-key check against a row locked FOR UPDATE waits and times out.
    const server = app!;
    const booking = await createBooking(server, { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] });
    const [row] = await server.db.select({ departureId: bookings.departureId }).from(bookings).where(eq(bookings.id, booking.id));
    const answers = await session(async (locker) => {
      await locker.query('begin');
      const keyShare = async (mode: string) => {
        await locker.query(`select id from departures where id = $1 for ${mode}`, [row!.departureId]);
        return session((client) => sqlStateOf(client.query('select id from departures where id = $1 for key share', [row!.departureId])));
      };
      const noKey = await keyShare('no key update');
      const full = await keyShare('update');
      await locker.query('rollback');
      return { noKey, full };
    });
    expect(answers).toEqual({ noKey: 'ok', full: LOCK_NOT_AVAILABLE });
  });
  it('reads the passengers and the promotion as a writer that held the booking left them, not as they were before the wait', async () => {
    // Under READ COMMITTED a statement keeps the snapshot it began with: had the reads been part of the locking select,
    // a buyer who waited for this booking's lock would see the promotion line as it was before the writer committed.
    const server = app!;
    const booking = await createBooking(server, { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] });
    const [promotion] = await server.db.insert(promotions).values({ code: 'LOCKSNAPSHOT', validFrom: '2020-01-01', validTo: '2099-12-31' }).returning();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const writer = holder!.db.transaction(async (tx) => {
      await lockBooking(tx, booking.id);
      await tx.insert(bookingComponents).values({
        bookingId: booking.id,
        componentType: 'PromotionalCode',
        promotionId: promotion!.id,
        name: 'Late summer',
        unitPrice: -5000,
        quantity: 1,
        price: -5000,
        currency: 'GBP',
      });
      locked();
      await released;
    });
    await holding;
    // This wait is the point of the test, not a failure: the waiter's own cut-off is long enough for a loaded machine.
    const waiter = server.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '10s'`);
      return lockBooking(tx, booking.id);
    });
    // The writer commits only once the waiter's statement has begun (taking its snapshot) and waits for the lock.
    await waitUntilSomeoneWaitsForALock();
    release();
    await writer;
    const seen = await waiter;
    expect(seen).toMatchObject({ passengerIds: booking.passengerIds, promotionName: 'Late summer' });
    expect(Math.abs(seen!.discount)).toBe(5000);
  });
});
