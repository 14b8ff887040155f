import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from './schema.ts';

/**
 * Staff writes are idempotent by their Idempotency-Key. The key is claimed
 * first thing in the action's transaction (an insert that a second request
 * with the same key waits on until the first commits or rolls back), and its
 * result stored before the commit. A key whose action was refused (a 4xx
 * rolled it back) is not kept: asking again tries again.
 */

/** JSON with its object keys sorted, so the same request always makes the same digest whatever order its fields came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface IdempotentRequest {
  key: string;
  operation: string;
  staffMemberId: number;
  /** The path's parameters and the body, as the contract parsed them. */
  params: unknown;
  body: unknown;
}

export const requestHashOf = (request: IdempotentRequest): string =>
  createHash('sha256')
    .update(canonicalJson({ operation: request.operation, staff: request.staffMemberId, params: request.params, body: request.body }))
    .digest('hex');

export type KeyClaim = { kind: 'new' } | { kind: 'replay'; result: Record<string, unknown> } | { kind: 'conflict' };

/**
 * Claims the key in the caller's transaction: 'new' (go ahead, and complete
 * it before committing), 'replay' (an action with this key and this request
 * committed: answer its result), or 'conflict' (the key was used for another
 * request, or by someone else).
 */
export async function claimIdempotencyKey(db: Database, request: IdempotentRequest): Promise<KeyClaim> {
  const requestHash = requestHashOf(request);
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ key: request.key, operation: request.operation, requestHash, staffMemberId: request.staffMemberId })
    .onConflictDoNothing({ target: idempotencyKeys.key })
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'new' };
  const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, request.key));
  if (!stored || stored.requestHash !== requestHash || stored.result === null) return { kind: 'conflict' };
  return { kind: 'replay', result: stored.result };
}

/** Stores what the action did, in its transaction. */
export async function completeIdempotencyKey(db: Database, key: string, result: Record<string, unknown>): Promise<void> {
  await db.update(idempotencyKeys).set({ result }).where(eq(idempotencyKeys.key, key));
}
