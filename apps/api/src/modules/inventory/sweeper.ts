import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { scheduleBackgroundJob } from '../../lib/background-job.ts';
import { sqlInstant, type Instant } from '../../lib/clock.ts';
import { sharedPlugin } from '../../lib/plugin.ts';
import { openPaymentRequestExists } from '../payments/index.ts';

export interface SweepResult {
  released: number;
  bookingIds: number[];
}

/**
 * Releases every hold whose time is up, in one statement. Safe with many API
 * replicas sweeping at once: SKIP LOCKED lets each take rows nobody else is
 * touching, so sweepers never wait on each other or on a booking being
 * changed, and a row is released once. Holds of a booking with an open
 * payment request are left alone until reconciliation has asked the provider
 * whether it was paid. Availability already ignores expired
 * holds, so this only tidies: correctness never waits for it. `now` is the
 * database's clock (Clock.databaseNow()), the one availability judges by, so a
 * replica whose own clock runs fast never releases a hold early.
 */
export async function sweepExpiredHolds(db: Database, at: Instant): Promise<SweepResult> {
  const now = sqlInstant(at);
  // A transaction even for one statement: on PGlite it keeps the write out of another request's open transaction.
  const rows = await db.transaction((tx) =>
    queryRows<{ id: number; booking_id: number }>(
      tx,
      sql`update allocations set state = 'released', updated_at = ${now}
          where id in (
            select a.id from allocations a
            where a.state = 'held' and a.expires_at <= ${now}
              -- An open payment request may have been paid: reconciliation asks the provider first.
              and not ${openPaymentRequestExists(sql`a.booking_id`)}
            for update of a skip locked
          )
          returning id, booking_id`,
    ),
  );
  return { released: rows.length, bookingIds: [...new Set(rows.map((row) => Number(row.booking_id)))] };
}

/**
 * Sweeps every HOLD_SWEEP_INTERVAL_MS while the app runs (0: never). One sweep
 * at a time per process; a failed sweep is logged and the next one tries again.
 */
export const holdSweeperPlugin = sharedPlugin('hold-sweeper', async (app) => {
  scheduleBackgroundJob(app, 'sweeping expired holds', app.config.holdSweepIntervalMs, async () => {
    const result = await sweepExpiredHolds(app.db, app.clock.databaseNow());
    if (result.released > 0) app.log.info(result, 'released expired holds');
  });
});
