import { BALANCE_DUE_DAYS } from '@tours/domain';
import { MailDeliveryError, type MailPort } from '../../adapters/mail/index.ts';
import type { Database } from '../../db/client.ts';
import { scheduleBackgroundJob } from '../../lib/background-job.ts';
import { sqlAfter, type Instant } from '../../lib/clock.ts';
import { sharedPlugin } from '../../lib/plugin.ts';
import type { DocumentDrawing } from '../documents/index.ts';
import { drawAttachments } from './attachments.ts';
import { claimDueMail, markAttemptFailed, markSent, type OutboxMessage } from './outbox.ts';

/** Messages one run sends at most; the rest wait for the next run. */
const BATCH = 20;
/**
 * How long a taken message is left to its relay before another may take it
 * again: longer than one send can last (the SMTP adapter's timeouts), and
 * each message is taken just before it is sent, so a slow batch never
 * outlives the lease of the message in hand.
 */
const LEASE_MS = 120_000;
/**
 * Attempts before a message the server keeps refusing for now (4xx, no
 * answer) is given up and left for staff as 'failed': with the delays below,
 * about a day, so an outage of hours delays e-mails and loses none.
 */
export const MAX_MAIL_ATTEMPTS = 30;

/** 1 min, 2, 4 ... capped at an hour: a mail server that is down for a while is not hammered. */
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);

export interface RelayResult {
  sent: number;
  retried: number;
  failed: number;
}

/** The same for every attempt at one message, and unlike any other message's, even in another database. */
export const messageKeyOf = (message: Pick<OutboxMessage, 'id' | 'createdAt'>) => `outbox-${message.id}.${message.createdAt.getTime().toString(36)}`;

/**
 * One run of the outbox relay: sends what is due through the mail port and
 * records each outcome. Attachments are drawn now, just before sending
 * (attachments.ts), so the outbox holds only their names. Each message is
 * taken (leased, SKIP LOCKED) just before it is sent, so relays on several
 * replicas share the queue and never hold the same message at once. A
 * temporary refusal is retried with backoff; a permanent one (MailPort)
 * gives the message up at once as 'failed'. Delivery is at least once (a
 * relay that dies after sending but before recording sends again after the
 * lease, with the same Message-ID); messages are never sent from inside a
 * database lock.
 */
export async function relayOutbox(
  db: Database,
  mail: MailPort,
  now: Instant,
  /** What documents attached are drawn at: the instant a reader sees, from the process's clock, and the balance's due days setting. */
  drawing: () => DocumentDrawing = () => ({ now: now instanceof Date ? now : new Date(), balanceDueDays: BALANCE_DUE_DAYS }),
): Promise<RelayResult> {
  const result: RelayResult = { sent: 0, retried: 0, failed: 0 };
  // `now` is the database's clock, read by each statement (the app), or a fixed instant the run is pinned to (tests);
  // a fixed instant's leases follow it plus the real time the run has taken.
  const started = Date.now();
  const leaseUntil = () => (now instanceof Date ? sqlAfter(now, Date.now() - started + LEASE_MS) : sqlAfter(now, LEASE_MS));
  for (let taken = 0; taken < BATCH; taken++) {
    const [message] = await claimDueMail(db, now, leaseUntil(), 1);
    if (!message) break;
    try {
      const { files, missing } = await drawAttachments(db, message.attachments, drawing());
      if (missing.length > 0) {
        process.emitWarning(`E-mail ${message.id} goes without ${missing.join(', ')}: the booking no longer has that document`, { code: 'MAIL_ATTACHMENT_MISSING' });
      }
      await mail.send({
        messageKey: messageKeyOf(message),
        to: message.toAddress,
        cc: message.ccAddress,
        subject: message.subject,
        text: message.bodyText,
        html: message.bodyHtml,
        attachments: files,
      });
      await markSent(db, message.id, new Date());
      result.sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = (error instanceof MailDeliveryError && error.permanent) || message.attempts >= MAX_MAIL_ATTEMPTS;
      await markAttemptFailed(db, message.id, reason.slice(0, 1000), giveUp ? null : sqlAfter(now, retryDelayMs(message.attempts)));
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
    const result = await relayOutbox(app.db, app.adapters.mail, app.clock.databaseNow(), () => ({ now: app.clock.now(), balanceDueDays: app.config.balances.dueDays }));
    if (result.sent + result.retried + result.failed > 0) app.log.info(result, 'outbox relay');
    if (result.failed > 0) app.log.error(result, 'e-mails given up (refused by the mail server, or after a day of failures): see outbox_messages with status failed');
  });
});
