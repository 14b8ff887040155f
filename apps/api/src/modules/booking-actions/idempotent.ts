import { IDEMPOTENCY_KEY_HEADER, STAFF_MONEY_MESSAGES, type Endpoint } from '@tours/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../lib/http-error.ts';
import { retryTransient } from '../../lib/pg-errors.ts';
import { staffSessionOf } from '../../plugins/staff-auth.ts';
import { claimIdempotencyKey, completeIdempotencyKey, type IdempotentRequest } from '../idempotency/index.ts';

/**
 * Every staff write runs once per Idempotency-Key (docs/decisions/0019):
 * the key is claimed first in the action's transaction and its result stored
 * before the commit, so the same key with the same request answers the first
 * result (`replayed`), and with another request 409. A refused action (a
 * 4xx) rolls its key back with everything else: asking again tries again.
 * A transaction that fails for a passing reason (a deadlock, a lock timeout)
 * is run again whole.
 */

/** The key, the call and its sender, as the idempotency module records them. */
export function idempotentRequest(request: FastifyRequest, endpoint: Endpoint): IdempotentRequest {
  return {
    // The contract's header schema has checked it is a UUID.
    key: String(request.headers[IDEMPOTENCY_KEY_HEADER]).toLowerCase(),
    operation: `${endpoint.method} ${endpoint.path}`,
    staffMemberId: staffSessionOf(request).member.id,
    params: request.params,
    body: request.body,
  };
}

export interface Ran<R> {
  result: R;
  /** An earlier request with this key did it; nothing was done now. */
  replayed: boolean;
}

export async function runOnce<R extends Record<string, unknown>>(app: FastifyInstance, request: IdempotentRequest, act: (tx: Database) => Promise<R>): Promise<Ran<R>> {
  return retryTransient(() =>
    app.db.transaction(async (tx) => {
      const claim = await claimIdempotencyKey(tx, request);
      if (claim.kind === 'conflict') throw conflict(STAFF_MONEY_MESSAGES.idempotencyKeyReused);
      if (claim.kind === 'replay') return { result: claim.result as R, replayed: true };
      const result = await act(tx);
      await completeIdempotencyKey(tx, request.key, result);
      return { result, replayed: false };
    }),
  );
}
