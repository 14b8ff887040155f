import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MailDeliveryError, type MailPort } from '../src/adapters/mail/index.ts';
import { allocations } from '../src/db/schema/index.ts';
import { relayOutbox } from '../src/modules/mail/index.ts';
import { ATTENTION } from '../src/modules/confirmation/index.ts';
import { SETTLEMENT_PENDING } from '../src/modules/confirmation/index.ts';
import { sweepExpiredHolds } from '../src/modules/inventory/index.ts';
import { reconcilePayments } from '../src/modules/confirmation/index.ts';
import type { FaultPoint } from '../src/lib/fault-points.ts';
import type { CreatedTestBooking } from './booking-fixtures.ts';
import { expectConfirmedOnce, expectNothingRecorded, expectPaidAndFlagged, notifyPayment, plentyOfPlaces, settlementOf } from './faults-fixtures.ts';
import { build, expectApiError, testClock } from './helper.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms } from './payment-fixtures.ts';

/**
 * The Faults suite, in one process: the database and the card provider fail
 * at each step of a card payment's confirmation (docs/reliability.md has the
 * table). Whatever fails, the browser's retry, the provider's notification or
 * reconciliation (run here explicitly) settles the payment: attached once,
 * charged once, the booking confirmed (or flagged for staff where that is the
 * design), one confirmation e-mail. Killing a replica mid-request is in
 * faults-kill.test.ts.
 */

const STEPS: readonly FaultPoint[] = ['after-charge', 'before-booking-update', 'during-email'];
/** Past the payment request's expiry (PAYMENT_TOKEN_TTL_SECONDS, 900): reconciliation asks the provider about it. */
const PAST_REQUEST_EXPIRY_SECONDS = 901;
/** Past reconciliation's grace for a payment recorded but not applied (5 s), and its leases (60 s). */
const PAST_RECONCILE_GRACE_SECONDS = 61;

