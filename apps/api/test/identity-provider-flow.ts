import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { outboxMessages } from '../src/db/schema/index.ts';

/** Drives the sandbox provider over HTTP as a browser and the web app would: cookies, redirects, forms. */

export const ORIGIN = 'http://localhost';
export const CLIENT_ID = 'tours-web';
export const REDIRECT_URI = `${ORIGIN}/auth/callback`;

const base64url = (buffer: Buffer) => buffer.toString('base64url');

export function pkce() {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
}

/** A browser's cookies for one site: enough of RFC 6265 for these tests (names, values, deletion). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Browser {
  jar: CookieJar;
  get(app: FastifyInstance, url: string): Promise<LightMyRequestResponse>;
  post(app: FastifyInstance, url: string, form: Record<string, string>): Promise<LightMyRequestResponse>;
}

export function browser(host = 'localhost'): Browser {
  const jar = new CookieJar();
  const send = async (app: FastifyInstance, method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
    const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
    const response = await app.inject({
      method,
      url: path,
      headers: {
        host,
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    jar.take(response);
    return response;
  };
  return { jar, get: (app, url) => send(app, 'GET', url), post: (app, url, form) => send(app, 'POST', url, form) };
}

export function authorizeUrl(challenge: string, overrides: Record<string, string> = {}, origin = ORIGIN): string {
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${origin}/auth/callback`,
    scope: 'openid email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
    nonce: 'nonce-123',
    ...overrides,
  });
  return `/idp/auth?${params}`;
}

/** The newest sign-in code e-mailed to `email`, read from the outbox. */
export async function codeFromOutbox(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, email.trim().toLowerCase()))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  expect(mail?.subject).toBe('Your sign-in code');
  const code = /\b(\d{6})\b/.exec(mail!.bodyText)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

/** Starts a sign-in and answers with the interaction page's URL. */
export async function startSignIn(app: FastifyInstance, b: Browser, challenge: string, origin = ORIGIN): Promise<string> {
  const started = await b.get(app, authorizeUrl(challenge, {}, origin));
  expect(started.statusCode, started.body).toBe(303);
  const location = started.headers.location as string;
  expect(location).toMatch(/\/idp\/interaction\/[\w-]+$/);
  return new URL(location, origin).pathname;
}

/** Types the e-mail address; the code is then in the outbox. */
export async function submitEmail(app: FastifyInstance, b: Browser, interaction: string, email: string): Promise<void> {
  const sent = await b.post(app, `${interaction}/email`, { email });
  expect(sent.statusCode, sent.body).toBe(303);
}

/** Types the code and follows the provider back to the web app; answers with the authorization code. */
export async function submitCode(app: FastifyInstance, b: Browser, interaction: string, code: string): Promise<string> {
  const accepted = await b.post(app, `${interaction}/code`, { code });
  expect(accepted.statusCode, accepted.body).toBe(303);
  return followToCallback(app, b, accepted.headers.location as string);
}

export async function followToCallback(app: FastifyInstance, b: Browser, location: string): Promise<string> {
  let next = location;
  for (let hop = 0; hop < 5; hop += 1) {
    if (next.includes('/auth/callback')) {
      const url = new URL(next, ORIGIN);
      expect(url.searchParams.get('error'), url.toString()).toBeNull();
      expect(url.searchParams.get('state')).toBe('state-123');
      return url.searchParams.get('code')!;
    }
    const response = await b.get(app, next);
    expect([302, 303], response.body).toContain(response.statusCode);
    next = response.headers.location as string;
  }
  throw new Error(`No redirect to the callback: ended at ${next}`);
}

export async function exchangeCode(app: FastifyInstance, code: string, verifier: string, host = 'localhost', redirectUri = REDIRECT_URI) {
  return app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: CLIENT_ID }).toString(),
  });
}

export async function signIn(app: FastifyInstance, email: string, b = browser()) {
  const { verifier, challenge } = pkce();
  const interaction = await startSignIn(app, b, challenge);
  await submitEmail(app, b, interaction, email);
  const code = await submitCode(app, b, interaction, await codeFromOutbox(app, email));
  const tokens = await exchangeCode(app, code, verifier);
  expect(tokens.statusCode, tokens.body).toBe(200);
  return tokens.json() as { access_token: string; id_token: string; refresh_token: string; token_type: string; expires_in: number; scope: string };
}

/** A JWT's header and claims, its RS256 signature checked against the provider's published keys. */
export async function verifiedJwt(app: FastifyInstance, token: string, host = 'localhost') {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string; kid: string; typ?: string };
  const jwks = (await app.inject({ method: 'GET', url: '/idp/jwks', headers: { host } })).json() as { keys: ({ kid: string } & Record<string, unknown>)[] };
  const jwk = jwks.keys.find((key) => key.kid === head.kid);
  expect(jwk, 'the signing key is published').toBeDefined();
  expect(jwk).not.toHaveProperty('d');
  const valid = verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), createPublicKey({ key: jwk as never, format: 'jwk' }), Buffer.from(signature, 'base64url'));
  expect(valid).toBe(true);
  return { header: head, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown> };
}
