import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { injectFetch } from '../../adapters/payments/inject-fetch.ts';
import { SIGNATURE_HEADER, signNotification } from '../../adapters/payments/wire.ts';
import { queryRows } from '../../db/client.ts';
import { scheduleBackgroundJob } from '../../lib/background-job.ts';
import { sqlAfter } from '../../lib/clock.ts';
import { sharedPlugin } from '../../lib/plugin.ts';
import { ownOrigins } from '../../lib/site-origin.ts';

/**
 * The sandbox provider's notifications to the merchant, as a real provider's
 * webhooks work: every event is written with the payment that caused it
 * (pay_events, an outbox), signed with the webhook secret when sent, and
 * retried with growing pauses until the merchant answers 2xx. Claiming due
 * events takes them with SKIP LOCKED and moves their next attempt on, so
 * several replicas never send one event at the same moment.
 */

const BATCH = 20;
/** How long a claimed event is left to the sender before another run may try it. */
const CLAIM_MS = 60_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 3_600_000;
const SEND_TIMEOUT_MS = 10_000;

/** 5 s, 10 s, 20 s … an hour at most between attempts. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);

export interface DeliveryRun {
  delivered: number;
  failed: number;
}

export interface PayProviderNotifications {
  /** Sends every due event once; answers what happened. */
  deliverDue(): Promise<DeliveryRun>;
  /** Starts a delivery run now, in the background (after a payment), unless automatic delivery is off. */
  deliverSoon(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    payProviderNotifications: PayProviderNotifications;
  }
}

interface DueEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
}

/** Shared with the whole app, so tests and the frame's routes reach the same sender. */
export const payProviderNotificationsPlugin = sharedPlugin('pay-provider-notifications', async (app: FastifyInstance) => {
  const { webhookUrl, webhookSecret, webhookRetryIntervalMs } = app.config.payments;
  // Our own API, mounted in this process, is reached without a socket, whatever address the site is served at.
  const send = ownOrigins(app.config).has(new URL(webhookUrl).origin) ? injectFetch(app) : fetch;

  async function deliverDue(): Promise<DeliveryRun> {
    // Due-ness, claims and retries by the database's clock: replicas whose clocks drift agree on them.
    const now = app.clock.databaseNow();
    const events = await app.db.transaction((tx) =>
      queryRows<DueEvent>(
        tx,
        sql`update pay_events set next_attempt_at = ${sqlAfter(now, CLAIM_MS)}
            where id in (
              select id from pay_events
              where delivered_at is null and next_attempt_at <= ${now}
              order by next_attempt_at
              limit ${BATCH}
              for update skip locked
            )
            returning id, type, payload, attempts, created_at`,
      ),
    );
    const run: DeliveryRun = { delivered: 0, failed: 0 };
    for (const event of events) {
      const body = JSON.stringify({ id: event.id, type: event.type, created_at: new Date(event.created_at).toISOString(), data: event.payload });
      const sentAt = app.clock.now();
      let error: string | null = null;
      try {
        const response = await send(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signNotification(webhookSecret, body, Math.floor(sentAt.getTime() / 1000)) },
          body,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (!response.ok) error = `The merchant answered ${response.status}`;
      } catch (failure) {
        error = `The merchant could not be reached: ${(failure as Error).message}`;
      }
      const attempts = Number(event.attempts) + 1;
      await app.db.execute(
        error === null
          ? sql`update pay_events set attempts = ${attempts}, delivered_at = ${sentAt}, last_error = null where id = ${event.id}`
          : sql`update pay_events set attempts = ${attempts}, last_error = ${error},
                  next_attempt_at = ${sqlAfter(app.clock.databaseNow(), retryDelayMs(attempts))} where id = ${event.id}`,
      );
      if (error === null) run.delivered++;
      else {
        run.failed++;
        app.log.warn({ eventId: event.id, attempts, error }, 'sandbox provider: notification not acknowledged; it will be retried');
      }
    }
    return run;
  }

  let pending: Promise<unknown> = Promise.resolve();
  app.decorate('payProviderNotifications', {
    deliverDue,
    deliverSoon() {
      if (webhookRetryIntervalMs === 0) return;
      pending = pending.then(() => deliverDue()).catch((error: unknown) => app.log.error({ err: error }, 'sandbox provider: notification run failed'));
    },
  });
  app.addHook('preClose', async () => {
    await pending;
  });
  scheduleBackgroundJob(app, 'sandbox provider notifications', webhookRetryIntervalMs, async () => {
    await deliverDue();
  });
});
