import { BOOKING_TOKEN_TIMEOUT_SECONDS } from '@tours/domain';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocations, auditLog, bookings, departures, idpModels, outboxMessages, payEvents, payments, rateLimitCounters } from '../src/db/schema/index.ts';
import { deleteExpiredModels } from '../src/modules/identity-provider/adapter.ts';
import { enqueueMail } from '../src/modules/mail/index.ts';
import { messageKeyOf } from '../src/modules/mail/relay.ts';
import type { CreatedTestBooking } from './booking-fixtures.ts';
import { testClock } from './helper.ts';
import { bookSicily, openPayment, payToken, plentyOfSingleRooms } from './payment-fixtures.ts';
import { startReplicas, type ReplicaSet } from './replicas.ts';

/**
 * Every background job runs on both replicas at once, every 100 ms, over one
 * database: the hold sweeper, the outbox relay, reconciliation, the sandbox
 * provider's notification retries and the rate-limit sweeper (the identity
 * provider's cleanup runs every ten minutes, so the test runs its statement
 * from both at once). Each has work waiting, and each effect must happen
 * exactly once. JOBS_SCALE multiplies the work (JOBS_SCALE=10 is the full size).
 */
const SCALE = Math.max(1, Number(process.env.JOBS_SCALE ?? 1));
const HOLDING = 4 * SCALE;
const RECONCILED = 3 * SCALE;
const NOTIFIED = 3 * SCALE;
const MAILS = 40 * SCALE;
const COUNTERS = 20 * SCALE;
const INTERVAL_MS = '100';
const MINUTE = 60;
/** The sandbox provider's payment requests last 15 minutes. */
const REQUEST_TTL_SECONDS = 900;

interface LogCall {
  replica: number;
  level: 'error' | 'warn' | 'info';
  message: string;
  detail: unknown;
}

