import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { API_POLICY, directiveOf, DOCS_POLICY, hashSource, sitePolicy } from '../src/lib/content-security-policy.ts';
import { HSTS } from '../src/plugins/headers.ts';
import { build } from './helper.ts';
import { browser, pkce, startSignIn } from './identity-provider-flow.ts';
import { createToken, MERCHANT_ORIGIN } from './payment-provider-fixtures.ts';

/**
 * The security headers of every kind of answer, as a browser receives them:
 * the SPA, its files, API JSON and errors, the card frame, the identity
 * provider's pages and endpoints, the dev mailbox and the API docs; HSTS over
 * HTTPS only (a trusted proxy's X-Forwarded-Proto counts, anyone else's not).
 */

const dist = mkdtempSync(join(tmpdir(), 'tours-headers-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-B3xk9_Qa.js"></script></head><body><div id="root"></div></body></html>');
writeFileSync(join(dist, 'assets', 'index-B3xk9_Qa.js'), 'console.log("app")');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const SITE = sitePolicy({ cardProvider: null, identityProvider: null }, { framedBySite: false });
const PROXY = '10.0.0.7';

function expectCommon(response: LightMyRequestResponse, what: string) {
  expect(response.headers['x-request-id'], what).toMatch(/^[\w-]{8,}$/);
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(response.headers['permissions-policy'], what).toContain('camera=()');
  expect(response.headers['strict-transport-security'], `${what} over plain http`).toBeUndefined();
  const policy = String(response.headers['content-security-policy']);
  expect(policy, what).toMatch(/^default-src 'none'/);
  const scripts = directiveOf(policy, 'script-src') ?? [];
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(policy, what).not.toContain("'unsafe-eval'");
  return policy;
}

describe('security headers on each kind of answer (sandboxes on the site)', () => {
  const server = build({ env: { WEB_DIST: dist, TRUST_PROXY: '10.0.0.0/8' } });
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    server.app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });

  it('gives every page of the SPA the site policy, framed by nobody', async () => {
    for (const url of ['/', '/book?tour=TSG-SIC', '/account', '/auth/callback?code=x&state=y']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(expectCommon(response, url)).toBe(SITE);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('leaves the cached policy alone on a 304, which has no Content-Type to choose one by', async () => {
    for (const url of ['/', '/account/booking/100005']) {
      const first = await get(url);
      const validators = { 'if-none-match': String(first.headers.etag), 'if-modified-since': String(first.headers['last-modified']) };
      const again = await get(url, validators);
      expect(again.statusCode, url).toBe(304);
      // Browsers merge a 304's headers into the cached answer: an API policy here would blank the page on reload.
      expect(again.headers['content-security-policy'], url).toBeUndefined();
      expect(again.headers['x-frame-options'], url).toBeUndefined();
      expect(again.headers['x-request-id']).toBeTruthy();
    }
  });

  it('lets the site frame its own silent-renew page, and nobody else', async () => {
    const response = await get('/auth/silent-renew?code=x&state=y');
    expect(directiveOf(expectCommon(response, 'silent renew'), 'frame-ancestors')).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives files, JSON, errors and 404s a policy under which nothing runs or is framed', async () => {
    const answers = [
      ['/assets/index-B3xk9_Qa.js', 200],
      ['/api/tours', 200],
      ['/api/tours/find?tour=', 400],
      ['/api/bookings/tour', 401],
      ['/api/nope', 404],
      ['/assets/missing-12345678.js', 404],
      ['/pay/sdk.js', 200],
      ['/dev/mailbox.json', 200],
    ] as const;
    for (const [url, status] of answers) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      expect(expectCommon(response, url)).toBe(API_POLICY);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
    const refused = await server.app.inject({ method: 'POST', url: '/api/bookings', payload: '{"broken' , headers: { 'content-type': 'application/json' } });
    expect(refused.statusCode).toBe(400);
    expect(expectCommon(refused, 'malformed JSON')).toBe(API_POLICY);
  });

  it('lets the card frame be framed only by the page its token was made for, and sends no referrer', async () => {
    const { token } = await createToken(server.app);
    const response = await get(`/pay/frame?token=${token}`);
    expect(response.statusCode).toBe(200);
    const policy = expectCommon(response, 'card frame');
    expect(directiveOf(policy, 'frame-ancestors')).toEqual([MERCHANT_ORIGIN]);
    expect(directiveOf(policy, 'script-src')).toEqual(["'self'"]);
    expect(directiveOf(policy, 'style-src')?.[0]).toMatch(/^'nonce-[\w+/=]+'$/);
    // X-Frame-Options cannot name an origin: the CSP alone decides, so the old header is not sent to contradict it.
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
    expect(response.body).toContain(`<style nonce="${nonce}">`);
    expect(response.body).not.toMatch(/<script(?![^>]*(src="frame\.js"|type="application\/json"))/);
  });

  it("gives the identity provider's pages and endpoints its own policy, framed by the site alone", async () => {
    const b = browser();
    const interaction = await startSignIn(server.app, b, pkce().challenge);
    const page = await b.get(server.app, interaction);
    expect(page.statusCode).toBe(200);
    const policy = expectCommon(page, 'sign-in page');
    expect(directiveOf(policy, 'form-action')).toEqual(["'self'"]);
    expect(directiveOf(policy, 'frame-ancestors')).toEqual(["'self'"]);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');

    const discovery = await get('/idp/.well-known/openid-configuration');
    expect(discovery.statusCode).toBe(200);
    expect(directiveOf(expectCommon(discovery, 'discovery'), 'frame-ancestors')).toEqual(["'self'"]);
    expect(discovery.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('keeps the dev mailbox unframed and its e-mail frames to the mailbox', async () => {
    const mailbox = await get('/dev/mailbox');
    expect(mailbox.statusCode).toBe(200);
    expect(directiveOf(expectCommon(mailbox, 'mailbox'), 'frame-ancestors')).toEqual(["'none'"]);
    expect(mailbox.headers['x-frame-options']).toBe('DENY');
  });

  it('gives the API docs their own policy: scripts from the server only', async () => {
    const docs = await get('/api/docs');
    expect(docs.statusCode).toBe(200);
    expect(expectCommon(docs, 'docs')).toBe(DOCS_POLICY);
  });

  it('sends HSTS when a trusted proxy says the visitor came over HTTPS, on every kind of answer', async () => {
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'localhost' };
    for (const url of ['/', '/api/tours', '/api/nope', '/idp/.well-known/openid-configuration', '/dev/mailbox']) {
      const response = await get(url, https, PROXY);
      expect(response.headers['strict-transport-security'], url).toBe(HSTS);
    }
    expect(HSTS).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  });

  it('sends no HSTS over plain http, whoever claims otherwise', async () => {
    // The proxy says http; a visitor (not a trusted proxy) claims https.
    expect((await get('/', { 'x-forwarded-proto': 'http' }, PROXY)).headers['strict-transport-security']).toBeUndefined();
    expect((await get('/', { 'x-forwarded-proto': 'https' }, '203.0.113.9')).headers['strict-transport-security']).toBeUndefined();
    expect((await get('/api/tours', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
    // Only the nearest proxy's entry counts: a visitor's 'https' before the proxy's 'http' is not believed.
    expect((await get('/', { 'x-forwarded-proto': 'https, http' }, PROXY)).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers with the providers elsewhere', () => {
  const server = build({
    env: {
      WEB_DIST: dist,
      PAYMENT_PROVIDER: 'http',
      PAYMENT_PROVIDER_URL: 'https://pay.example/pay',
      PAYMENT_SECRET_KEY: 'sk_test_0123456789abcdef',
      PAYMENT_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef',
      IDENTITY_PROVIDER: 'oidc',
      OIDC_ISSUER: 'https://login.example/realms/tours',
    },
  });

  it('lets the SPA load the card provider and reach the identity provider, and nothing more', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/book?tour=TSG-SIC' });
    expect(response.statusCode).toBe(200);
    const policy = expectCommon(response, 'SPA');
    expect(directiveOf(policy, 'script-src')).toEqual(["'self'", 'https://pay.example']);
    expect(directiveOf(policy, 'frame-src')).toEqual(["'self'", 'https://pay.example', 'https://login.example']);
    expect(directiveOf(policy, 'connect-src')).toEqual(["'self'", 'https://login.example']);
    expect(directiveOf(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['permissions-policy']).toContain('payment=(self "https://pay.example")');
    // Neither sandbox is mounted.
    expect((await server.app.inject({ method: 'GET', url: '/pay/sdk.js' })).headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('the page shown when the web app is not built', () => {
  const server = build();

  it('allows its one style element by its hash, and nothing else', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    const policy = expectCommon(response, 'not built');
    const css = /<style>([^<]*)<\/style>/.exec(response.body)![1]!;
    expect(directiveOf(policy, 'style-src')).toEqual([hashSource(css)]);
    expect(response.body).not.toMatch(/\sstyle="/);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});
