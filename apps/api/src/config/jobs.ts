import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

/** Milliseconds between runs of a background job; 0 turns it off. */
const interval = (fallback: number, max = 3_600_000) => z.coerce.number().int().min(0).max(max).default(fallback);

export const jobs = defineSlice({
  title: 'Background jobs',
  summary: 'The background jobs every API process runs, and how often; `0` turns a job off. In AppConfig each interval sits with its owner\'s settings.',
  settings: {
    holdSweepIntervalMs: setting(
      'HOLD_SWEEP_INTERVAL_MS',
      interval(30_000),
      'How often each API process releases expired holds; `0` turns the sweeper off (availability ignores expired holds anyway, docs/decisions/0002)',
    ),
    payments: {
      reconcileIntervalMs: setting(
        'PAYMENT_RECONCILE_INTERVAL_MS',
        interval(30_000),
        'How often payment requests past their expiry and recorded but unapplied payments are settled with the provider; `0` turns it off',
      ),
      webhookRetryIntervalMs: setting(
        'PAYMENT_WEBHOOK_RETRY_INTERVAL_MS',
        interval(5000),
        'Sandbox provider: how often undelivered notifications are retried; `0` turns retries off',
      ),
    },
    mail: {
      relayIntervalMs: setting(
        'MAIL_RELAY_INTERVAL_MS',
        interval(2000),
        'How often each API process sends pending outbox e-mails (a batch of 20, retried with back-off, given up as `failed` after 8 attempts); `0` turns the relay off and e-mails wait in `outbox_messages`',
      ),
    },
    reminders: {
      intervalMs: setting(
        'REMINDERS_INTERVAL_MS',
        interval(600_000),
        'How often each API process queues the reminders that are due (balance, passenger details, final documents, Optional bookings for staff); `0` turns them off. Each goes once per booking whatever the replicas',
      ),
    },
    staffBookings: {
      exportLinesIntervalMs: setting(
        'BOOKING_EXPORT_LINES_INTERVAL_MS',
        interval(60_000),
        'How often each API process brings the staff bookings CSV\'s read model up to date (the lines of bookings that changed since, docs/decisions/0021); `0` turns it off, and each export brings its own lines up to date',
      ),
    },
    rateLimits: {
      sweepIntervalMs: setting(
        'RATE_LIMIT_SWEEP_INTERVAL_MS',
        interval(60_000, 86_400_000),
        'How often each API process deletes ended rate limit counters; `0` turns the sweep off (an ended counter starts again from 0 anyway)',
      ),
    },
  },
});
