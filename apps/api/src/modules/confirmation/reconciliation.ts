import type { FastifyInstance } from 'fastify';
import { scheduleBackgroundJob } from '../../lib/background-job.ts';
import { sqlAfter } from '../../lib/clock.ts';
import { sharedPlugin } from '../../lib/plugin.ts';
import { retryTransient } from '../../lib/pg-errors.ts';
import { lapsedHoldExists } from '../inventory/index.ts';
import { claimDueIntents, claimPendingRefunds, claimUnappliedPayments, markCancelConfirmed, markIntentExpired } from '../payments/index.ts';
import { applyPayment } from './apply-payment.ts';
import { outcomeOf, sendRefund, settleRefundOutcome } from './refund-settlement.ts';
import { settleProviderPayment, settlementContext, visitorOriginOf } from './settle-payment.ts';

/**
 * Reconciliation: the server settles every payment whether or not the
 * visitor's browser or the provider's notification ever arrives. Each run
 *  1. claims payment requests that are open past their expiry, open on a
 *     booking whose holds have lapsed, or withdrawn without the provider's
 *     acknowledgement, and asks the provider about each: a captured payment
 *     is settled through the single settlement path; an unpaid request is
 *     marked expired (and only then may the sweeper release its holds);
 *  2. claims payments recorded but not applied (a transient failure outlasted
 *     the retries) and applies them;
 *  3. claims card refunds still pending (the provider's answer and its
 *     notification never came, or the process died before it asked) and asks
 *     the provider: the refund it knows is settled by its word; one it was
 *     never sent (or that it does not know) is sent again, with the same
 *     idempotency key, so it is never refunded twice.
 * Claims are leases taken with FOR UPDATE SKIP LOCKED, so any number of
 * replicas may run it at once and each item is worked on by one of them; a
 * replica that dies mid-run leaves its lease to lapse and another takes over.
 */

const BATCH = 50;
const LEASE_MS = 60_000;
/** A payment recorded moments ago is still being applied by its own caller. */
const UNAPPLIED_GRACE_MS = 5_000;
/** A refund written moments ago is still being sent by the action that wrote it (the provider call may take its whole timeout). */
const REFUND_GRACE_MS = 30_000;

export interface ReconcileRun {
  requestsChecked: number;
  paymentsSettled: number;
  requestsExpired: number;
  paymentsApplied: number;
  refundsChecked: number;
  refundsSettled: number;
  failures: number;
}

export async function reconcilePayments(app: FastifyInstance): Promise<ReconcileRun> {
  const run: ReconcileRun = { requestsChecked: 0, paymentsSettled: 0, requestsExpired: 0, paymentsApplied: 0, refundsChecked: 0, refundsSettled: 0, failures: 0 };
  // Due-ness and leases by the database's clock, read by each statement: replicas whose clocks drift agree on them.
  const now = app.clock.databaseNow();
  const leaseUntil = sqlAfter(now, LEASE_MS);
  const requestId = `reconcile-${app.clock.now().getTime()}`;

  // Open requests are due when they expired, or when their booking's holds lapsed (the sweeper waits for this run).
  const intents = await claimDueIntents(app.db, { now, leaseUntil, limit: BATCH, alsoDue: (bookingId) => lapsedHoldExists(bookingId, now) });
  for (const intent of intents) {
    run.requestsChecked++;
    try {
      if (!intent.provider_request_id) {
        await markIntentExpired(app.db, intent.id);
        continue;
      }
      const gateway = app.adapters.payments;
      const request =
        intent.status === 'cancelled'
          ? await gateway.cancelPaymentRequest(intent.provider_request_id)
          : await gateway.getPaymentRequest(intent.provider_request_id);
      if (request?.payment?.status === 'succeeded') {
        await settleProviderPayment(app, { providerPaymentId: request.payment.id, source: 'reconciliation', requestId });
        run.paymentsSettled++;
      }
      if (intent.status === 'cancelled') {
        if (request?.status !== 'open') await markCancelConfirmed(app.db, intent.id, app.clock.now());
      } else if (!request || request.status === 'expired' || request.status === 'cancelled') {
        // The provider will take nothing more through it: its holds may go.
        await markIntentExpired(app.db, intent.id);
        run.requestsExpired++;
      }
      // Still open at the provider: the lease lapses and a later run asks again.
    } catch (error) {
      run.failures++;
      app.log.warn({ err: error, intentId: intent.id }, 'reconciliation could not settle a payment request; a later run retries');
    }
  }

  const unapplied = await claimUnappliedPayments(app.db, { now, leaseUntil, recordedBefore: sqlAfter(now, -UNAPPLIED_GRACE_MS), limit: BATCH });
  for (const payment of unapplied) {
    try {
      // The e-mail's links follow the origin the form was opened at, as when a notification settles the payment.
      const visitorOrigin = await visitorOriginOf(app, null, payment.provider_request_id);
      await retryTransient(() =>
        applyPayment(app.db, {
          ...settlementContext(app, requestId, visitorOrigin),
          bookingId: Number(payment.booking_id),
          paymentId: Number(payment.id),
          actor: 'system:reconciliation',
        }),
      );
      run.paymentsApplied++;
    } catch (error) {
      run.failures++;
      app.log.warn({ err: error, paymentId: payment.id }, 'reconciliation could not apply a recorded payment; a later run retries');
    }
  }

  const refunds = await claimPendingRefunds(app.db, { now, leaseUntil, createdBefore: sqlAfter(now, -REFUND_GRACE_MS), limit: BATCH });
  for (const refund of refunds) {
    run.refundsChecked++;
    try {
      const known = refund.providerRefundId ? await app.adapters.payments.getRefund(refund.providerRefundId) : null;
      if (known) {
        if (await settleRefundOutcome(app, { refundId: refund.id }, outcomeOf(known), 'reconciliation', requestId)) run.refundsSettled++;
      } else {
        // Never sent, or sent without an answer: the same key makes the provider answer the refund it has, or make it once.
        if (await sendRefund(app, refund, requestId, 'reconciliation')) run.refundsSettled++;
      }
      // Still pending at the provider: the lease lapses and a later run asks again.
    } catch (error) {
      run.failures++;
      app.log.warn({ err: error, refundId: refund.id }, 'reconciliation could not settle a refund; a later run retries');
    }
  }
  return run;
}

export const reconciliationPlugin = sharedPlugin('payment-reconciliation', async (app) => {
  scheduleBackgroundJob(app, 'reconciling payments', app.config.payments.reconcileIntervalMs, async () => {
    const run = await reconcilePayments(app);
    if (run.requestsChecked + run.paymentsApplied + run.refundsChecked > 0) app.log.info(run, 'reconciled payments');
  });
});