describe('faults at each step of confirmation', () => {
  const clock = testClock();
  const server = build({
    clock,
    env: { TEST_FAULTS: 'true', HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0', PAYMENT_PROVIDER_TIMEOUT_MS: '300' },
  });
  const app = () => server.app;
  const db = () => server.app.db;
  beforeAll(async () => {
    await plentyOfSingleRooms(app());
    await plentyOfPlaces(db());
  });

  /** A Sicily booking paid by card at the provider; its confirmation is what the test does next. */
  async function paidBooking(): Promise<{ booking: CreatedTestBooking; paymentId: string }> {
    const { booking, totals } = await bookSicily(app());
    const paymentId = await payToken(app(), (await openPayment(app(), booking, totals.deposit)).token);
    return { booking, paymentId };
  }

  /** Every settler once more: the browser, the provider's notification, reconciliation. None changes anything now. */
  async function replayEverySettler(booking: CreatedTestBooking, paymentId: string) {
    const before = await settlementOf(db(), booking.id);
    const again = await confirm(app(), booking, paymentId);
    expect(again.statusCode, again.body).toBe(200);
    expect((await notifyPayment(app(), db(), paymentId)).statusCode).toBe(200);
    clock.advance(PAST_RECONCILE_GRACE_SECONDS);
    expect(await reconcilePayments(app())).toMatchObject({ failures: 0 });
    const after = await settlementOf(db(), booking.id);
    expect(after.recorded).toEqual(before.recorded);
    expect(after.booking).toEqual(before.booking);
    expect(after.mails.length).toBe(before.mails.length);
    expect(after.audit).toEqual(before.audit);
    return again.json().data;
  }

  describe.each(STEPS)('the database connection lost %s', (step) => {
    it('once: the request retries it and confirms', async () => {
      const { booking, paymentId } = await paidBooking();
      app().faultSwitch.arm(booking.id, step, 1, 'database');
      const response = await confirm(app(), booking, paymentId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ status: 'confirmed' });
      await expectConfirmedOnce(db(), booking.id, paymentId);
      expect(await replayEverySettler(booking, paymentId)).toEqual(response.json().data);
    });

    it.each(['the browser’s retry', 'the provider’s notification', 'reconciliation'] as const)(
      'for longer than the retries: 503 and nothing lost, then %s settles it once',
      async (settler) => {
        const { booking, paymentId } = await paidBooking();
        app().faultSwitch.arm(booking.id, step, 4, 'database');
        const response = await confirm(app(), booking, paymentId);
        expectApiError(response, 503, 'SERVICE_FAILURE');
        expect(response.json().error.message).toBe(SETTLEMENT_PENDING);
        const found = await settlementOf(db(), booking.id);
        if (step === 'after-charge') {
          await expectNothingRecorded(db(), booking.id, paymentId);
        } else {
          // Recorded before the failure, and committed: the money is attached, the booking untouched.
          expect(found.recorded).toEqual([expect.objectContaining({ providerPaymentId: paymentId, appliedAt: null })]);
          expect(found.booking).toMatchObject({ status: 'Quote', reference: null, needsAttention: false });
          expect(found.states.every((state) => state === 'held')).toBe(true);
          expect(found.mails).toEqual([]);
        }

        if (settler === 'the browser’s retry') {
          const retry = await confirm(app(), booking, paymentId);
          expect(retry.statusCode, retry.body).toBe(200);
          expect(retry.json().data.status).toBe('confirmed');
        } else if (settler === 'the provider’s notification') {
          expect((await notifyPayment(app(), db(), paymentId)).statusCode).toBe(200);
        } else {
          // Nothing recorded: found through the expired payment request; recorded: through the unapplied payment.
          clock.advance(step === 'after-charge' ? PAST_REQUEST_EXPIRY_SECONDS : PAST_RECONCILE_GRACE_SECONDS);
          const run = await reconcilePayments(app());
          expect(run.failures).toBe(0);
          expect(run.paymentsSettled + run.paymentsApplied).toBeGreaterThanOrEqual(1);
        }
        const settled = await expectConfirmedOnce(db(), booking.id, paymentId);
        const answer = await replayEverySettler(booking, paymentId);
        expect(answer).toEqual({ status: 'confirmed', reference: settled.booking.reference, booking_status: 'Confirmed' });
      },
    );
  });

  it('an application error after the charge: 500, nothing recorded, and the browser’s retry confirms', async () => {
    const { booking, paymentId } = await paidBooking();
    app().faultSwitch.arm(booking.id, 'after-charge', 1, 'error');
    expectApiError(await confirm(app(), booking, paymentId), 500, 'INTERNAL');
    await expectNothingRecorded(db(), booking.id, paymentId);
    const retry = await confirm(app(), booking, paymentId);
    expect(retry.json().data.status).toBe('confirmed');
    await expectConfirmedOnce(db(), booking.id, paymentId);
  });

  it.each(['before-booking-update', 'during-email'] as const)(
    'an application error %s: paid, attached and flagged for staff; the holds go back once they lapse',
    async (step) => {
      const { booking, paymentId } = await paidBooking();
      app().faultSwitch.arm(booking.id, step, 1, 'error');
      const response = await confirm(app(), booking, paymentId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({ status: 'unconfirmed', reference: String(booking.id), booking_status: 'Unconfirmed' });
      await expectPaidAndFlagged(db(), booking.id, paymentId, ATTENTION.failed);
      // Every settler answers the same and adds nothing.
      expect(await replayEverySettler(booking, paymentId)).toEqual(response.json().data);
      // Staff re-book the places by hand: the held ones are not kept from other buyers for ever.
      await db().update(allocations).set({ expiresAt: new Date(clock.now().getTime() - 1000) }).where(eq(allocations.bookingId, booking.id));
      await sweepExpiredHolds(db(), clock.databaseNow());
      expect((await settlementOf(db(), booking.id)).states.every((state) => state === 'released')).toBe(true);
    },
  );

  describe.each(['provider-5xx', 'provider-timeout', 'provider-refused'] as const)('the card provider failing (%s) when asked about the charge', (fault) => {
    it('the browser gets 502, the notification a 5xx the provider retries, reconciliation tries again later: nothing recorded until the provider answers', async () => {
      const { booking, paymentId } = await paidBooking();
      app().faultSwitch.armProvider(fault, 20);
      try {
        const response = await confirm(app(), booking, paymentId);
        expectApiError(response, 502, 'SERVICE_FAILURE');
        const notified = await notifyPayment(app(), db(), paymentId);
        expect(notified.statusCode).toBeGreaterThanOrEqual(500);
        clock.advance(PAST_REQUEST_EXPIRY_SECONDS);
        expect(await reconcilePayments(app())).toMatchObject({ paymentsSettled: 0, failures: expect.any(Number) });
        await expectNothingRecorded(db(), booking.id, paymentId);
      } finally {
        app().faultSwitch.armProvider(fault, 0);
      }
      // The provider answers again: its notification, retried, settles the payment; the browser's retry finds it settled.
      expect((await notifyPayment(app(), db(), paymentId)).statusCode).toBe(200);
      const settled = await expectConfirmedOnce(db(), booking.id, paymentId);
      expect(await replayEverySettler(booking, paymentId)).toEqual({ status: 'confirmed', reference: settled.booking.reference, booking_status: 'Confirmed' });
    });
  });

  it('the e-mail server failing when the confirmation e-mail is sent: retried with backoff, sent once, the booking untouched', async () => {
    const { booking, paymentId } = await paidBooking();
    expect((await confirm(app(), booking, paymentId)).json().data.status).toBe('confirmed');
    const sent: string[] = [];
    const down: MailPort = {
      provider: 'smtp',
      send: async () => {
        throw new MailDeliveryError('421 4.3.2 Service not available, closing transmission channel', { permanent: false });
      },
      close: async () => {},
    };
    const up: MailPort = {
      provider: 'smtp',
      send: async (message) => {
        sent.push(message.messageKey ?? '');
        return { messageId: `<${message.messageKey}@test>` };
      },
      close: async () => {},
    };
    const mail = async () => (await settlementOf(db(), booking.id)).mails[0]!;
    // Other tests' e-mails wait in the same outbox: runs go on until this one has been tried.
    for (let run = 0; run < 20 && (await mail()).attempts === 0; run++) await relayOutbox(db(), down, clock.now());
    expect(await mail()).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('421') });
    // Not before its backoff is over.
    await relayOutbox(db(), up, clock.now());
    expect(await mail()).toMatchObject({ status: 'pending', attempts: 1 });
    clock.advance(61);
    for (let run = 0; run < 20 && (await mail()).status === 'pending'; run++) await relayOutbox(db(), up, clock.now());
    const delivered = await mail();
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sent.filter((key) => key.startsWith(`outbox-${delivered.id}.`))).toHaveLength(1);
    await expectConfirmedOnce(db(), booking.id, paymentId);
  });

  it('a request stalled while the booking is being confirmed: the browser’s retry and the notification wait their turn, one of everything', async () => {
    const { booking, paymentId } = await paidBooking();
    app().faultSwitch.arm(booking.id, 'during-email', 1, 'pause');
    const stalled = confirm(app(), booking, paymentId);
    await waitFor(() => app().faultSwitch.pausedAt().some((at) => at.booking_id === booking.id));
    const retry = confirm(app(), booking, paymentId);
    const notified = notifyPayment(app(), db(), paymentId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(app().faultSwitch.releaseAll()).toBe(1);
    const answers = await Promise.all([stalled, retry]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect((await notified).statusCode).toBe(200);
    await expectConfirmedOnce(db(), booking.id, paymentId);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
