import { STAFF_RATE_LIMIT_MESSAGES } from '@tours/domain';
import type { RateLimitConfig } from '../../config/index.ts';
import type { RateLimitCheck, RateLimitRule } from '../rate-limits/index.ts';

/**
 * The staff sign-in's limits across every replica (STAFF_SIGN_IN_*,
 * STAFF_SECOND_FACTOR_*): sign-ins started per client and per address
 * (every start counts), and failed second factors (wrong recovery codes,
 * passkey answers that do not verify) per member and per client, counted
 * before they are answered; a right recovery code is checked, never counted.
 */
export interface StaffSignInLimits {
  startsPerClient: RateLimitRule;
  startsPerAddress: RateLimitRule;
  failuresPerMember: RateLimitRule;
  failuresPerClient: RateLimitRule;
}

export function staffSignInLimits(config: RateLimitConfig['staffSignIn']): StaffSignInLimits {
  const { windowSeconds } = config;
  return {
    startsPerClient: { name: 'staff-sign-in-client', limit: config.startsPerClient, windowSeconds },
    startsPerAddress: { name: 'staff-sign-in-address', limit: config.startsPerAddress, windowSeconds },
    failuresPerMember: { name: 'staff-second-factor-member', limit: config.failuresPerMember, windowSeconds },
    failuresPerClient: { name: 'staff-second-factor-client', limit: config.failuresPerClient, windowSeconds },
  };
}

export function startChecks(limits: StaffSignInLimits, ip: string, email: string): RateLimitCheck[] {
  return [
    { rule: limits.startsPerClient, key: ip, message: STAFF_RATE_LIMIT_MESSAGES.startsFromClient },
    { rule: limits.startsPerAddress, key: email, message: STAFF_RATE_LIMIT_MESSAGES.startsForAddress },
  ];
}

/** A second factor from `ip` for the member; `counts` false checks the limits without counting (a right code, or before a passkey is verified). */
export function secondFactorChecks(limits: StaffSignInLimits, ip: string, memberId: number, counts: boolean): RateLimitCheck[] {
  return [
    { rule: limits.failuresPerClient, key: ip, message: STAFF_RATE_LIMIT_MESSAGES.failuresFromClient, counts },
    { rule: limits.failuresPerMember, key: String(memberId), message: STAFF_RATE_LIMIT_MESSAGES.failuresForMember, counts },
  ];
}
