import { depositFor } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingComponents, bookings, departureOptions, payments, seedRuns } from '../src/db/schema/index.ts';
import { DEMO_BOOKINGS } from '../src/db/seed/data/customers.ts';
import { DEMO_SEED, seedDemoData } from '../src/db/seed/index.ts';
import { rowCounts } from './db-counts.ts';
import { buildTestApp, createTestDatabase, today } from './helper.ts';
import type { TestDatabase } from './test-database.ts';

describe('the demo seed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ empty: true, persistent: true });
  });
  afterAll(async () => {
    await database.drop();
  });

  it('loads once: running it again and restarting the app change nothing', async () => {
    const first = await buildTestApp(database);
    const before = await rowCounts(first.db);
    expect(before.tours).toBe(9);
    // The demo customer's four, and the six that put something in each queue of the staff console's work queue.
    expect(before.bookings).toBe(10);
    expect(before.seed_runs).toBe(1);

    await expect(seedDemoData(first.db, today())).resolves.toEqual({ applied: false, seededOn: today(), version: DEMO_SEED.version });
    expect(await rowCounts(first.db)).toEqual(before);
    await first.close();

    const restarted = await buildTestApp(database);
    try {
      expect(await rowCounts(restarted.db)).toEqual(before);
      const [run] = await restarted.db.select().from(seedRuns);
      expect(run).toMatchObject({ name: 'demo', version: DEMO_SEED.version, seededOn: today() });
    } finally {
      await restarted.close();
    }
  });

  it('keeps every booking consistent: payments never exceed the total of its components', async () => {
    const app = await buildTestApp(database);
    try {
      const rows = await app.db.select().from(bookings);
      for (const booking of rows) {
        const components = await app.db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, booking.id));
        const paid = await app.db.select().from(payments).where(eq(payments.bookingId, booking.id));
        const total = components.reduce((sum, c) => sum + c.price, 0);
        // A payment in another currency (the work queue's flagged one) counts nothing towards the booking.
        const received = paid.filter((p) => p.status === 'succeeded' && p.currency === booking.currency).reduce((sum, p) => sum + p.amount, 0);
        expect(received).toBeLessThanOrEqual(total);
        expect(components.every((c) => c.currency === booking.currency)).toBe(true);
      }
      const sold = await app.db.select().from(departureOptions).where(eq(departureOptions.kind, 'room'));
      expect(sold.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it("takes each seeded deposit by the domain's deposit rule, and the balance as the rest", async () => {
    const app = await buildTestApp(database);
    try {
      const paidDeposits = DEMO_BOOKINGS.filter((seed) => seed.payments[0]?.share === 'deposit');
      expect(paidDeposits.length).toBeGreaterThan(0);
      for (const seed of paidDeposits) {
        const [booking] = await app.db.select().from(bookings).where(eq(bookings.reference, seed.reference));
        const components = await app.db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, booking!.id));
        const paid = await app.db.select().from(payments).where(eq(payments.bookingId, booking!.id)).orderBy(asc(payments.id));
        const total = components.reduce((sum, c) => sum + c.price, 0);
        // A one-off part is its own amount; the balance is whatever the payments before it left.
        let before = 0;
        const expected = seed.payments.map(({ share }) => {
          const amount = typeof share === 'object' ? share.oneOff : share === 'deposit' ? depositFor(total) : share === 'balance' ? total - before : total;
          before += amount;
          return amount;
        });
        expect(paid.map((payment) => payment.amount), seed.reference).toEqual(expected);
      }
    } finally {
      await app.close();
    }
  });
});
