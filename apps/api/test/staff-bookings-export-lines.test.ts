import { STAFF_QUEUE_INFO } from '@tours/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { agents, bookingComponents, bookingExportChanges, bookingExportLines, bookingPassengers, bookings, departures, outboxMessages, payments, tours } from '../src/db/schema/index.ts';
import { markAttemptFailed } from '../src/modules/mail/outbox.ts';
import { bookingsCsv, csvLineOf } from '../src/modules/staff-bookings/csv.ts';
import { refreshExportLines } from '../src/modules/staff-bookings/export-lines.ts';
import { DEMO_REFERENCES } from './account-fixtures.ts';
import { build, NO_TIMED_JOBS, testClock } from './helper.ts';
import { plentyOfSingleRooms } from './payment-fixtures.ts';
import { listedBookingRows, staffSession, type StaffCaller } from './staff-fixtures.ts';
import { paidSicily, staffPost } from './staff-money-fixtures.ts';

/**
 * The bookings CSV's read model (staff-bookings/export-lines.ts, ADR 0021):
 * each booking's line is kept, and kept current by the triggers on the
 * tables it is written from, whichever module writes them. Whatever changed,
 * however, and whenever (an export running while a write is uncommitted),
 * the next export is byte for byte what the list's rows show
 * (csvLineOf, the rule of record), and the last field, the queues, follows
 * the export's day without any write.
 */
describe('the bookings CSV’s read model', () => {
  const clock = testClock();
  const server = build({ env: { ...NO_TIMED_JOBS }, clock });
  const app = () => server.app;
  const db = () => app().db;


  async function exported(caller: StaffCaller, query = 'sort=created&direction=desc'): Promise<string> {
    const response = await app().inject({ method: 'GET', url: `/api/staff/bookings.csv?${query}`, headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  }
  /** The export equals the list's rows written by the rule of record, and every line of it is kept. */
  async function expectCurrent(caller: StaffCaller, query?: string): Promise<string> {
    const csv = await exported(caller, query);
    expect(csv).toBe(bookingsCsv((await listedBookingRows(app(), caller, query ?? 'sort=created&direction=desc')).map(csvLineOf).join('')).toString('utf8'));
    return csv;
  }
  const lineOf = (csv: string, bookingId: number) => csv.split('\r\n').find((line) => line.split(',')[1] === String(bookingId)) ?? '';
  const idOf = async (reference: string) => (await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, reference)))[0]!.id;

  it('follows every change to what a line is written from, whichever table it is in', async () => {
    await plentyOfSingleRooms(app());
    const operations = await staffSession(app(), ['operations']);
    const sicily = await paidSicily(app(), 120, 'total');
    const withBalance = await idOf(DEMO_REFERENCES.withBalance);
    const paidInFull = await idOf(DEMO_REFERENCES.paidInFull);
    await expectCurrent(operations);
    expect(Number((await db().select({ n: sql<number>`count(*)` }).from(bookingExportLines))[0]!.n)).toBeGreaterThan(0);

    // A passenger renamed, a line's price, a payment, the booking's own row, an e-mail given up on.
    await db().update(bookingPassengers).set({ familyName: 'Renamed, "Quoted"' }).where(and(eq(bookingPassengers.bookingId, withBalance), eq(bookingPassengers.isLead, true)));
    const [component] = await db().select().from(bookingComponents).where(eq(bookingComponents.bookingId, paidInFull)).orderBy(asc(bookingComponents.id)).limit(1);
    await db()
      .update(bookingComponents)
      .set({ unitPrice: component!.unitPrice + 1_234, price: (component!.unitPrice + 1_234) * component!.quantity })
      .where(eq(bookingComponents.id, component!.id));
    await db()
      .insert(payments)
      .values({ bookingId: sicily.booking.id, currency: 'GBP', bookingCurrency: 'GBP', amount: 1_500, status: 'succeeded', provider: 'sandbox', providerPaymentId: `lines-${Date.now()}` });
    await db().update(bookings).set({ quoteReason: 'rooms-sold-out' }).where(eq(bookings.id, withBalance));
    const [message] = await db().select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.bookingId, sicily.booking.id)).limit(1);
    await markAttemptFailed(db(), message!.id, '550 mailbox unavailable', null);
    await db().update(outboxMessages).set({ status: 'failed' }).where(eq(outboxMessages.id, message!.id));
    let csv = await expectCurrent(operations);
    expect(lineOf(csv, withBalance)).toContain('Renamed, ""Quoted"""');
    expect(lineOf(csv, sicily.booking.id)).toContain(STAFF_QUEUE_INFO['mail-failed'].label);

    // Staff mark the e-mail as dealt with (queue_items_dealt_with): the booking leaves that queue.
    const dealt = await staffPost(app(), operations, `/api/staff/bookings/${sicily.booking.id}/dealt-with`, { queue: 'mail-failed', reason: 'Telephoned the customer instead' });
    expect(dealt.statusCode, dealt.body).toBe(200);
    csv = await expectCurrent(operations);
    expect(lineOf(csv, sicily.booking.id)).not.toContain(STAFF_QUEUE_INFO['mail-failed'].label);

    // The departure's dates, the tour's name and the agent's: every booking of theirs.
    const [booking] = await db().select({ departureId: bookings.departureId }).from(bookings).where(eq(bookings.id, paidInFull));
    const [departure] = await db().select().from(departures).where(eq(departures.id, booking!.departureId));
    await db().update(departures).set({ startDate: '2031-03-02', endDate: '2031-03-12' }).where(eq(departures.id, departure!.id));
    await db().update(tours).set({ name: 'Renamed tour, with a comma' }).where(eq(tours.id, departure!.tourId));
    const [agent] = await db().select({ id: agents.id }).from(agents).limit(1);
    await db().update(agents).set({ name: '=Renamed agency' }).where(eq(agents.id, agent!.id));
    await db().update(bookings).set({ agentId: agent!.id }).where(eq(bookings.id, paidInFull));
    csv = await expectCurrent(operations);
    expect(lineOf(csv, paidInFull)).toContain(',2031-03-02,2031-03-12,');
    expect(lineOf(csv, paidInFull)).toContain('"Renamed tour, with a comma"');
    expect(lineOf(csv, paidInFull)).toContain("'=Renamed agency");
    // Filtered and sorted another way, from the same kept lines.
    await expectCurrent(operations, 'sort=lead_name&direction=asc');
    await expectCurrent(operations, 'status=Confirmed&sort=balance');

    // A passenger removed, and a payment removed: deletes are changes too.
    await db().delete(payments).where(eq(payments.providerPaymentId, (await db().select().from(payments).where(eq(payments.bookingId, sicily.booking.id)).orderBy(asc(payments.id)).limit(1))[0]!.providerPaymentId!));
    await expectCurrent(operations);
  });

  it('writes the queues on the export’s day: a balance is overdue from the day after it falls due, with nothing written', async () => {
    const withBalance = await idOf(DEMO_REFERENCES.withBalance);
    // Owing its balance again, whatever the test above did.
    await db().delete(payments).where(and(eq(payments.bookingId, withBalance), eq(payments.amount, 1_500)));
    const [row] = await db()
      .select({ due: sql<string>`cast(${departures.startDate} - coalesce(${departures.balanceDueDays}, ${app().config.balances.dueDays}) as text)` })
      .from(bookings)
      .innerJoin(departures, eq(departures.id, bookings.departureId))
      .where(eq(bookings.id, withBalance));
    const overdue = STAFF_QUEUE_INFO['balances-overdue'].label;

    clock.stopAt(new Date(`${row!.due}T12:00:00Z`));
    await refreshExportLines(db(), app().config.balances.dueDays);
    const onTheDay = await expectCurrent(await staffSession(app(), ['operations']));
    expect(lineOf(onTheDay, withBalance)).not.toContain(overdue);
    const changes = await db().select({ n: sql<number>`count(*)` }).from(bookingExportChanges);

    clock.advance(24 * 60 * 60);
    // A session of that day (one of the day before has lapsed), which writes nothing a line is written from.
    const dayAfter = await expectCurrent(await staffSession(app(), ['operations']));
    expect(lineOf(dayAfter, withBalance)).toContain(overdue);
    // Nothing was written for it: the day alone moved the booking into the queue.
    expect(await db().select({ n: sql<number>`count(*)` }).from(bookingExportChanges)).toEqual(changes);
  });

  it('an export while a write is uncommitted keeps nothing stale: the next export has the write', async () => {
    const operations = await staffSession(app(), ['operations']);
    const paidInFull = await idOf(DEMO_REFERENCES.paidInFull);
    for (const attempt of [1, 2, 3]) {
      // The writer holds its change uncommitted a moment while the export reads (on a PostgreSQL server; PGlite takes them in turn).
      await Promise.all([
        db().transaction(async (tx) => {
          await tx
            .update(bookingPassengers)
            .set({ givenName: `Writer${attempt}` })
            .where(and(eq(bookingPassengers.bookingId, paidInFull), eq(bookingPassengers.isLead, true)));
          await tx.execute(sql`select pg_sleep(0.2)`);
        }),
        exported(operations),
      ]);
      expect(lineOf(await expectCurrent(operations), paidInFull)).toContain(`Writer${attempt}`);
    }
  });
});

