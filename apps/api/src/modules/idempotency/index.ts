/**
 * Idempotency-Keys of staff writes: a key claimed in the transaction of its
 * action, its result stored with it, so the same key with the same request
 * answers the first result and never acts twice. Only this module writes
 * idempotency_keys.
 */
export { claimIdempotencyKey, completeIdempotencyKey, type IdempotentRequest } from './keys.ts';
