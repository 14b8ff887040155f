import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../src/db/client.ts';
import type { FaultPoint } from '../src/lib/fault-points.ts';
import { ApiProcess } from './api-process.ts';
import type { CreatedTestBooking } from './booking-fixtures.ts';
import { expectConfirmedOnce } from './faults-fixtures.ts';
import { createTestDatabase } from './helper.ts';
import { bookDayTrip, confirm, openPayment, payToken } from './payment-fixtures.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * The Faults suite with real processes: an API replica is killed with
 * SIGKILL while it confirms a paid booking, paused exactly at a step of the
 * confirmation by a 'pause' fault. On PostgreSQL two replicas share one
 * database: the other replica settles the payment (the browser's retry
 * reaching it, its reconciliation, or the provider's notification it
 * delivers). On PGlite, whose data directory one process owns, the replica
 * is restarted on the same directory after each kill (crash recovery) and
 * the restarted process settles it. Either way: one capture, attached once,
 * the booking confirmed, its places sold, one e-mail.
 */

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

interface Killed {
  step: FaultPoint;
  booking: CreatedTestBooking;
  paymentId: string;
  /** How it was settled after the kill. */
  settler: 'browser' | 'reconciliation' | 'notification';
}

/** Each step's kill is settled another way, so every settler is proven after a crash. */
const SCENARIOS: { step: FaultPoint; settler: Killed['settler'] }[] = [
  { step: 'after-charge', settler: 'browser' },
  { step: 'before-booking-update', settler: 'reconciliation' },
  { step: 'during-email', settler: 'notification' },
];

describe(`a replica killed with SIGKILL in the middle of a confirmation (${ON_POSTGRES ? 'PostgreSQL, two replicas' : 'PGlite, restarted on its data directory'})`, () => {
  let database: TestDatabase;
  /** The replica that is killed next. */
  let victim: ApiProcess;
  /** The replica that settles: on PostgreSQL the survivor, on PGlite the restarted process. */
  let settler: ApiProcess | undefined;
  const processes: ApiProcess[] = [];
  const killed: Killed[] = [];

  const start = async () => {
    const api = await ApiProcess.start(database);
    processes.push(api);
    return api;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ persistent: true });
    // On PostgreSQL the survivor starts first, alone, so the two never seed the new database at once.
    if (ON_POSTGRES) settler = await start();
    victim = await start();
  }, 240_000);

  afterAll(async () => {
    await Promise.allSettled(processes.map((api) => api.kill()));
    await database?.drop();
  });

  it.each(SCENARIOS)('killed $step: the $settler settles the payment once', async ({ step, settler: how }) => {
    // On PostgreSQL the replica killed last time is replaced by a new one (as an orchestrator would).
    if (!victim.alive) victim = await start();
    const app = victim.asApp;
    const { booking, totals } = await bookDayTrip(app);
    const paymentId = await payToken(app, (await openPayment(app, booking, totals.total)).token);
    const armed = await victim.inject({ method: 'POST', url: '/api/testing/faults', payload: { booking_id: booking.id, fault: step, effect: 'pause' } });
    expect(armed.statusCode, armed.body).toBe(200);

    // The browser's confirm reaches the victim and stops at the step; the process dies there.
    const cut = confirm(app, booking, paymentId).then(
      (answer) => answer,
      (error: unknown) => error,
    );
    const until = Date.now() + 30_000;
    while (!(await victim.pausedBookings()).includes(booking.id)) {
      if (Date.now() > until) throw new Error(`The confirmation never reached ${step}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await victim.kill();
    // No answer ever came: the connection was cut.
    expect(await cut).toBeInstanceOf(Error);

    if (!ON_POSTGRES) {
      // PGlite: the same data directory, recovered by a new process.
      victim = await start();
      settler = victim;
    }
    const survivor = settler!;

    if (how === 'browser') {
      // The browser asks again, and the load balancer sends it to another replica.
      const retry = await confirm(survivor.asApp, booking, paymentId);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().data).toMatchObject({ status: 'confirmed', reference: expect.stringMatching(/^MER-\d{6}$/) });
    } else if (how === 'reconciliation') {
      // The payment was recorded, and its application died with the process: once its grace is over (5 s), reconciliation applies it.
      const until = Date.now() + 30_000;
      for (;;) {
        const run = await survivor.runJob('reconcile');
        expect(run.failures).toBe(0);
        if ((run.paymentsApplied ?? 0) >= 1) break;
        if (Date.now() > until) throw new Error('Reconciliation never applied the payment');
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } else {
      // The provider's notification, delivered by the sandbox provider of the surviving replica to its own webhook.
      const run = await survivor.runJob('notifications');
      expect(run.delivered).toBeGreaterThanOrEqual(1);
      expect(run.failed).toBe(0);
    }
    // The browser's answer after the fact is the settled one, and every settler after it changes nothing.
    const answer = await confirm(survivor.asApp, booking, paymentId);
    expect(answer.json().data.status).toBe('confirmed');
    expect((await survivor.runJob('reconcile')).failures).toBe(0);
    killed.push({ step, booking, paymentId, settler: how });
  }, 240_000);

  it('leaves every captured payment attached once, nothing charged twice, every booking confirmed with one e-mail', async () => {
    expect(killed.map((k) => k.step)).toEqual(SCENARIOS.map((s) => s.step));
    let connection: DatabaseConnection;
    if (ON_POSTGRES) {
      connection = await database.open({ poolMax: 2 });
    } else {
      // The process owns the directory while it runs: stopped first, then read.
      await Promise.all(processes.map((api) => api.stop()));
      connection = await database.open();
    }
    try {
      for (const { booking, paymentId } of killed) await expectConfirmedOnce(connection.db, booking.id, paymentId);
    } finally {
      await connection.close();
    }
  }, 120_000);
});
