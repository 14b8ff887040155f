import { z } from 'zod/mini';
import { VALIDATION } from '../messages.ts';
import { dataEnvelope, defineEndpoint } from './common.ts';

/**
 * UK postcode lookup. The browser asks our API, which asks the address service
 * through a port (sandbox by default), so no third-party key reaches the browser.
 * Addresses come back in the getAddress-style format the spec implies: one
 * comma-separated string per address,
 * 'line1, line2, line3, line4, locality, town or city, county'.
 */
export const postcodeParamsSchema = z.object({
  postcode: z.string().check(z.trim(), z.minLength(1, VALIDATION.postcodeEmpty), z.maxLength(10)),
});

export const postcodeLookupSchema = z.object({
  postcode: z.string(),
  addresses: z.array(z.string()),
});
export type PostcodeLookup = z.infer<typeof postcodeLookupSchema>;

export const lookupPostcode = defineEndpoint({
  method: 'GET',
  path: '/addresses/:postcode',
  params: postcodeParamsSchema,
  response: dataEnvelope(postcodeLookupSchema),
  auth: 'none',
  summary: 'UK postcode lookup: comma-separated address strings (empty list when none are found); too many lookups per client answer 429 RATE_LIMITED with Retry-After',
});

/** UK postcodes, spaces optional: 'SW1A 2AA', 'sw1a2aa'. */
export const UK_POSTCODE_PATTERN = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;

/** The looked-up addresses' rules, in their own module for the address fields (postcode-addresses.ts). */
export { addressLabel, normalisePostcode, parseLookedUpAddress, type LookedUpAddress } from '../postcode-addresses.ts';
