import { lookupPostcode, normalisePostcode, RATE_LIMIT_MESSAGES, UK_POSTCODE_PATTERN, VALIDATION } from '@tours/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from './api-client.ts';
import { isApiRequestError, rateLimitMessage } from './api-error.ts';

/**
 * UK postcode lookup (spec sections 5 and 7): our API answers a list of
 * comma-separated address strings. Shared because the booking flow and the
 * account area's billing address both look addresses up.
 */
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

export type PostcodeLookupState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'found'; postcode: string; addresses: string[] }
  | { status: 'failed'; message: string };

/**
 * The lookup behind a 'Find address' button. A newer search cancels an older
 * one still running, so a slow answer for a mistyped postcode can never
 * replace the answer for the corrected one.
 */
export function usePostcodeLookup() {
  const [state, setState] = useState<PostcodeLookupState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const find = useCallback(async (postcode: string): Promise<PostcodeLookupResult | null> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'searching' });
    try {
      const result = await findAddresses(postcode, controller.signal);
      if (!controller.signal.aborted) setState(result);
      return result;
    } catch {
      // Only a superseded search throws; its successor reports.
      return null;
    }
  }, []);

  const clear = useCallback(() => {
    running.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return { state, find, clear };
}
