import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sqlInstant, type Instant } from '../../lib/clock.ts';
import { outboxMessages, type OutboxAttachment } from './schema.ts';

export type OutboxMessage = typeof outboxMessages.$inferSelect;

/**
 * Whether the relay gave up on an e-mail about the booking whose id is
 * `bookingId` (a column of the caller's statement) that staff have not
 * dealt with: `dealtWith` selects the ids of those they have (for this
 * booking with 'each', for every booking with 'all'). Looked up booking by
 * booking ('each'), or, for a statement over thousands of bookings ('all'),
 * the failed e-mails read once and hashed.
 */
export const failedMailExists = (bookingId: SQL, lookup: 'each' | 'all', dealtWith: SQL): SQL<boolean> =>
  lookup === 'each'
    ? sql<boolean>`exists (select 1 from ${outboxMessages} where ${outboxMessages.bookingId} = ${bookingId} and ${outboxMessages.status} = 'failed' and ${outboxMessages.id} not in (${dealtWith}))`
    : sql<boolean>`(${bookingId} in (select ${outboxMessages.bookingId} from ${outboxMessages} where ${outboxMessages.status} = 'failed' and ${outboxMessages.bookingId} is not null and ${outboxMessages.id} not in (${dealtWith})))`;

/** The ids of the booking's e-mails the relay gave up on, but those `dealtWith` selects (already dealt with by staff). */
export async function failedMailIds(db: Database, bookingId: number, dealtWith: SQL): Promise<number[]> {
  const rows = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.bookingId, bookingId), eq(outboxMessages.status, 'failed'), sql`${outboxMessages.id} not in (${dealtWith})`))
    .orderBy(asc(outboxMessages.id));
  return rows.map((row) => row.id);
}

export interface NewMail {
  to: string;
  /** An open copy (Cc): the travel agent staff member who made the client's booking. */
  cc?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** Files drawn when the message is sent (relay.ts), named here so the outbox stays small. */
  attachments?: OutboxAttachment[];
  bookingId?: number | null;
  /** Queues the message at most once under this key ('booking-confirmed:100123'). */
  messageKey?: string | null;
}

/**
 * Queues an e-mail. Call it inside the transaction of the change the e-mail
 * announces: it is sent only if that change commits, and never twice for one key.
 * It is due from the database's now() (available_at's default), the clock the
 * relay judges due-ness by.
 */
export async function enqueueMail(db: Database, mail: NewMail): Promise<number | null> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      toAddress: mail.to,
      ccAddress: mail.cc ?? null,
      subject: mail.subject,
      bodyText: mail.text,
      bodyHtml: mail.html ?? null,
      attachments: mail.attachments ?? [],
      bookingId: mail.bookingId ?? null,
      messageKey: mail.messageKey ?? null,
    })
    .onConflictDoNothing({ target: outboxMessages.messageKey })
    .returning({ id: outboxMessages.id });
  return row?.id ?? null;
}

/**
 * Takes up to `limit` pending messages that are due, for one relay run. SKIP
 * LOCKED lets relays on several replicas split the queue without waiting on
 * each other; each taken row is leased (available_at moved to `leaseUntil`)
 * and its attempt counted in the same statement, so the lock is held for
 * that statement only and a relay that dies mid-send leaves the message to be
 * taken again when the lease runs out. `now` and `leaseUntil` are read from
 * the database's clock (Clock.databaseNow()), so relays on replicas whose
 * clocks drift agree on what is due and when a lease is over.
 */
export async function claimDueMail(db: Database, now: Instant, leaseUntil: Instant, limit: number): Promise<OutboxMessage[]> {
  // A transaction even for one statement: on PGlite it keeps the write out of another request's open transaction.
  const rows = await db.transaction((tx) => {
    const due = tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.availableAt, sqlInstant(now))))
      .orderBy(asc(outboxMessages.availableAt), asc(outboxMessages.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1`, availableAt: sqlInstant(leaseUntil) })
      .where(inArray(outboxMessages.id, due))
      .returning();
  });
  return rows.sort((a, b) => a.id - b.id);
}

export async function markSent(db: Database, id: number, sentAt: Date): Promise<void> {
  await db.transaction((tx) =>
    tx
      .update(outboxMessages)
      .set({ status: 'sent', sentAt, lastError: null })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'pending'))),
  );
}

/** A failed attempt: tried again at `retryAt`, or given up ('failed') for staff to look at. */
export async function markAttemptFailed(db: Database, id: number, error: string, retryAt: Instant | null): Promise<void> {
  await db.transaction((tx) =>
    tx
      .update(outboxMessages)
      .set(retryAt ? { lastError: error, availableAt: sqlInstant(retryAt) } : { lastError: error, status: 'failed' })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'pending'))),
  );
}

/** Sent messages, newest first: the sandbox mailbox. */
export async function listSentMail(db: Database, limit = 200): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'sent'))
    .orderBy(desc(outboxMessages.sentAt), desc(outboxMessages.id))
    .limit(limit);
}

/** One sent message by id: the sandbox mailbox's view of a single e-mail. */
export async function findSentMail(db: Database, id: number): Promise<OutboxMessage | null> {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sent')));
  return row ?? null;
}
