import { formatAmount, formatShortDate, SCREEN_TEXT } from '@tours/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/db/seed/dates.ts';
import { agents, bookingPassengers, bookings, departures, documents, outboxMessages, payments } from '../src/db/schema/index.ts';
import { drawDocumentById, TEMPLATES } from '../src/modules/documents/index.ts';
import { remindersSettings, runReminders, type ReminderResult } from '../src/modules/reminders/index.ts';
import { queueCondition } from '../src/modules/staff-bookings/queues.ts';
import { build, testClock, today } from './helper.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms, SITE_ORIGIN } from './payment-fixtures.ts';
import { thomasInsurance, thomasPassport } from './account-passengers-fixtures.ts';
import { readPdf } from './pdf-reading.ts';
import { staffSession } from './staff-fixtures.ts';
import { bookingPage } from './staff-money-fixtures.ts';
import { startReplicas, type ReplicaSet } from './replicas.ts';

/**
 * The messages that go by themselves (issue 28): two replicas over one
 * database both run the reminders, each run at once on both, while the
 * database's clock moves through a departure's life. The Sicily departure
 * starts 120 days from now; its balance falls due 90 days before
 * (BALANCE_DUE_DAYS), so 30 days from now; the first reminder goes 14 days
 * before that (BALANCE_REMINDER_DAYS), the chasers 90, 60 and 30 days before
 * departure, the final documents 14 days before. Each message is counted in
 * outbox_messages: exactly one of each.
 */

const DAY = 86_400;
const OPERATIONS = 'operations@tours.example';

