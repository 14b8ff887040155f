import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of limits.ts, one row per rule and key. In
 * the database so every API replica counts the same attempts; the key is a
 * SHA-256 digest, so the table holds no IP address or typed identifier.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** The rule's name: 'agent-verify-client', 'agent-verify-agent' ... */
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the window ends: the counter starts again from 0 after it, and the sweeper deletes it. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.keyHash] }),
    index('rate_limit_counters_expires_at_idx').on(t.expiresAt),
    check('rate_limit_counters_count_non_negative', sql`${t.count} >= 0`),
    check('rate_limit_counters_window', sql`${t.expiresAt} > ${t.windowStartedAt}`),
  ],
);
