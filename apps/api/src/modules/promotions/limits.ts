import { RATE_LIMIT_MESSAGES } from '@tours/domain';
import type { RateLimitCheck } from '../rate-limits/index.ts';
import type { RateLimitConfig } from '../../config/index.ts';

/**
 * Promotional codes are worth money, and a booking is cheap to start, so
 * guessing them is limited across every replica (PROMO_CODE_*): refused codes
 * per booking, and per client over all its bookings. A refused code is
 * counted before it is answered, so racing guesses never pass the limit
 * together; an accepted code is checked but not counted, so an office that
 * books for many clients behind one address is never held back by its
 * successes. Past the limit even a valid code is refused until the window
 * ends, so a refusal never tells a guess was right.
 */
export function promotionChecks(config: RateLimitConfig['promotions'], input: { ip: string; bookingId: number; valid: boolean }): RateLimitCheck[] {
  const { windowSeconds } = config;
  return [
    {
      rule: { name: 'promo-code-failure-client', limit: config.failuresPerClient, windowSeconds },
      key: input.ip,
      message: RATE_LIMIT_MESSAGES.promoFromClient,
      counts: !input.valid,
    },
    {
      rule: { name: 'promo-code-failure-booking', limit: config.failuresPerBooking, windowSeconds },
      key: String(input.bookingId),
      message: RATE_LIMIT_MESSAGES.promoForBooking,
      counts: !input.valid,
    },
  ];
}
