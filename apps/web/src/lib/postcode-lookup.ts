import { VALIDATION } from '@tours/domain/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PostcodeLookupResult } from './find-addresses.ts';

/**
 * UK postcode lookup (spec sections 5 and 7): our API answers a list of
 * comma-separated address strings. Shared because the booking flow and the
 * account area's billing address both look addresses up. The call itself
 * (find-addresses.ts) loads with the first lookup.
 */
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
      const result = await import('./find-addresses.ts').then(
        ({ findAddresses }) => findAddresses(postcode, controller.signal),
        // The call's code did not arrive: as any other failed lookup, the address can still be typed.
        (): PostcodeLookupResult => ({ status: 'failed', message: VALIDATION.postcodeNotFound }),
      );
      // Superseded while it ran (or before its code arrived): its successor reports.
      if (controller.signal.aborted) return null;
      setState(result);
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
