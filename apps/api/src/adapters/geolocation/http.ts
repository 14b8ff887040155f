import { z } from 'zod';
import { getJson } from '../http-json.ts';
import { GeolocationUnavailableError, type GeolocationPort } from './port.ts';

export interface HttpGeolocationOptions {
  /** URL template with {ip}, e.g. https://ipinfo.io/{ip}/json; the token is added as ?token=. */
  url: string;
  token: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The common public services answer with `country` (ipinfo) or `country_code` (ipapi and others). */
const answerSchema = z.object({
  ip: z.string().optional(),
  country: z.string().optional(),
  country_code: z.string().optional(),
});

export function createHttpGeolocation(options: HttpGeolocationOptions): GeolocationPort {
  const fetchFn = options.fetch ?? fetch;
  return {
    async locate(ip) {
      const url = new URL(options.url.replace('{ip}', encodeURIComponent(ip)));
      url.searchParams.set('token', options.token);
      const answer = await getJson({
        fetch: fetchFn,
        url,
        timeoutMs: options.timeoutMs,
        schema: answerSchema,
        service: 'IP geolocation',
        unavailable: (message) => new GeolocationUnavailableError(message),
      });
      const country = answer.country ?? answer.country_code ?? null;
      return { ip: answer.ip ?? ip, country: country ? country.toUpperCase() : null };
    },
  };
}