describe('reminders on two replicas over one database', () => {
  const world = testClock();
  let set: ReplicaSet;
  let a: FastifyInstance;
  let b: FastifyInstance;
  /** Days the clock has moved on from the bookings. */
  let day = 0;
  const ids = { main: 0, cancelled: 0, agency: 0, optional: 0 };
  let balance = 0;
  let total = 0;

  /** A Sicily booking for one, its deposit paid and confirmed. */
  async function confirmedSicily() {
    const { booking, totals } = await bookSicily(a);
    const paymentId = await payToken(a, (await openPayment(a, booking, totals.deposit)).token);
    const response = await confirm(a, booking, paymentId);
    expect(response.statusCode, response.body).toBe(200);
    return { id: booking.id, totals };
  }

  /**
   * Moves the clock to `days` after the bookings were made and runs the reminders on both replicas at once, twice;
   * what the runs say they queued is what the outbox gained (the demo's own bookings may have reminders due too).
   */
  async function runOn(days: number): Promise<ReminderResult> {
    world.advance((days - day) * DAY);
    day = days;
    const before = await outboxCount();
    const results = await Promise.all([a, b, b, a].map((app) => runReminders(app.db, app.clock.databaseNow(), remindersSettings(app.config))));
    const sum = results.reduce((total, result) => {
      for (const key of Object.keys(total) as (keyof ReminderResult)[]) total[key] += result[key];
      return total;
    });
    expect(Object.values(sum).reduce((x, y) => x + y, 0)).toBe((await outboxCount()) - before);
    // A second round finds nothing more to queue.
    const again = await Promise.all([a, b].map((app) => runReminders(app.db, app.clock.databaseNow(), remindersSettings(app.config))));
    expect(again.flatMap((result) => Object.values(result)).every((count) => count === 0)).toBe(true);
    return sum;
  }

  const outboxCount = async () => (await a.db.select({ id: outboxMessages.id }).from(outboxMessages)).length;

  /** Every reminder key of the test's four bookings. */
  async function allReminderKeys(): Promise<Record<string, string[]>> {
    return Object.fromEntries(await Promise.all(Object.entries(ids).map(async ([name, id]) => [name, await reminderKeys(id)] as const)));
  }

  /** The reminder keys queued for a booking, sorted. */
  async function reminderKeys(bookingId: number): Promise<string[]> {
    const rows = await a.db.select({ key: outboxMessages.messageKey }).from(outboxMessages).where(eq(outboxMessages.bookingId, bookingId));
    return rows
      .map((row) => row.key ?? '')
      .filter((key) => !key.startsWith('booking-confirmed:'))
      .sort();
  }

  const mailByKey = async (key: string) => a.db.select().from(outboxMessages).where(eq(outboxMessages.messageKey, key));

  beforeAll(async () => {
    set = await startReplicas({
      clock: world,
      env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0', PUBLIC_URL: SITE_ORIGIN, OPERATIONS_EMAIL: OPERATIONS },
    });
    [a, b] = set.replicas.map((replica) => replica.app) as [FastifyInstance, FastifyInstance];
    await plentyOfSingleRooms(a);
    const main = await confirmedSicily();
    ids.main = main.id;
    total = main.totals.total;
    balance = main.totals.total - main.totals.deposit;
    ids.cancelled = (await confirmedSicily()).id;
    ids.agency = (await confirmedSicily()).id;
    ids.optional = (await confirmedSicily()).id;
    // Cancelled; made by a travel agent, whose agency settles with us; Optional, awaiting staff.
    await a.db.update(bookings).set({ status: 'Cancelled' }).where(eq(bookings.id, ids.cancelled));
    const [agency] = await a.db.select({ id: agents.id }).from(agents).limit(1);
    await a.db.update(bookings).set({ agentId: agency!.id }).where(eq(bookings.id, ids.agency));
    await a.db.update(bookings).set({ status: 'Optional', confirmedDate: null }).where(eq(bookings.id, ids.optional));
  }, 120_000);
  afterAll(async () => set?.close());

  it('sends nothing on the day of booking', async () => {
    await runOn(0);
    expect(await allReminderKeys()).toEqual({ main: [], cancelled: [], agency: [], optional: [] });
  });

  it('reminds of the balance 14 days before it is due, to the penny, with the invoice PDF; and staff of the Optional booking', async () => {
    await runOn(16);
    // The Optional booking is settled and the customer's: its balance is reminded too, and staff of it.
    expect(await allReminderKeys()).toEqual({
      main: [`balance-reminder:${ids.main}:1`],
      cancelled: [],
      agency: [],
      optional: [`balance-reminder:${ids.optional}:1`, `option-reminder:${ids.optional}`],
    });

    const [mail] = await mailByKey(`balance-reminder:${ids.main}:1`);
    const dueDate = addDays(today(), 30);
    const amount = formatAmount(balance, 'GBP', { pence: 'always' });
    expect(amount).toMatch(/\.\d\d$/);
    expect(mail!.toAddress).toBe('edward@example.com');
    expect(mail!.subject).toBe(`Your balance of ${amount} for booking ${(await referenceOf(ids.main))} is due by ${formatShortDate(dueDate)}`);
    expect(mail!.bodyText).toContain(`The balance of ${amount} is due by ${formatShortDate(dueDate)}.`);
    expect(mail!.bodyText).toContain(`Outstanding balance: ${amount}`);
    expect(mail!.bodyText).toContain(`Total price: ${formatAmount(total, 'GBP', { pence: 'always' })}`);
    expect(mail!.bodyText).toContain(`${SITE_ORIGIN}/account/booking/${ids.main}`);
    expect(mail!.bodyHtml).toContain(amount);

    // The invoice ('BalanceReminder3', titled 'Invoice') attached, drawn as the relay draws it.
    const [invoice] = await a.db.select().from(documents).where(and(eq(documents.bookingId, ids.main), eq(documents.template, TEMPLATES.invoice)));
    expect(mail!.attachments).toEqual([expect.objectContaining({ kind: 'booking-document', documentId: invoice!.id, contentType: 'application/pdf' })]);
    expect(mail!.attachments[0]!.filename).toMatch(/-invoice\.pdf$/);
    const file = await drawDocumentById(a.db, invoice!.id, { now: a.clock.now(), balanceDueDays: a.config.balances.dueDays });
    const pdf = await readPdf(file!.content);
    expect(pdf.text).toContain('Invoice');
    expect(pdf.text).toContain(formatAmount(balance, 'GBP', { pence: 'always' }).replace('.00', ''));

    const [staff] = await mailByKey(`option-reminder:${ids.optional}`);
    expect(staff!.toAddress).toBe(OPERATIONS);
    expect(staff!.subject).toContain('awaits confirmation');
  });

  it('sends the second reminder once the balance is overdue, as the staff queue lists it, and the first chaser', async () => {
    await runOn(31);
    // The Optional booking is not chased for details (the notifications modal's rule: Confirmed bookings).
    expect(await reminderKeys(ids.optional)).toEqual([`balance-reminder:${ids.optional}:1`, `balance-reminder:${ids.optional}:2`, `option-reminder:${ids.optional}`]);
    expect(await reminderKeys(ids.main)).toEqual([`balance-reminder:${ids.main}:1`, `balance-reminder:${ids.main}:2`, `details-chaser:${ids.main}:90`]);
    const [overdue] = await mailByKey(`balance-reminder:${ids.main}:2`);
    expect(overdue!.subject).toContain('is overdue');
    expect(overdue!.bodyText).toContain(formatAmount(balance, 'GBP', { pence: 'always' }));
    expect(overdue!.attachments).toHaveLength(1);
    const [chaser] = await mailByKey(`details-chaser:${ids.main}:90`);
    expect(chaser!.bodyText).toContain(SCREEN_TEXT.detailsRequiredSoon);
    expect(chaser!.bodyText).toContain(`${SITE_ORIGIN}/account/booking/${ids.main}?tab=1`);

    const listed = await a.db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(departures, eq(departures.id, bookings.departureId))
      .where(queueCondition('balances-overdue', { now: a.clock.databaseNow(), balanceDueDays: a.config.balances.dueDays }));
    expect(listed.map((row) => row.id)).toContain(ids.main);
  });

  it('chases details at 60 days, and no more once they are complete', async () => {
    await runOn(60);
    expect(await reminderKeys(ids.main)).toContain(`details-chaser:${ids.main}:60`);
    await a.db
      .update(bookingPassengers)
      .set({ apis: thomasPassport(), insurance: thomasInsurance(), joiningInformation: { joining_text: 'At the hotel' }, arrivalTime: '14:00' })
      .where(eq(bookingPassengers.bookingId, ids.main));
    await a.db.update(bookings).set({ correspondence: { send_to: 'in_person', alternate_address: null } }).where(eq(bookings.id, ids.main));
    await runOn(90);
    expect(await reminderKeys(ids.main)).not.toContain(`details-chaser:${ids.main}:30`);
  });

  it('sends the final documents 14 days before departure, only once the balance is paid', async () => {
    await runOn(106);
    expect(await reminderKeys(ids.main)).not.toContain(`final-documents:${ids.main}`);
    const [booking] = await a.db.select().from(bookings).where(eq(bookings.id, ids.main));
    await a.db.insert(payments).values({ bookingId: ids.main, currency: 'GBP', bookingCurrency: 'GBP', amount: balance, status: 'succeeded', provider: 'test', reference: `${booking!.reference}-balance` });
    await runOn(107);
    const [mail] = await mailByKey(`final-documents:${ids.main}`);
    expect(mail!.subject).toContain('travel documents');
    // The documents the booking shows once paid: the booking confirmation (the invoice went with the balance).
    const shown = await a.db.select().from(documents).where(eq(documents.bookingId, ids.main)).orderBy(asc(documents.id));
    const attached = mail!.attachments.map((attachment) => attachment.documentId);
    expect(attached).toContain(shown.find((document) => document.template === TEMPLATES.bookingConfirmation)!.id);
    expect(attached).not.toContain(shown.find((document) => document.template === TEMPLATES.invoice)!.id);
  });

  it('counts exactly one of each message, and none for the cancelled or the agency-settled booking', async () => {
    await runOn(110);
    expect(await reminderKeys(ids.main)).toEqual(
      [`balance-reminder:${ids.main}:1`, `balance-reminder:${ids.main}:2`, `details-chaser:${ids.main}:60`, `details-chaser:${ids.main}:90`, `final-documents:${ids.main}`].sort(),
    );
    expect(await reminderKeys(ids.cancelled)).toEqual([]);
    expect(await reminderKeys(ids.agency)).toEqual([]);
    const options = await a.db.select().from(outboxMessages).where(like(outboxMessages.messageKey, 'option-reminder:%'));
    expect(options.map((row) => row.bookingId)).toEqual([ids.optional]);
    // Each is on the booking's staff page with the e-mails sent about it.
    const page = await bookingPage(b, await staffSession(b, ['operations']), ids.main);
    const subjects = (page.messages as { subject: string }[]).map((message) => message.subject);
    for (const key of await reminderKeys(ids.main)) expect(subjects).toContain((await mailByKey(key))[0]!.subject);
    const all = await a.db.select({ key: outboxMessages.messageKey }).from(outboxMessages);
    const keys = all.map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  async function referenceOf(id: number): Promise<string> {
    const [row] = await a.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, id));
    return row!.reference!;
  }
});

describe('the reminders job on its interval', () => {
  const world = testClock();
  const server = build({ clock: world, env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0', PUBLIC_URL: SITE_ORIGIN, REMINDERS_INTERVAL_MS: '100' } });

  it('queues a reminder once it is due, by itself, and only once', async () => {
    const app = server.app;
    await plentyOfSingleRooms(app);
    const { booking, totals } = await bookSicily(app);
    const paymentId = await payToken(app, (await openPayment(app, booking, totals.deposit)).token);
    expect((await confirm(app, booking, paymentId)).statusCode).toBe(200);
    const reminders = () => app.db.select().from(outboxMessages).where(eq(outboxMessages.messageKey, `balance-reminder:${booking.id}:1`));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reminders()).toEqual([]);

    world.advance(16 * DAY);
    const deadline = Date.now() + 10_000;
    while ((await reminders()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reminders()).toHaveLength(1);
  });
});
