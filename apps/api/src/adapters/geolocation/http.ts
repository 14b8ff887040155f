import { z } from 'zod';
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
      let response: Response;
      try {
        response = await fetchFn(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: 'application/json' } });
      } catch (error) {
        throw new GeolocationUnavailableError(`IP geolocation did not answer: ${(error as Error).message}`);
      }
      if (!response.ok) throw new GeolocationUnavailableError(`IP geolocation answered ${response.status}`);
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new GeolocationUnavailableError('IP geolocation answered in an unknown shape');
      const country = parsed.data.country ?? parsed.data.country_code ?? null;
      return { ip: parsed.data.ip ?? ip, country: country ? country.toUpperCase() : null };
    },
  };
}
