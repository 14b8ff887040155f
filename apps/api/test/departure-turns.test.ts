import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client.ts';
import { bookings, departureOptions } from '../src/db/schema/index.ts';
import { inDepartureTurn } from '../src/modules/selections/departure-turns.ts';
import { createBooking, lead, optionIds, submit } from './booking-fixtures.ts';
import { build } from './helper.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('selections take turns per departure in a replica', () => {
  const poolA = {} as Database;
  const poolB = {} as Database;

  it('runs one at a time per departure and pool, in arrival order, and says who waited', async () => {
    const log: string[] = [];
    const work = (name: string, ms: number) => async (waited: boolean) => {
      log.push(`${name} starts${waited ? ' after waiting' : ''}`);
      await pause(ms);
      log.push(`${name} ends`);
      return name;
    };
    const answers = await Promise.all([
      inDepartureTurn(poolA, 1, work('a1', 30)),
      inDepartureTurn(poolA, 1, work('a2', 5)),
      // Another departure, and another replica's pool, never wait for these.
      inDepartureTurn(poolA, 2, work('other departure', 5)),
      inDepartureTurn(poolB, 1, work('other pool', 5)),
    ]);
    expect(answers).toEqual(['a1', 'a2', 'other departure', 'other pool']);
    expect(log.slice(0, 3)).toEqual(['a1 starts', 'other departure starts', 'other pool starts']);
    expect(log.indexOf('a2 starts after waiting')).toBe(log.indexOf('a1 ends') + 1);
  });

  it('lets the next one go when one fails, and leaves nothing behind', async () => {
    const failed = inDepartureTurn(poolA, 3, async () => {
      throw new Error('the places are gone');
    });
    const next = inDepartureTurn(poolA, 3, async (waited) => waited);
    await expect(failed).rejects.toThrow('the places are gone');
    expect(await next).toBe(true);
    // Nobody in line any more: the next one goes straight in.
    expect(await inDepartureTurn(poolA, 3, async (waited) => waited)).toBe(false);
  });
});

describe('a selection that waits too long for the departure’s lock', () => {
  // Short lock waits, so that a lock held for a moment outlasts one wait but not the retries.
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', DATABASE_LOCK_TIMEOUT_MS: '200' } });

  /** Holds the departure's row lock for `ms`, from another connection on a server, else in a transaction of the one PGlite connection. */
  async function holdDepartureLock(departureId: number, ms: number) {
    const url = server.database.databaseUrl;
    if (!url) {
      await server.app.db.transaction(async (tx) => {
        await tx.execute(sql`select id from departures where id = ${departureId} for update`);
        await pause(ms);
      });
      return;
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('select id from departures where id = $1 for update', [departureId]);
      await pause(ms);
      await client.query('commit');
    } finally {
      await client.end();
    }
  }

  it('is tried again once the lock is free, rather than answering 500', async () => {
    const booking = await createBooking(server.app, { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] });
    const ids = await optionIds(server.app, booking);
    const [row] = await server.app.db.select({ departureId: bookings.departureId }).from(bookings).where(eq(bookings.id, booking.id));
    // Longer than one lock wait (200 ms), shorter than the waits and backoff of the retries together.
    const holding = holdDepartureLock(row!.departureId, 350);
    await pause(50);
    const response = await submit(server.app, booking, {
      accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Single'), passenger_ids: booking.passengerIds }],
    });
    await holding;
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses what others sold while it waited its turn with the locked check’s own answer', async () => {
    const visitors = await Promise.all(
      Array.from({ length: 4 }, () => createBooking(server.app, { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] })),
    );
    const ids = await optionIds(server.app, visitors[0]!);
    const single = ids.room('Hotel Villa Aretusa', 'Single');
    // One single room left for four at once, and places for all.
    const [taken] = await queryRows<{ n: number }>(
      server.app.db,
      sql`select cast(count(*) as integer) as n from allocations where option_id = ${single} and (state = 'sold' or (state = 'held' and expires_at > now()))`,
    );
    await server.app.db.update(departureOptions).set({ inventory: Number(taken!.n) + 1 }).where(eq(departureOptions.id, single));
    const responses = await Promise.all(
      visitors.map((visitor) => submit(server.app, visitor, { accommodation: [{ component_id: single, passenger_ids: visitor.passengerIds }] })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error).toEqual({ code: 'SERVICE_FAILURE', message: 'No longer available: Single room.' });
    }
  });
});
