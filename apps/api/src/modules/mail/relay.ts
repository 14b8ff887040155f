import type { MailPort } from '../../adapters/mail/index.ts';
import type { Database } from '../../db/client.ts';
import { scheduleBackgroundJob } from '../../lib/background-job.ts';
import { sharedPlugin } from '../../lib/plugin.ts';
import { drawAttachments } from './attachments.ts';
import { claimDueMail, markAttemptFailed, markSent } from './outbox.ts';

/** Messages one run takes; the rest wait for the next run. */
const BATCH = 20;
/** How long a taken message is left to its relay before another may take it again. */
const LEASE_MS = 120_000;
/** Attempts before a message is given up and left for staff as 'failed'. */
export const MAX_MAIL_ATTEMPTS = 8;

/** 1 min, 2, 4 ... capped at an hour: a mail server that is down for a while is not hammered. */
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);

export interface RelayResult {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * One run of the outbox relay: sends what is due through the mail port and
 * records each outcome. Attachments are drawn now, just before sending
 * (attachments.ts), so the outbox holds only their names. Delivery is at
 * least once (a relay that dies after sending but before recording sends
 * again after the lease), which is what outboxes give; messages are never
 * sent from inside a database lock.
 */
export async function relayOutbox(db: Database, mail: MailPort, now: Date): Promise<RelayResult> {
  const result: RelayResult = { sent: 0, retried: 0, failed: 0 };
  const due = await claimDueMail(db, now, new Date(now.getTime() + LEASE_MS), BATCH);
  for (const message of due) {
    try {
      const { files, missing } = await drawAttachments(db, message.attachments, now);
      if (missing.length > 0) {
        process.emitWarning(`E-mail ${message.id} goes without ${missing.join(', ')}: the booking no longer has that document`, { code: 'MAIL_ATTACHMENT_MISSING' });
      }
      await mail.send({ to: message.toAddress, cc: message.ccAddress, subject: message.subject, text: message.bodyText, html: message.bodyHtml, attachments: files });
      await markSent(db, message.id, new Date());
      result.sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = message.attempts >= MAX_MAIL_ATTEMPTS;
      await markAttemptFailed(db, message.id, reason.slice(0, 1000), giveUp ? null : new Date(now.getTime() + retryDelayMs(message.attempts)));
      result[giveUp ? 'failed' : 'retried'] += 1;
    }
  }
  return result;
}

/**
 * Runs the relay every MAIL_RELAY_INTERVAL_MS while the app runs (0: never),
 * one run at a time per process, on any number of replicas. Stopped before
 * the database closes.
 */
export const mailRelayPlugin = sharedPlugin('mail-relay', async (app) => {
  scheduleBackgroundJob(app, 'outbox relay run', app.config.mail.relayIntervalMs, async () => {
    const result = await relayOutbox(app.db, app.adapters.mail, app.clock.now());
    if (result.sent + result.retried + result.failed > 0) app.log.info(result, 'outbox relay');
    if (result.failed > 0) app.log.error(result, 'e-mails given up after repeated failures: see outbox_messages with status failed');
  });
});
