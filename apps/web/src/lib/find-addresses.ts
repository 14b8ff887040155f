import { lookupPostcode } from '@tours/domain/contracts/postcodes';
import { VALIDATION } from '@tours/domain/messages';
import { normalisePostcode, UK_POSTCODE_PATTERN } from '@tours/domain/postcode-addresses';
import { RATE_LIMIT_MESSAGES } from '@tours/domain/rate-limit-messages';
import { callApi } from './api-client.ts';
import { isApiRequestError, rateLimitMessage } from './api-error.ts';

/*
 * The lookup's call and its contract, loaded when a visitor first looks an
 * address up (postcode-lookup.ts), not with every form that has an address.
 */

/** A lookup's answer: the addresses found, or the message the field shows. */
export type PostcodeLookupResult =
  | { status: 'found'; postcode: string; addresses: string[] }
  | { status: 'failed'; message: string };

export async function findAddresses(postcode: string, signal?: AbortSignal): Promise<PostcodeLookupResult> {
  const typed = postcode.trim();
  if (typed === '') return { status: 'failed', message: VALIDATION.postcodeEmpty };
  // Only UK postcodes can be found; anything else is answered at once, without a call.
  if (!UK_POSTCODE_PATTERN.test(typed)) return { status: 'failed', message: VALIDATION.postcodeNotFound };
  try {
    // The visitor sees the failure at the field, so the general toast would only repeat it.
    const { data } = await callApi(lookupPostcode, { params: { postcode: normalisePostcode(typed) }, signal, onError: 'silent' });
    if (data.addresses.length === 0) return { status: 'failed', message: VALIDATION.postcodeNotFound };
    return { status: 'found', postcode: data.postcode, addresses: data.addresses };
  } catch (error) {
    if (signal?.aborted) throw error;
    // Too many lookups: not 'not found', but when to look again (the address can still be typed).
    if (isApiRequestError(error) && error.code === 'RATE_LIMITED') return { status: 'failed', message: rateLimitMessage(error, RATE_LIMIT_MESSAGES.postcodeLookups) };
    return { status: 'failed', message: VALIDATION.postcodeNotFound };
  }
}
