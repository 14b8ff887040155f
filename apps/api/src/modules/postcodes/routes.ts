import { lookupPostcode, normalisePostcode, UK_POSTCODE_PATTERN } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { PostcodeLookupUnavailableError } from '../../adapters/postcodes/index.ts';
import { serviceFailure, validationFailed } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';

export const NOT_A_UK_POSTCODE = 'Use a UK postcode, for example SW1A 2AA';

/** UK postcode lookup through the postcode port, so the service's key never reaches the browser. */
export async function postcodeRoutes(app: FastifyInstance) {
  registerEndpoint(app, lookupPostcode, async (request) => {
    const { postcode: typed } = request.params;
    // Checked before the service is asked: a malformed postcode is the caller's mistake, not 'no addresses'.
    if (!UK_POSTCODE_PATTERN.test(typed)) throw validationFailed({ postcode: NOT_A_UK_POSTCODE });
    const postcode = normalisePostcode(typed);
    try {
      return { data: { postcode, addresses: await app.adapters.postcodes.lookup(postcode) } };
    } catch (error) {
      if (error instanceof PostcodeLookupUnavailableError) throw serviceFailure(error.message, 502);
      throw error;
    }
  });
}
