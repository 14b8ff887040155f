import { z } from 'zod';

const limit = (fallback: number) => z.coerce.number().int().min(1).max(10_000).default(fallback);
const windowSeconds = (fallback: number) => z.coerce.number().int().min(1).max(86_400).default(fallback);

/**
 * The rate limits' settings, part of env.ts's schema. Every limit is a fixed
 * window counted in PostgreSQL (lib/rate-limit.ts), shared by every replica;
 * a client is its IP as TRUST_PROXY reads it. Described in apps/api/README.md.
 */
export const rateLimitSettings = {
  /** Travel agent verification (docs/decisions/0013): attempts per client (IP) in a window, whatever their outcome. */
  AGENT_VERIFY_CLIENT_LIMIT: limit(20),
  /** Failed verifications per agent ID in a window, from any client: a wrong e-mail counts, a right one does not. */
  AGENT_VERIFY_AGENT_FAILURE_LIMIT: limit(10),
  AGENT_VERIFY_WINDOW_SECONDS: windowSeconds(900),
  /** Sign-in codes e-mailed to one address in a window, from every client: nobody can flood an inbox. */
  SIGN_IN_CODE_SEND_ADDRESS_LIMIT: limit(5),
  /** Sign-in codes asked for from one client in a window, whatever the address. */
  SIGN_IN_CODE_SEND_CLIENT_LIMIT: limit(20),
  /** Wrong sign-in codes for one address in a window, over all its sign-ins and clients (each code also dies after 5 wrong tries). */
  SIGN_IN_CODE_FAILURE_ADDRESS_LIMIT: limit(10),
  /** Wrong sign-in codes typed from one client in a window. */
  SIGN_IN_CODE_FAILURE_CLIENT_LIMIT: limit(20),
  SIGN_IN_CODE_WINDOW_SECONDS: windowSeconds(900),
  /** Refused promotional codes on one booking in a window; an accepted code does not count. */
  PROMO_CODE_BOOKING_FAILURE_LIMIT: limit(10),
  /** Refused promotional codes from one client in a window, over all its bookings. */
  PROMO_CODE_CLIENT_FAILURE_LIMIT: limit(20),
  PROMO_CODE_WINDOW_SECONDS: windowSeconds(900),
  /** Postcode lookups from one client in a window: generous for a person, a cap on the paid address service. */
  POSTCODE_LOOKUP_CLIENT_LIMIT: limit(60),
  POSTCODE_LOOKUP_WINDOW_SECONDS: windowSeconds(900),
  /** How often ended rate limit counters are deleted; 0 turns it off (an ended counter starts again from 0 anyway). */
  RATE_LIMIT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
};

type RateLimitEnv = { [name in keyof typeof rateLimitSettings]: z.output<(typeof rateLimitSettings)[name]> };

export interface RateLimitConfig {
  /** Milliseconds between sweeps of ended counters; 0 when off. */
  sweepIntervalMs: number;
  signInCodes: { sendsPerAddress: number; sendsPerClient: number; failuresPerAddress: number; failuresPerClient: number; windowSeconds: number };
  promotions: { failuresPerBooking: number; failuresPerClient: number; windowSeconds: number };
  postcodes: { lookupsPerClient: number; windowSeconds: number };
}

/** The limits as the modules read them (app.config.rateLimits); the agent limits are read with the rest of the agents' settings. */
export function rateLimitConfig(env: RateLimitEnv): RateLimitConfig {
  return {
    sweepIntervalMs: env.RATE_LIMIT_SWEEP_INTERVAL_MS,
    signInCodes: {
      sendsPerAddress: env.SIGN_IN_CODE_SEND_ADDRESS_LIMIT,
      sendsPerClient: env.SIGN_IN_CODE_SEND_CLIENT_LIMIT,
      failuresPerAddress: env.SIGN_IN_CODE_FAILURE_ADDRESS_LIMIT,
      failuresPerClient: env.SIGN_IN_CODE_FAILURE_CLIENT_LIMIT,
      windowSeconds: env.SIGN_IN_CODE_WINDOW_SECONDS,
    },
    promotions: {
      failuresPerBooking: env.PROMO_CODE_BOOKING_FAILURE_LIMIT,
      failuresPerClient: env.PROMO_CODE_CLIENT_FAILURE_LIMIT,
      windowSeconds: env.PROMO_CODE_WINDOW_SECONDS,
    },
    postcodes: { lookupsPerClient: env.POSTCODE_LOOKUP_CLIENT_LIMIT, windowSeconds: env.POSTCODE_LOOKUP_WINDOW_SECONDS },
  };
}
