import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingPassengers, payments } from '../src/db/schema/index.ts';
import { accountBooking, openAccountPayment, payOnForm, submitReceipt } from './account-fixtures.ts';
import { accountCustomer, DEMO, passengersOf, patchCorrespondence, patchPassenger, thomasInsurance, thomasPassport } from './account-passengers-fixtures.ts';
import { agentConfirm, JANE, makeAgentBooking, verified } from './agents-fixtures.ts';
import { lead } from './booking-fixtures.ts';
import { OIDC_TEST_ENV, signingKey, testKeySource, type SigningKey } from './customer-tokens.ts';
import { expectConfirmedOnce, plentyOfPlaces, settlementOf } from './faults-fixtures.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms, SICILY } from './payment-fixtures.ts';
import { startReplicas, type ReplicaSet } from './replicas.ts';

/**
 * The Idempotency suite: the calls a browser may send twice (a lost answer,
 * a double click, a reload, the retry loop after a charge) are sent again
 * one after the other, and ten at once spread over two replicas of the API
 * on one database. Each has exactly one effect (one payment row, one
 * confirmation and reference, one e-mail, one audit entry per effective
 * change), every answer is the same, and none is a 5xx.
 */

/** How many copies of a call race at once (IDEMPOTENCY_CALLS=50 for the full size). */
const CALLS = Number(process.env.IDEMPOTENCY_CALLS ?? 10);

describe(`replayed and concurrent calls (${CALLS} at once over two replicas)`, () => {
  const published = testKeySource();
  let key: SigningKey;
  let set: ReplicaSet;
  const on = (n: number): FastifyInstance => set.pick(n).app;
  const db = () => set.replicas[0]!.app.db;

  beforeAll(async () => {
    key = await signingKey();
    published.publish(key);
    set = await startReplicas({
      count: 2,
      env: { ...OIDC_TEST_ENV, TEST_FAULTS: 'true', HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' },
      customerTokenKeys: published.source,
    });
    await plentyOfSingleRooms(on(0));
    await plentyOfPlaces(db());
  }, 120_000);
  afterAll(async () => set?.close());

  /** Every call to every replica at once, then the same call twice more, one after the other; all answers the same, none a 5xx. */
  async function racedThenReplayed(call: (app: FastifyInstance) => Promise<Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>>) {
    const raced = await Promise.all(Array.from({ length: CALLS }, (_, n) => call(on(n))));
    const replayed = [await call(on(0)), await call(on(1))];
    const answers = [...raced, ...replayed];
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.json()))).size).toBe(1);
    return answers[0]!.json();
  }

  const auditCount = async (bookingId: number, action: string) =>
    (await db().select().from(auditLog).where(and(eq(auditLog.bookingId, bookingId), eq(auditLog.action, action)))).length;

  it('confirm (booking flow): one payment, one confirmation, one reference, one e-mail', async () => {
    const { booking, totals } = await bookSicily(on(0));
    const paymentId = await payToken(on(1), (await openPayment(on(0), booking, totals.deposit)).token);
    const answer = await racedThenReplayed((app) => confirm(app, booking, paymentId));
    const settled = await expectConfirmedOnce(db(), booking.id, paymentId);
    expect(answer).toEqual({ data: { status: 'confirmed', reference: settled.booking.reference, booking_status: 'Confirmed' } });
  });

  it('agent-confirm: one confirmation, one reference, one e-mail, one agent audit entry', async () => {
    const { booking } = await bookSicily(on(0), { ...SICILY, passengers: [{ ...lead, email: `client-${randomUUID().slice(0, 8)}@example.com` }] });
    await makeAgentBooking(on(1), booking, await verified(on(0), JANE));
    const answer = await racedThenReplayed((app) => agentConfirm(app, booking));
    const found = await settlementOf(db(), booking.id);
    expect(answer).toEqual({ data: { status: 'confirmed', reference: found.booking.reference, booking_status: 'Confirmed' } });
    expect(found.booking.reference).toMatch(/^MER-\d{6}$/);
    expect(found.recorded).toEqual([]);
    expect(found.states.every((state) => state === 'sold')).toBe(true);
    expect(found.mails.map((mail) => mail.messageKey)).toEqual([`booking-confirmed:${booking.id}`]);
    expect(found.audit.confirmed).toBe(1);
    expect(await auditCount(booking.id, 'booking.agent_confirmed')).toBe(1);
  });

  it('balance receipts (account PUT payments/{payment}): one payment row, the balance reduced once', async () => {
    const customer = await accountCustomer(on(0), key);
    const bookingId = customer.booking(DEMO.vienna);
    const balance = (await accountBooking(on(0), customer.headers, bookingId)).booking.outstanding_balance.value;
    const paymentId = await payOnForm(on(1), (await openAccountPayment(on(0), customer.headers, bookingId, 5_000)).token);
    const answer = await racedThenReplayed((app) => submitReceipt(app, customer.headers, bookingId, paymentId));
    const rows = await db().select().from(payments).where(eq(payments.providerPaymentId, paymentId));
    expect(rows).toEqual([expect.objectContaining({ bookingId, amount: 5_000, appliedAt: expect.any(Date) })]);
    expect(answer).toEqual({ data: { id: rows[0]!.id } });
    expect((await accountBooking(on(1), customer.headers, bookingId)).booking.outstanding_balance.value).toBe(balance - 5_000);
    expect(await auditCount(bookingId, 'payment.recorded')).toBe(1);
    expect(await auditCount(bookingId, 'payment.applied_to_balance')).toBe(1);
    expect((await settlementOf(db(), bookingId)).booking).toMatchObject({ status: 'Confirmed', needsAttention: false });
  });

  it('passenger updates (PATCH a passenger’s section): saved once, one audit entry for the one change', async () => {
    const customer = await accountCustomer(on(0), key);
    const bookingId = customer.booking(DEMO.vienna);
    const [, thomas] = await passengersOf(on(0), bookingId);
    const sections = [{ apis: thomasPassport() }, { insurance: thomasInsurance() }, { arrival_time: 'By train at 14:00' }];
    for (const section of sections) {
      const answer = await racedThenReplayed((app) => patchPassenger(app, customer.headers, bookingId, thomas!.id, section));
      expect(answer.data).toMatchObject(section.arrival_time ? { arrival_time: section.arrival_time } : {});
    }
    const [stored] = await db().select().from(bookingPassengers).where(eq(bookingPassengers.id, thomas!.id));
    expect(stored).toMatchObject({ arrivalTime: 'By train at 14:00', apis: expect.objectContaining({ document_number: thomasPassport().document_number }) });
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.bookingId, bookingId), eq(auditLog.action, 'passenger.details_updated')));
    expect(rows.map((row) => (row.detail as { section: string }).section)).toEqual(['apis', 'insurance', 'arrival_time']);
  });

  it('correspondence updates (PATCH correspondence): saved once, one audit entry for the one change', async () => {
    const customer = await accountCustomer(on(0), key);
    const bookingId = customer.booking(DEMO.vienna);
    const answer = await racedThenReplayed((app) => patchCorrespondence(app, customer.headers, bookingId, { send_to: 'in_person' }));
    expect(answer).toEqual({ data: { send_to: 'in_person', alternate_address: null } });
    expect(await auditCount(bookingId, 'booking.correspondence_updated')).toBe(1);
  });
});
