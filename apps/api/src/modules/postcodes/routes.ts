import { lookupPostcode, normalisePostcode, RATE_LIMIT_MESSAGES, UK_POSTCODE_PATTERN } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { PostcodeLookupUnavailableError } from '../../adapters/postcodes/index.ts';
import { serviceFailure, validationFailed } from '../../lib/http-error.ts';
import { enforceRateLimit, type RateLimitRule } from '../rate-limits/index.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';

export const NOT_A_UK_POSTCODE = 'Use a UK postcode, for example SW1A 2AA';

/**
 * UK postcode lookup through the postcode port, so the service's key never
 * reaches the browser. The service is paid per lookup, so each client (its
 * IP, as TRUST_PROXY reads it) has a generous number per window
 * (POSTCODE_LOOKUP_*), counted across every replica before the service is
 * asked; past it, the address can still be typed by hand.
 */
export async function postcodeRoutes(app: FastifyInstance) {
  const perClient: RateLimitRule = {
    name: 'postcode-lookup-client',
    limit: app.config.rateLimits.postcodes.lookupsPerClient,
    windowSeconds: app.config.rateLimits.postcodes.windowSeconds,
  };

  registerEndpoint(app, lookupPostcode, async (request, reply) => {
    const { postcode: typed } = request.params;
    // Checked before the service is asked: a malformed postcode is the caller's mistake, not 'no addresses', and costs nothing.
    if (!UK_POSTCODE_PATTERN.test(typed)) throw validationFailed({ postcode: NOT_A_UK_POSTCODE });
    await enforceRateLimit({ db: app.db, reply, now: app.clock.now() }, perClient, request.ip, RATE_LIMIT_MESSAGES.postcodeLookups);
    const postcode = normalisePostcode(typed);
    try {
      return { data: { postcode, addresses: await app.adapters.postcodes.lookup(postcode) } };
    } catch (error) {
      if (error instanceof PostcodeLookupUnavailableError) throw serviceFailure(error.message, 502);
      throw error;
    }
  });
}
