import { z } from 'zod';
import { getJson } from '../http-json.ts';
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
      const answer = await getJson({
        fetch: fetchFn,
        url,
        timeoutMs: options.timeoutMs,
        schema: answerSchema,
        service: 'Postcode lookup',
        unavailable: (message) => new PostcodeLookupUnavailableError(message),
        notFound: { addresses: [] },
      });
      return answer.addresses;
    },
  };
}
