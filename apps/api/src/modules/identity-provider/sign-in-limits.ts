import { RATE_LIMIT_MESSAGES } from '@tours/domain';
import type { RateLimitCheck, RateLimitRule } from '../rate-limits/index.ts';
import type { RateLimitConfig } from '../../config/index.ts';

/**
 * The sign-in codes' limits across every replica (SIGN_IN_CODE_*), on top of
 * each sign-in's own (sign-in-codes.ts: five codes per sign-in, five wrong
 * tries per code). A sign-in is cheap to start, so those alone would let
 * anyone mail an address without end, or guess one address's codes over as
 * many sign-ins as they like:
 * - codes sent: every send counts, per client and per address, so one
 *   machine cannot mail many addresses, nor many machines one inbox;
 * - wrong codes: counted before they are answered, per client and per
 *   address, over all sign-ins; a right code is checked but not counted.
 * Once an address's wrong codes reach the limit, even the right code is
 * refused until the window ends, so a refusal never tells a guess was right.
 */
export interface SignInLimits {
  sendsPerClient: RateLimitRule;
  sendsPerAddress: RateLimitRule;
  failuresPerClient: RateLimitRule;
  failuresPerAddress: RateLimitRule;
}

export function signInLimits(config: RateLimitConfig['signInCodes']): SignInLimits {
  const windowSeconds = config.windowSeconds;
  return {
    sendsPerClient: { name: 'sign-in-code-send-client', limit: config.sendsPerClient, windowSeconds },
    sendsPerAddress: { name: 'sign-in-code-send-address', limit: config.sendsPerAddress, windowSeconds },
    failuresPerClient: { name: 'sign-in-code-failure-client', limit: config.failuresPerClient, windowSeconds },
    failuresPerAddress: { name: 'sign-in-code-failure-address', limit: config.failuresPerAddress, windowSeconds },
  };
}

/** Sending a code from `ip` to `email` (lower-cased): both counts, the client's first. */
export function sendChecks(limits: SignInLimits, ip: string, email: string): RateLimitCheck[] {
  return [
    { rule: limits.sendsPerClient, key: ip, message: RATE_LIMIT_MESSAGES.signInCodesFromClient },
    { rule: limits.sendsPerAddress, key: email, message: RATE_LIMIT_MESSAGES.signInCodesToAddress },
  ];
}

/** Typing a code for `email` from `ip`; `right` (the code matches) is checked against the limits without counting. */
export function guessChecks(limits: SignInLimits, ip: string, email: string, right: boolean): RateLimitCheck[] {
  return [
    { rule: limits.failuresPerClient, key: ip, message: RATE_LIMIT_MESSAGES.signInGuessesFromClient, counts: !right },
    { rule: limits.failuresPerAddress, key: email, message: RATE_LIMIT_MESSAGES.signInGuessesForAddress, counts: !right },
  ];
}
