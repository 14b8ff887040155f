import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../countries.ts';
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
  postcode: z.string().trim().min(1, VALIDATION.postcodeEmpty).max(10),
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

/** 'sw1a2aa' -> 'SW1A 2AA', the form stored and shown. */
export function normalisePostcode(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export interface LookedUpAddress {
  line_1: string;
  line_2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

/**
 * Reads one address string: line 1 first, town or city sixth, county seventh
 * (spec section 7); line 2 is kept when present. The country is always GBR:
 * the lookup is UK only.
 */
export function parseLookedUpAddress(address: string, postcode: string): LookedUpAddress {
  const parts = address.split(',').map((part) => part.trim());
  return {
    line_1: parts[0] ?? '',
    line_2: parts[1] ?? '',
    city: parts[5] ?? '',
    state: parts[6] ?? '',
    postal_code: normalisePostcode(postcode),
    country: DEFAULT_COUNTRY,
  };
}

/** The chooser shows each address without its empty parts. */
export function addressLabel(address: string): string {
  return address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}
