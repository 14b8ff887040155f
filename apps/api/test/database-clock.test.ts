import { BOOKING_TOKEN_TIMEOUT_SECONDS } from '@tours/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailPort } from '../src/adapters/mail/index.ts';
import { addDays } from '../src/db/seed/dates.ts';
import { allocations, bookings, outboxMessages, payEvents, paymentIntents, payments, seedRuns } from '../src/db/schema/index.ts';
import { databaseClock, readDatabaseNow, type Clock } from '../src/lib/clock.ts';
import { unitsTaken } from '../src/modules/inventory/index.ts';
import { sweepExpiredHolds } from '../src/modules/inventory/index.ts';
import { enqueueMail, relayOutbox } from '../src/modules/mail/index.ts';
import { reconcilePayments } from '../src/modules/confirmation/index.ts';
import { createBooking, type CreatedTestBooking } from './booking-fixtures.ts';
import { buildTestApp, createTestDatabase, testClock, today } from './helper.ts';
import { bookSicily, openPayment, payToken, plentyOfSingleRooms } from './payment-fixtures.ts';
import { startReplicas, type ReplicaSet } from './replicas.ts';

const HOUR_MS = 3_600_000;
const MINUTE = 60;
/** The booking session, which its holds last. */
const SESSION_SECONDS = BOOKING_TOKEN_TIMEOUT_SECONDS;

/**
 * A replica whose own clock is `skewMs` off, over the one database: what it
 * shows and signs reads its own clock, what it decides reads the database's.
 */
function skewed(world: ReturnType<typeof testClock>, skewMs: number): Clock {
  return { now: () => new Date(world.now().getTime() + skewMs), databaseNow: () => world.databaseNow() };
}

/** The database's 'now' as a replica's decisions read it. */
const databaseNowOf = (app: FastifyInstance): Promise<Date> => readDatabaseNow(app.db, app.clock.databaseNow());

