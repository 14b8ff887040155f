import { DEFAULT_COUNTRY } from './countries.ts';

/*
 * UK postcodes and the addresses a postcode lookup answers
 * (contracts/postcodes.ts), as the address fields and the API read them.
 * Apart from the lookup's contract so that a form shows and fills them
 * without loading the call, which loads only when the visitor looks an
 * address up (issue 15's page weight).
 */

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