/** The job runs every 50 ms here; a loaded machine may take seconds to get to it. */
const UNTIL_THE_JOB_RAN = { timeout: 30_000, interval: 50 };

describe('the job that keeps the bookings CSV’s read model current', () => {
  const server = build({ env: { ...NO_TIMED_JOBS, BOOKING_EXPORT_LINES_INTERVAL_MS: '50' } });
  const linesKept = async () => Number((await server.app.db.select({ n: sql<number>`count(*)` }).from(bookingExportLines))[0]!.n);
  const bookingsMade = async () => Number((await server.app.db.select({ n: sql<number>`count(*)` }).from(bookings))[0]!.n);

  it('builds every booking’s line without an export, and builds a changed one again', async () => {
    await vi.waitFor(async () => expect(await linesKept()).toBe(await bookingsMade()), UNTIL_THE_JOB_RAN);
    const [booking] = await server.app.db.select({ id: bookings.id }).from(bookings).orderBy(asc(bookings.id)).limit(1);
    await server.app.db.update(bookingPassengers).set({ familyName: 'Kept-by-the-job' }).where(and(eq(bookingPassengers.bookingId, booking!.id), eq(bookingPassengers.isLead, true)));
    const headOf = async () => (await server.app.db.select({ head: bookingExportLines.head }).from(bookingExportLines).where(eq(bookingExportLines.bookingId, booking!.id)))[0]?.head ?? '';
    await vi.waitFor(async () => expect(await headOf()).toContain('Kept-by-the-job'), UNTIL_THE_JOB_RAN);
    // And the changes it has seen are forgotten.
    await vi.waitFor(async () => expect(Number((await server.app.db.select({ n: sql<number>`count(*)` }).from(bookingExportChanges))[0]!.n)).toBe(0), UNTIL_THE_JOB_RAN);
  });
});