/** Polls until `done` answers true; fails with `what` after `timeoutMs`. */
async function until(what: string, done: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('background jobs on two replicas at once', () => {
  const world = testClock();
  const logs: LogCall[] = [];
  /** Each e-mail handed to a mail port, by its Message-ID key. */
  const sends = new Map<string, number>();
  /** Each provider notification our endpoint acknowledged, by event id. */
  const acknowledged = new Map<string, number>();
  const serverErrors: string[] = [];
  let set: ReplicaSet;
  let apps: FastifyInstance[];
  let built = 0;

  /** What each replica logs and sends, recorded as it happens (logs are silent in tests). */
  function observe(app: FastifyInstance) {
    const replica = built++;
    for (const level of ['error', 'warn', 'info'] as const) {
      const original = app.log[level].bind(app.log);
      app.log[level] = ((first: unknown, second?: unknown, ...rest: unknown[]) => {
        const [detail, message] = typeof first === 'string' ? [undefined, first] : [first, typeof second === 'string' ? second : ''];
        logs.push({ replica, level, message, detail });
        return (original as (...args: unknown[]) => void)(first, second, ...rest);
      }) as typeof app.log.info;
    }
    app.log.fatal = app.log.error;
    const mail = app.adapters.mail;
    const send = mail.send.bind(mail);
    mail.send = async (message) => {
      const key = message.messageKey ?? 'none';
      sends.set(key, (sends.get(key) ?? 0) + 1);
      return send(message);
    };
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode >= 500) serverErrors.push(`${request.method} ${request.url} ${reply.statusCode}`);
      if (request.routeOptions.url === '/api/payments/notifications' && reply.statusCode === 200) {
        const { id } = JSON.parse(request.body as string) as { id: string };
        acknowledged.set(id, (acknowledged.get(id) ?? 0) + 1);
      }
    });
  }

  beforeAll(async () => {
    set = await startReplicas({
      count: 2,
      clock: world,
      env: {
        HOLD_SWEEP_INTERVAL_MS: INTERVAL_MS,
        MAIL_RELAY_INTERVAL_MS: INTERVAL_MS,
        PAYMENT_RECONCILE_INTERVAL_MS: INTERVAL_MS,
        PAYMENT_WEBHOOK_RETRY_INTERVAL_MS: INTERVAL_MS,
        RATE_LIMIT_SWEEP_INTERVAL_MS: INTERVAL_MS,
      },
      routes: observe,
    });
    apps = set.replicas.map((replica) => replica.app);
    const db = apps[0]!.db;
    await plentyOfSingleRooms(apps[0]!);
    // Room for every booking of the full-size run on the one departure.
    await db.update(departures).set({ capacity: 1000 });
  }, 120_000);
  afterAll(async () => set?.close());

  it('releases each expired hold once, sends each e-mail once, settles each payment once and delivers each notification once', { timeout: 300_000 }, async () => {
    const db = apps[0]!.db;
    const app = (n: number) => set.pick(n).app;
    // The demo's own e-mail the relay gave up on (the seed's, for the work queue) is not this test's.
    const seededMail = (await db.select({ id: outboxMessages.id }).from(outboxMessages)).map((row) => row.id);

    // 1. Holds that will lapse: bookings chosen on either replica, then left.
    const holding: CreatedTestBooking[] = [];
    for (let n = 0; n < HOLDING; n++) holding.push((await bookSicily(app(n))).booking);
    const heldRows = await db.select({ id: allocations.id }).from(allocations).where(inArray(allocations.bookingId, holding.map((b) => b.id)));
    expect(heldRows.length).toBe(2 * HOLDING);
    // Their sessions are nearly over when the payments below are made, so only these holds lapse. Nothing is in flight yet.
    world.advance(BOOKING_TOKEN_TIMEOUT_SECONDS - 10 * MINUTE);

    // 2. Payments made at the provider whose notifications our endpoint refuses for now (a secret rotated by mistake on both).
    const secrets = apps.map((a) => a.config.payments.webhookSecret);
    for (const a of apps) a.config.payments.webhookSecret = 'whsec_rotated_by_mistake_0000000';
    const paid: { booking: CreatedTestBooking; paymentId: string }[] = [];
    for (let n = 0; n < RECONCILED + NOTIFIED; n++) {
      const { booking, totals } = await bookSicily(app(n));
      const paymentId = await payToken(app(n + 1), (await openPayment(app(n), booking, totals.deposit)).token);
      paid.push({ booking, paymentId });
    }
    const eventOf = async (paymentId: string) =>
      (await db.select().from(payEvents)).find((event) => (event.payload as { payment: { id: string } }).payment.id === paymentId)!;
    await until('every notification to be refused once', async () => (await db.select().from(payEvents).where(isNull(payEvents.deliveredAt))).every((event) => event.attempts >= 1));
    // The first ones' notifications are lost for good: only reconciliation can settle them.
    const lost = paid.slice(0, RECONCILED);
    const notified = paid.slice(RECONCILED);
    const lostEvents = await Promise.all(lost.map(({ paymentId }) => eventOf(paymentId)));
    await db.update(payEvents).set({ deliveredAt: new Date() }).where(inArray(payEvents.id, lostEvents.map((event) => event.id)));

    // 3. Time moves on past the holds' end and the payment requests' expiry. Only refused notifications can be
    //    in flight across this jump (a lease outrun by a jump would let a second replica take its work again).
    world.advance(REQUEST_TTL_SECONDS + MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // 4. The secret is put right, and the notifications' backoff (at most 20 s so far) is waited out: well inside every lease.
    apps.forEach((a, index) => (a.config.payments.webhookSecret = secrets[index]!));
    world.advance(30);

    // 5. E-mails queued at once, and rate-limit counters and identity provider rows long expired.
    await db.transaction(async (tx) => {
      for (let n = 0; n < MAILS; n++) await enqueueMail(tx, { to: `jobs-${n}@example.com`, subject: `Queued ${n}`, text: `Message ${n}`, messageKey: `jobs:${n}` });
    });
    const longAgo = new Date(world.now().getTime() - 2 * 3_600_000);
    await db.insert(rateLimitCounters).values(
      Array.from({ length: COUNTERS }, (_, n) => ({ scope: 'jobs-test', keyHash: `key-${n}`, count: 1, windowStartedAt: longAgo, expiresAt: new Date(longAgo.getTime() + 60_000) })),
    );
    await db.insert(idpModels).values(Array.from({ length: COUNTERS }, (_, n) => ({ id: `jobs-${n}`, kind: 'Session', payload: {}, expiresAt: longAgo })));
    // The identity provider's cleanup statement, from both replicas at once, three times over.
    await Promise.all([0, 1, 0, 1, 0, 1].map((n) => deleteExpiredModels(app(n).db, app(n).clock.now())));

    const settledIds = paid.map(({ booking }) => booking.id);
    await until('every hold released, every payment settled, every e-mail sent and every counter swept', async () => {
      const [held, open, pending, counters, undelivered] = await Promise.all([
        db.select({ id: allocations.id }).from(allocations).where(and(inArray(allocations.id, heldRows.map((row) => row.id)), eq(allocations.state, 'held'))),
        db.select({ id: bookings.id }).from(bookings).where(and(inArray(bookings.id, settledIds), eq(bookings.status, 'Quote'))),
        db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.status, 'pending')),
        db.select({ n: sql<number>`cast(count(*) as integer)` }).from(rateLimitCounters).where(eq(rateLimitCounters.scope, 'jobs-test')),
        db.select({ id: payEvents.id }).from(payEvents).where(isNull(payEvents.deliveredAt)),
      ]);
      return held.length === 0 && open.length === 0 && pending.length === 0 && Number(counters[0]!.n) === 0 && undelivered.length === 0;
    });

    // Holds: every row released, and the releases the sweepers reported add up to those rows: none twice.
    const sweeps = logs.filter((call) => call.message === 'released expired holds').map((call) => call.detail as { released: number; bookingIds: number[] });
    expect(sweeps.reduce((sum, sweep) => sum + sweep.released, 0)).toBe(heldRows.length);
    expect(new Set(sweeps.flatMap((sweep) => sweep.bookingIds))).toEqual(new Set(holding.map((b) => b.id)));

    // Payments: one row each, applied and settling its booking, one record and one confirmation in the audit log, one e-mail.
    for (const { booking, paymentId } of paid) {
      const rows = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
      expect(rows, `booking ${booking.id}`).toEqual([expect.objectContaining({ providerPaymentId: paymentId, appliedAt: expect.any(Date), settlesBooking: true })]);
      const audit = await db.select().from(auditLog).where(eq(auditLog.bookingId, booking.id));
      expect(audit.filter((entry) => entry.action === 'payment.recorded')).toHaveLength(1);
      expect(audit.filter((entry) => entry.action === 'booking.confirmed')).toHaveLength(1);
      const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row!.status).toBe('Confirmed');
      expect(await db.select().from(outboxMessages).where(eq(outboxMessages.bookingId, booking.id))).toHaveLength(1);
    }
    // The lost notifications were never sent again; the refused ones were acknowledged exactly once each.
    for (const event of lostEvents) expect(acknowledged.get(event.id)).toBeUndefined();
    for (const { paymentId } of notified) expect(acknowledged.get((await eventOf(paymentId)).id)).toBe(1);
    expect((await db.select().from(payEvents).where(isNull(payEvents.deliveredAt))).length).toBe(0);

    // E-mails: every message sent, each handed to the mail server exactly once.
    const outbox = (await db.select().from(outboxMessages)).filter((message) => !seededMail.includes(message.id));
    expect(outbox.length).toBe(MAILS + paid.length);
    for (const message of outbox) {
      expect(message).toMatchObject({ status: 'sent', attempts: 1 });
      expect(sends.get(messageKeyOf(message)), `message ${message.id}`).toBe(1);
    }
    expect(sends.size).toBe(outbox.length);

    // The identity provider's expired rows are gone.
    expect(await db.select().from(idpModels).where(like(idpModels.id, 'jobs-%'))).toHaveLength(0);

    // Both replicas did the work, and nothing went wrong on either.
    const workers = new Set(logs.filter((call) => ['outbox relay', 'reconciled payments', 'released expired holds'].includes(call.message)).map((call) => call.replica));
    expect(workers).toEqual(new Set([0, 1]));
    expect(logs.filter((call) => call.level === 'error')).toEqual([]);
    // The only warnings are the provider's own, about the notifications our endpoint refused while its secret was wrong.
    expect(logs.filter((call) => call.level === 'warn' && !call.message.startsWith('sandbox provider: notification not acknowledged'))).toEqual([]);
    expect(serverErrors).toEqual([]);
  });
});
