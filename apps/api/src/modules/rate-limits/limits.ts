import { createHash } from 'node:crypto';
import { retryInWords } from '@tours/domain';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client.ts';
import { rateLimitCounters } from './schema.ts';
import { scheduleBackgroundJob } from '../../lib/background-job.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sharedPlugin } from '../../lib/plugin.ts';

/**
 * Fixed-window rate limits counted in PostgreSQL, so every API replica
 * counts the same attempts (docs/decisions/0013-agent-verification.md). A
 * window opens at a key's first attempt and lasts `windowSeconds`; at most
 * `limit` attempts are allowed in it. Counting is one atomic upsert, so
 * racing requests on any number of replicas never both take the last attempt.
 */
export interface RateLimitRule {
  /** Names the counter (its scope); one rule, one name. */
  name: string;
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitOutcome {
  allowed: boolean;
  /** Attempts counted in this window, this one included (capped just above the limit). */
  count: number;
  limit: number;
  /** When the window ends and the count starts again. */
  resetsAt: Date;
  /** Whole seconds until then, at least 1: the Retry-After of a refusal. */
  retryAfterSeconds: number;
}

/** The key as stored: a digest, so the table never holds an IP address or what someone typed. */
const keyHash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * Counts one attempt for `key` under `rule` and says whether it is allowed.
 * A window that has ended starts again from this attempt. The count stops
 * one above the limit: the answer is the same, and a flood cannot overflow it.
 */
export async function takeAttempt(db: Database, rule: RateLimitRule, key: string, now: Date): Promise<RateLimitOutcome> {
  const windowEnd = new Date(now.getTime() + rule.windowSeconds * 1000);
  const ended = sql`${rateLimitCounters.expiresAt} <= excluded.window_started_at`;
  // A transaction even for one statement: on PGlite it keeps the write out of another request's open transaction.
  const [row] = await db.transaction((tx) =>
    tx
      .insert(rateLimitCounters)
      .values({ scope: rule.name, keyHash: keyHash(key), count: 1, windowStartedAt: now, expiresAt: windowEnd })
      .onConflictDoUpdate({
        target: [rateLimitCounters.scope, rateLimitCounters.keyHash],
        set: {
          count: sql`case when ${ended} then 1 else least(${rateLimitCounters.count} + 1, ${rule.limit + 1}) end`,
          windowStartedAt: sql`case when ${ended} then excluded.window_started_at else ${rateLimitCounters.windowStartedAt} end`,
          expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimitCounters.expiresAt} end`,
        },
      })
      .returning({ count: rateLimitCounters.count, expiresAt: rateLimitCounters.expiresAt }),
  );
  if (!row) throw new Error(`rate limit ${rule.name}: the counter was not written`);
  return outcome(rule, row.count, row.count <= rule.limit, row.expiresAt, now);
}

function outcome(rule: RateLimitRule, count: number, allowed: boolean, resetsAt: Date, now: Date): RateLimitOutcome {
  return { allowed, count, limit: rule.limit, resetsAt, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)) };
}

/**
 * Whether one more attempt would be allowed, without counting one: for rules
 * that count only failures. The caller counts a failure with takeAttempt
 * (atomic, so racing failures never pass the limit together) and checks a
 * success with this, so successes at the same moment never crowd each other
 * out. Once the failures reach the limit, successes are refused too: a
 * refusal must not tell which attempt would have been right.
 */
export async function peekAttempts(db: Database, rule: RateLimitRule, key: string, now: Date): Promise<RateLimitOutcome> {
  const [row] = await db
    .select({ count: rateLimitCounters.count, expiresAt: rateLimitCounters.expiresAt })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.scope, rule.name), eq(rateLimitCounters.keyHash, keyHash(key)), gt(rateLimitCounters.expiresAt, now)));
  const count = row?.count ?? 0;
  return outcome(rule, count, count < rule.limit, row?.expiresAt ?? new Date(now.getTime() + rule.windowSeconds * 1000), now);
}

/** Deletes counters whose window has ended; they would start again from 0 anyway. */
export async function sweepRateLimitCounters(db: Database, now: Date): Promise<number> {
  const deleted = await db.transaction((tx) =>
    tx.delete(rateLimitCounters).where(lte(rateLimitCounters.expiresAt, now)).returning({ scope: rateLimitCounters.scope }),
  );
  return deleted.length;
}

/** A refusal's Retry-After: the whole seconds until the window ends. */
export function setRetryAfter(reply: FastifyReply, outcome: RateLimitOutcome): void {
  reply.header('retry-after', String(outcome.retryAfterSeconds));
}

/**
 * The refusal of a limited attempt: 429 RATE_LIMITED with Retry-After (set
 * on the reply, which the error handler sends on), and a message that says
 * when to try again.
 */
export function rateLimited(reply: FastifyReply, outcome: RateLimitOutcome, message: (retryIn: string) => string): HttpError {
  setRetryAfter(reply, outcome);
  return new HttpError(429, 'RATE_LIMITED', message(retryInWords(outcome.retryAfterSeconds)));
}

/**
 * Takes an attempt and throws the 429 when it is not allowed: the one call a
 * route needs for a rule that counts every attempt.
 */
export async function enforceRateLimit(
  input: { db: Database; reply: FastifyReply; now: Date },
  rule: RateLimitRule,
  key: string,
  message: (retryIn: string) => string,
): Promise<RateLimitOutcome> {
  const outcome = await takeAttempt(input.db, rule, key, input.now);
  if (!outcome.allowed) throw rateLimited(input.reply, outcome, message);
  return outcome;
}

/** One limit an attempt is held to: the rule, whose count it is (a client's IP, a booking, an address) and the refusal's words. */
export interface RateLimitCheck {
  rule: RateLimitRule;
  key: string;
  message: (retryIn: string) => string;
  /**
   * Whether this attempt counts (default true). Rules that count only
   * failures pass false for an attempt known to succeed: it is checked with
   * peekAttempts, never counted, so successes at the same moment never crowd
   * each other out; a failure is counted with takeAttempt before it is
   * answered, so racing failures never pass the limit together.
   */
  counts?: boolean;
}

export interface RateLimitRefusal {
  outcome: RateLimitOutcome;
  /** The refusal's words, with the wait. */
  message: string;
}

/**
 * Holds an attempt to several limits in order and answers the first refusal,
 * or null when every limit allows it. Limits after a refusal are not counted:
 * a flood refused by its client's limit does not use up the limit of the
 * address or booking it names.
 */
export async function checkRateLimits(db: Database, now: Date, checks: readonly RateLimitCheck[]): Promise<RateLimitRefusal | null> {
  for (const check of checks) {
    const outcome = check.counts === false ? await peekAttempts(db, check.rule, check.key, now) : await takeAttempt(db, check.rule, check.key, now);
    if (!outcome.allowed) return { outcome, message: check.message(retryInWords(outcome.retryAfterSeconds)) };
  }
  return null;
}

/** checkRateLimits for a JSON route: the first refusal is thrown as 429 RATE_LIMITED with Retry-After. */
export async function enforceRateLimits(input: { db: Database; reply: FastifyReply; now: Date }, checks: readonly RateLimitCheck[]): Promise<void> {
  const refusal = await checkRateLimits(input.db, input.now, checks);
  if (!refusal) return;
  setRetryAfter(input.reply, refusal.outcome);
  throw new HttpError(429, 'RATE_LIMITED', refusal.message);
}

/**
 * Deletes ended counters every RATE_LIMIT_SWEEP_INTERVAL_MS (0: never), on
 * any number of replicas: a delete of ended rows is the same whoever runs it.
 */
export const rateLimitSweeperPlugin = sharedPlugin('rate-limit-sweeper', async (app) => {
  scheduleBackgroundJob(app, 'sweeping rate limit counters', app.config.rateLimits.sweepIntervalMs, async () => {
    const deleted = await sweepRateLimitCounters(app.db, app.clock.now());
    if (deleted > 0) app.log.debug({ deleted }, 'deleted ended rate limit counters');
  });
});