describe('replicas whose clocks are an hour apart agree on every decision, by the database’s clock', () => {
  // The world's time, which the test moves on; the database's clock moves with it.
  const world = testClock();
  let set: ReplicaSet;
  // fast: an hour ahead; slow: an hour behind; provider: on time (the card provider's own clock, a third party's).
  let fast: FastifyInstance;
  let slow: FastifyInstance;
  let provider: FastifyInstance;

  beforeAll(async () => {
    set = await startReplicas({
      count: 3,
      clock: (index) => [skewed(world, HOUR_MS), skewed(world, -HOUR_MS), world][index]!,
      // Every job is run by the test, on the replica it names, so each decision is seen where it is made.
      env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0', RATE_LIMIT_SWEEP_INTERVAL_MS: '0' },
    });
    [fast, slow, provider] = set.replicas.map((replica) => replica.app) as [FastifyInstance, FastifyInstance, FastifyInstance];
    await plentyOfSingleRooms(provider);
  });
  afterAll(async () => set?.close());

  const heldBy = async (booking: CreatedTestBooking) =>
    (await fast.db.select().from(allocations).where(eq(allocations.bookingId, booking.id))).filter((row) => row.state === 'held');
  const bookingTour = (app: FastifyInstance, booking: CreatedTestBooking) => app.inject({ method: 'GET', url: '/api/bookings/tour', headers: booking.headers });

  it('reads one database clock on every replica, whatever their own clocks say', async () => {
    const [onFast, onSlow] = [await databaseNowOf(fast), await databaseNowOf(slow)];
    expect(Math.abs(onFast.getTime() - onSlow.getTime())).toBeLessThan(5_000);
    expect(Math.abs(onFast.getTime() - world.now().getTime())).toBeLessThan(5_000);
    expect(fast.clock.now().getTime() - slow.clock.now().getTime()).toBeGreaterThan(2 * HOUR_MS - 5_000);
  });

  it('holds last the booking session by the database’s clock: the fast replica never releases them early, the slow one never keeps them late', async () => {
    // Started on the fast replica, chosen on the slow one: the session and its holds end by the database's clock.
    const { booking } = await bookSicily(fast);
    const dayTrip = await createBooking(slow, { code: 'LD-GRE', startsInDays: 77 });
    const chosen = await slow.inject({ method: 'POST', url: '/api/bookings/selection', headers: dayTrip.headers, payload: { tour_id: dayTrip.tourId } });
    expect(chosen.statusCode, chosen.body).toBe(200);

    const held = await heldBy(booking);
    expect(held.length).toBeGreaterThan(0);
    const sessionEnds = world.now().getTime() + SESSION_SECONDS * 1000;
    for (const row of held) expect(Math.abs(row.expiresAt!.getTime() - sessionEnds)).toBeLessThan(60_000);
    const departureId = held[0]!.departureId;
    const taken = async (app: FastifyInstance) => (await unitsTaken(app.db, departureId, app.clock.databaseNow())).places;
    const before = await taken(slow);

    // A minute before the session ends: the fast replica's own clock says it ended an hour ago; the database says it has a minute left.
    world.advance(SESSION_SECONDS - MINUTE);
    const early = await sweepExpiredHolds(fast.db, fast.clock.databaseNow());
    expect(early.bookingIds).not.toContain(booking.id);
    expect(early.bookingIds).not.toContain(dayTrip.id);
    expect(await heldBy(booking)).toHaveLength(held.length);
    expect(await taken(fast)).toBe(before);
    expect((await bookingTour(fast, booking)).statusCode).toBe(200);

    // A minute after: the slow replica's own clock says the holds were placed a minute ago; by the database's they are over.
    world.advance(2 * MINUTE);
    expect(await taken(slow)).toBe(before - 1);
    expect((await bookingTour(slow, booking)).statusCode).toBe(401);
    const swept = await sweepExpiredHolds(slow.db, slow.clock.databaseNow());
    expect(swept.bookingIds).toEqual(expect.arrayContaining([booking.id, dayTrip.id]));
    expect(await heldBy(booking)).toHaveLength(0);
    // Released once: the fast replica's sweep finds nothing left.
    expect((await sweepExpiredHolds(fast.db, fast.clock.databaseNow())).bookingIds).not.toContain(booking.id);
  });

  it('relays an e-mail when the database says it is due, and retries it after the backoff by the same clock on every replica', async () => {
    const sent: MailMessage[] = [];
    const working: MailPort = { provider: 'sandbox', send: async (message) => (sent.push(message), { messageId: message.subject }), close: async () => {} };
    const down: MailPort = {
      provider: 'sandbox',
      send: async () => {
        throw new Error('421 try again later');
      },
      close: async () => {},
    };
    const queue = (subject: string) => fast.db.transaction(async (tx) => (await enqueueMail(tx, { to: 'clock@example.com', subject, text: subject, messageKey: `clock:${subject}` }))!);
    const row = async (id: number) => (await slow.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

    // Queued on the fast replica; the slow replica, whose clock is two hours behind it, sends it at once.
    const first = await queue('due at once');
    await relayOutbox(slow.db, working, slow.clock.databaseNow());
    expect((await row(first)).status).toBe('sent');

    // A refusal on the fast replica: tried again a minute later by the database's clock, not its own.
    const second = await queue('retried after a minute');
    expect(await relayOutbox(fast.db, down, fast.clock.databaseNow())).toMatchObject({ retried: 1 });
    const retryAt = (await row(second)).availableAt.getTime();
    expect(Math.abs(retryAt - (world.now().getTime() + 60_000))).toBeLessThan(10_000);
    // Not due on either replica before that minute is up.
    expect(await relayOutbox(fast.db, working, fast.clock.databaseNow())).toMatchObject({ sent: 0 });
    expect(await relayOutbox(slow.db, working, slow.clock.databaseNow())).toMatchObject({ sent: 0 });
    world.advance(61);
    expect(await relayOutbox(slow.db, working, slow.clock.databaseNow())).toMatchObject({ sent: 1 });
    expect((await row(second)).status).toBe('sent');
    expect(sent.map((message) => message.subject).filter((subject) => subject.startsWith('due') || subject.startsWith('retried'))).toEqual(['due at once', 'retried after a minute']);
  });

  it('reconciles a paid request when the database says its time is up, on whichever replica asks', async () => {
    // Paid at the provider, never confirmed, and its notification lost.
    const { booking, totals } = await bookSicily(provider);
    await payToken(provider, (await openPayment(provider, booking, totals.deposit)).token);
    await provider.db.update(payEvents).set({ deliveredAt: new Date() }).where(sql`${payEvents.deliveredAt} is null`);
    const [intent] = await provider.db.select().from(paymentIntents).where(eq(paymentIntents.bookingId, booking.id));
    expect(intent!.status).toBe('open');

    // 14 minutes on: the request is still open at the provider and the holds are live. The fast replica asks nothing.
    world.advance(14 * MINUTE);
    expect(await reconcilePayments(fast)).toMatchObject({ requestsChecked: 0, paymentsSettled: 0 });
    expect(await provider.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(0);

    // 16 minutes on: the request has expired. The slow replica, whose clock says it was opened 44 minutes from now, settles it.
    world.advance(2 * MINUTE);
    expect(await reconcilePayments(slow)).toMatchObject({ paymentsSettled: 1, failures: 0 });
    expect(await provider.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
    const [row] = await provider.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('Confirmed');
  });

  it('retries an unacknowledged provider notification after its backoff by the database’s clock on every replica', async () => {
    const { booking, totals } = await bookSicily(provider);
    const paymentId = await payToken(provider, (await openPayment(provider, booking, totals.deposit)).token);
    const [event] = (await provider.db.select().from(payEvents)).filter((row) => (row.payload as { payment: { id: string } }).payment.id === paymentId);
    const eventRow = async () => (await provider.db.select().from(payEvents).where(eq(payEvents.id, event!.id)))[0]!;

    // The fast replica's endpoint refuses it (its secret rotated by mistake): tried again 5 s later by the database's clock.
    const secret = fast.config.payments.webhookSecret;
    fast.config.payments.webhookSecret = 'whsec_rotated_by_mistake_0000000';
    try {
      expect(await fast.payProviderNotifications.deliverDue()).toMatchObject({ delivered: 0, failed: 1 });
    } finally {
      fast.config.payments.webhookSecret = secret;
    }
    const retry = await eventRow();
    expect(retry).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(Math.abs(retry.nextAttemptAt.getTime() - (world.now().getTime() + 5_000))).toBeLessThan(4_000);
    // Not yet due anywhere, though the fast replica's clock is an hour past it.
    expect(await fast.payProviderNotifications.deliverDue()).toEqual({ delivered: 0, failed: 0 });
    world.advance(6);
    expect(await slow.payProviderNotifications.deliverDue()).toEqual({ delivered: 1, failed: 0 });
    expect(await eventRow()).toMatchObject({ attempts: 2, deliveredAt: expect.any(Date) });
    const [row] = await provider.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('Confirmed');
  });
});

describe('the demo seed on a replica whose clock is a day and a half ahead', () => {
  it('anchors its dates on the database’s day, which every replica reads, not on its own', async () => {
    const database = await createTestDatabase();
    const ahead = await buildTestApp(database, { clock: { now: () => new Date(Date.now() + 36 * HOUR_MS), databaseNow: databaseClock } });
    try {
      const [run] = await ahead.db.select().from(seedRuns);
      expect(run?.seededOn).toBe(today());
      // The departures too: the one the fixtures book 120 days from today is there.
      const found = await ahead.inject({ method: 'GET', url: `/api/tours/find?tour=TSG-SIC&departure=${addDays(today(), 120)}&currency=GBP` });
      expect(found.statusCode, found.body).toBe(200);
    } finally {
      await ahead.close();
      await database.drop();
    }
  });
});
