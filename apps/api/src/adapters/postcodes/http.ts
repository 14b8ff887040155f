import { z } from 'zod';
import { PostcodeLookupUnavailableError, type PostcodePort } from './port.ts';

export interface HttpPostcodesOptions {
  /** URL template with {postcode}, e.g. https://api.getAddress.io/find/{postcode}; the key is added as ?api-key=. */
  url: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** getAddress's 'find' answer: coordinates we ignore and the address strings we pass on. */
const answerSchema = z.object({ addresses: z.array(z.string()) });

/** A getAddress-style service. A 404 is a valid postcode with no addresses; other failures are the service's. */
export function createHttpPostcodes(options: HttpPostcodesOptions): PostcodePort {
  const fetchFn = options.fetch ?? fetch;
  return {
    async lookup(postcode) {
      const url = new URL(options.url.replace('{postcode}', encodeURIComponent(postcode.replace(/\s+/g, ''))));
      url.searchParams.set('api-key', options.apiKey);
      let response: Response;
      try {
        response = await fetchFn(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: 'application/json' } });
      } catch (error) {
        throw new PostcodeLookupUnavailableError(`Postcode lookup did not answer: ${(error as Error).message}`);
      }
      if (response.status === 404) return [];
      if (!response.ok) throw new PostcodeLookupUnavailableError(`Postcode lookup answered ${response.status}`);
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new PostcodeLookupUnavailableError('Postcode lookup answered in an unknown shape');
      return parsed.data.addresses;
    },
  };
}
