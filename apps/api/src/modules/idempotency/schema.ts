import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { staffMembers } from '../staff/schema.ts';

/**
 * The Idempotency-Keys of staff writes (docs/decisions/0019-staff-money-actions.md):
 * each key, what was asked with it (a digest) and what it did. Written in
 * the transaction of the action it names, so a key is stored exactly when
 * its action committed; the same key again finds it and answers the same.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The client's key (a UUID). */
    key: text('key').primaryKey(),
    /** 'POST /staff/bookings/:booking/refunds': a key belongs to one call. */
    operation: text('operation').notNull(),
    /** SHA-256 of the operation, its parameters, its body and its sender: the same key with anything else is refused. */
    requestHash: text('request_hash').notNull(),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'restrict' }),
    /** What the action did, enough to answer a replay (the ids of what it made); set before the transaction commits. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('idempotency_keys_staff_member_idx').on(t.staffMemberId)],
);
