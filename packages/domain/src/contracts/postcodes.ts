import { z } from 'zod/mini';
import { text } from '../input-values.ts';
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
  postcode: text({ max: 10, required: VALIDATION.postcodeEmpty }),
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
