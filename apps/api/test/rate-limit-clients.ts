import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { CookieJar, type Browser } from './identity-provider-flow.ts';

/**
 * Clients for the rate-limit tests: each call names the address it comes
 * from (app.inject's remoteAddress) and may carry headers (X-Forwarded-For),
 * so a test can be one client or many, behind a proxy or not.
 */

let nextAddress = 1;
/** A client address no other test of the run has used, so each test starts with counters of its own. */
export const freshIp = () => `198.51.${100 + Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

export interface ClientOptions {
  ip: string;
  headers?: Record<string, string>;
}

/** A browser (cookies, forms) whose requests come from `client.ip`, or from what `ipOf` says per request. */
export function browserFrom(client: ClientOptions): Browser & { from(ip: string): Browser } {
  const jar = new CookieJar();
  const make = (ip: string): Browser => {
    const send = async (app: FastifyInstance, method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
      const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
      const response = await app.inject({
        method,
        url: path,
        remoteAddress: ip,
        headers: {
          host: 'localhost',
          cookie: jar.header(),
          ...client.headers,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
      jar.take(response);
      return response;
    };
    return { jar, get: (app, url) => send(app, 'GET', url), post: (app, url, form) => send(app, 'POST', url, form) };
  };
  return { ...make(client.ip), from: make };
}

/** A 429 with Retry-After within the window; answers the seconds to wait. */
export function expectRetryAfter(response: LightMyRequestResponse, windowSeconds: number): number {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  return retryAfter;
}

/** How many answers had each status: { 200: 5, 429: 7 }. */
export function statusCounts(responses: readonly LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

/** The text of the page's alert or field error, unescaped as a browser shows it. */
export function pageMessage(body: string, kind: 'alert' | 'code-error' | 'email-error'): string | undefined {
  const pattern = kind === 'alert' ? /<p class="alert" role="alert">([^<]+)<\/p>/ : new RegExp(`<p class="error" id="${kind}">([^<]+)</p>`);
  return pattern.exec(body)?.[1]?.replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}
