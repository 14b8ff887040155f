import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINTS, type Endpoint } from '@tours/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { build } from '../helper.ts';
import { fingerprint } from '../database-fingerprint.ts';
import { FUZZ_ASSERT_OPTIONS, FUZZ_RUNS, FUZZ_TEST_TIMEOUT_MS } from './harness.ts';
import { HOSTILE_URL_VALUE, TARGETED } from './targeted-requests.ts';
import { anyWrongValue, hostileParamText } from './zod-arbitrary.ts';

/**
 * "Every endpoint" holds: the routes the app really serves (read from the
 * router, sandboxes and test routes on) are either contract calls, which the
 * other fuzz files cover, or listed here, fuzzed with garbage in their path,
 * query, body and headers, or left out for a stated reason. A new route
 * fails the first test until it is listed.
 */

type Fuzzed = { fuzz: 'envelope' | 'no-5xx' };
type Excluded = { excluded: string };

const OTHER_ROUTES: Record<string, Fuzzed | Excluded> = {
  'GET /api/sandbox/geolocation': { fuzz: 'envelope' },
  'GET /api/media/tours/:file': { fuzz: 'no-5xx' },
  'POST /api/payments/notifications': { fuzz: 'envelope' },
  'GET /pay/sdk.js': { fuzz: 'no-5xx' },
  'GET /pay/frame': { fuzz: 'no-5xx' },
  'GET /pay/frame.js': { fuzz: 'no-5xx' },
  'GET /pay/card-entry.js': { fuzz: 'no-5xx' },
  'POST /pay/api/payments/:id/refunds': { fuzz: 'no-5xx' },
  'GET /pay/api/refunds/:id': { fuzz: 'no-5xx' },
  'GET /admin': { fuzz: 'no-5xx' },
  'GET /admin/': { fuzz: 'no-5xx' },
  'GET /admin/*': { fuzz: 'no-5xx' },
  'POST /pay/api/frame/payments': { fuzz: 'no-5xx' },
  'POST /pay/api/tokens': { fuzz: 'no-5xx' },
  'GET /pay/api/payments/:id': { fuzz: 'no-5xx' },
  'GET /pay/api/payment-requests/:id': { fuzz: 'no-5xx' },
  'POST /pay/api/payment-requests/:id/cancel': { fuzz: 'no-5xx' },
  'GET /idp/interaction/:uid': { fuzz: 'no-5xx' },
  'POST /idp/interaction/:uid/email': { fuzz: 'no-5xx' },
  'POST /idp/interaction/:uid/code': { fuzz: 'no-5xx' },
  'POST /idp/interaction/:uid/cancel': { fuzz: 'no-5xx' },
  'GET /idp/*': { fuzz: 'no-5xx' },
  'POST /idp/*': { fuzz: 'no-5xx' },
  'GET /dev/mailbox': { fuzz: 'no-5xx' },
  'GET /dev/mailbox.json': { fuzz: 'no-5xx' },
  'GET /dev/mailbox/:id/html': { fuzz: 'no-5xx' },
  'GET /dev/mailbox/:id/text': { fuzz: 'no-5xx' },
  'GET /dev/mailbox/:id/attachments/:index': { fuzz: 'no-5xx' },
  'GET /api/docs': { fuzz: 'no-5xx' },
  'GET /api/docs/': { fuzz: 'no-5xx' },
  'GET /api/docs/json': { fuzz: 'no-5xx' },
  'GET /api/docs/yaml': { fuzz: 'no-5xx' },
  'GET /api/docs/static/index.html': { fuzz: 'no-5xx' },
  'GET /api/docs/static/swagger-initializer.js': { fuzz: 'no-5xx' },
  'GET /api/docs/*': { fuzz: 'no-5xx' },
  'GET *': { fuzz: 'no-5xx' },
  // The identity provider's own protocol verbs on its mount (oidc-provider answers them); GET and POST /idp/* are fuzzed above.
  ...Object.fromEntries(
    ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'].flatMap((method) => [
      ...['/idp', '/idp/'].map((path) => [`${method} ${path}`, { excluded: 'the same oidc-provider mount as /idp/*, fuzzed with GET and POST' }]),
      ...(['GET', 'POST'].includes(method) ? [] : [[`${method} /idp/*`, { excluded: 'oidc-provider protocol verbs; GET and POST of the mount are fuzzed' }]]),
    ]),
  ),
};

/** Every "METHOD path" the router holds, read from Fastify's route tree (HEAD, which Fastify adds to each GET, left out). */
export function servedRoutes(app: FastifyInstance): string[] {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)(?:[├└]── )?(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match || !match[2]) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) routes.add(`${method} ${stack.join('')}`);
  }
  return [...routes].sort();
}

/** Test-only routes, mounted with TEST_FAULTS=true, which the settings refuse in production: they seed data and arm failures on purpose. */
const TEST_ONLY = /^[A-Z]+ \/api\/testing\//;

const contractRoutes = new Set((Object.values(ENDPOINTS) as Endpoint[]).map((endpoint) => `${endpoint.method} /api${endpoint.path}`));

/** Names these routes read from their query, form or JSON body: the identity provider's protocol, the card form, the mailbox. */
const FIELD_NAMES = ['id', 'token', 'amount', 'email', 'code', 'card', 'payment_id', 'event', 'type', 'data', 'client_id', 'response_type', 'redirect_uri', 'state', 'nonce', 'grant_type', 'code_verifier', 'refresh_token', 'id_token_hint', 'login_hint', 'ip', 'uid'];
const SEGMENTS = fc.oneof(
  fc.constantFrom('..', '%2e%2e', '%2F', '%00', '-1', '0', '99999999999999999999', 'null', '__proto__', '%E2%80%AE', '%C0%AF', '%', 'pay_123', 'x'.repeat(300)),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  // The identity provider's own endpoints under /idp/*, so its protocol is reached, not only its 404.
  fc.constantFrom('auth', 'token', 'me', 'session/end', 'token/introspection', 'token/revocation', 'jwks', '.well-known/openid-configuration'),
  HOSTILE_URL_VALUE,
);
const QUERIES = fc.oneof(
  fc.constantFrom('', '?', '?%', '?a=%zz', '?__proto__[x]=1', '?id=1&id=2', `?q=${'x'.repeat(10_000)}`, '?client_id=&response_type=code', '?redirect_uri=javascript:alert(1)'),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 30 }), { maxKeys: 4 }).map((q) => `?${new URLSearchParams(q).toString()}`),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), HOSTILE_URL_VALUE, { minKeys: 1, maxKeys: 4 }).map((q) => `?${Object.entries(q).map(([key, value]) => `${key}=${value}`).join('&')}`),
);
const BODIES = fc.oneof(
  fc.constantFrom('', '{', 'null', '[]', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '['.repeat(5000) + ']'.repeat(5000), 'a=1&b=2'),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), anyWrongValue, { maxKeys: 5 }).map((value) => JSON.stringify(value)),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(hostileParamText, fc.string()), { minKeys: 1, maxKeys: 5 }).map((value) => JSON.stringify(value)),
  // A form post (the sign-in pages, the token endpoint) with hostile values.
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), HOSTILE_URL_VALUE, { minKeys: 1, maxKeys: 5 }).map((form) => Object.entries(form).map(([key, value]) => `${key}=${value}`).join('&')),
);
const CONTENT_TYPES = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '', 'application/json; charset=utf-16');
const HEADERS = fc.record(
  {
    authorization: fc.constantFrom('Bearer x', 'Basic Og==', `Bearer ${'x'.repeat(5000)}`, 'Bearer a.b.c'),
    'x-forwarded-for': fc.constantFrom('not-an-ip', '1.1.1.1,'.repeat(100)),
    accept: fc.constantFrom('application/xml', '*/*;q=x', ''),
    'x-signature': fc.constantFrom('', 'sha256=00', 'x'.repeat(2000)),
    cookie: fc.constantFrom('a=b', '_interaction=x; _session=y', '=;=;'),
  },
  { requiredKeys: [] },
);

/**
 * GET /idp/session/end asked with no session is answered, as oidc-provider
 * answers it, with its sign-out prompt, whose form secret it keeps in a new
 * anonymous Session (no account, expiring with the session's TTL). That is the
 * protocol, not garbage stored: such rows are removed before the fingerprints
 * are compared (none exists before: no test here signs anyone in), and any
 * other row the garbage left still shows.
 */
async function dropAnonymousSessions(db: Database) {
  await db.execute(sql`delete from idp_models where kind = 'Session' and payload->>'accountId' is null`);
}

describe('the routes outside the contracts', () => {
  // A built SPA, as in production: without one, every page answers 503 'not built'.
  const webDist = mkdtempSync(join(tmpdir(), 'tours-fuzz-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Tours</title><div id="root"></div>');
  // The staff console's page too, as a build leaves it (without one, /admin says 503 'not built' by design).
  mkdirSync(join(webDist, 'admin'));
  writeFileSync(join(webDist, 'admin', 'index.html'), '<!doctype html><title>Console</title><div id="root"></div>');
  const server = build({ env: { TEST_FAULTS: 'true', HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0', WEB_DIST: webDist } });

  it('lists every route the app serves: a contract call, fuzzed here, or left out for a reason', () => {
    const unknown = servedRoutes(server.app).filter((route) => !contractRoutes.has(route) && !(route in OTHER_ROUTES) && !TEST_ONLY.test(route));
    expect(unknown, 'a new route: fuzz it (test/fuzz/other-routes.test.ts) or say why not').toEqual([]);
    const gone = Object.keys(OTHER_ROUTES).filter((route) => !servedRoutes(server.app).includes(route));
    expect(gone, 'listed routes the app no longer serves').toEqual([]);
  });

  const fuzzed = Object.entries(OTHER_ROUTES).filter((entry): entry is [string, Fuzzed] => 'fuzz' in entry[1]);
  it.each(fuzzed)('%s: garbage in its path, query, body and headers, never a 5xx, nothing changed', async (route, { fuzz }) => {
    const app = server.app;
    const [method, path] = route.split(' ') as ['GET' | 'POST', string];
    const before = await fingerprint(app.db);
    const requests = fc.record({
      path: fc.array(SEGMENTS, { minLength: 3, maxLength: 3 }).map((segments) => {
        let i = 0;
        return path.replace(/:[A-Za-z_]+|\*/g, () => segments[i++ % segments.length]!);
      }),
      query: QUERIES,
      body: BODIES,
      type: CONTENT_TYPES,
      headers: HEADERS,
    });
    await fc.assert(
      fc.asyncProperty(requests, async ({ path: url, query, body, type, headers }) => {
        const response = await app.inject({
          method,
          url: `${url}${query}`,
          headers: { ...headers, ...(method === 'POST' && type ? { 'content-type': type } : {}) },
          ...(method === 'POST' ? { payload: body } : {}),
        });
        const what = `${method} ${url}${query.slice(0, 200)} ${body.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, `never a 5xx: ${what}`).toBeLessThan(500);
        if (fuzz === 'envelope' && response.statusCode >= 400) {
          expect(response.json().error?.message, `the error envelope: ${what}`).toEqual(expect.any(String));
        }
      }),
      { numRuns: Math.max(20, Math.round(FUZZ_RUNS / 3)), ...FUZZ_ASSERT_OPTIONS },
    );
    if (path.startsWith('/idp/')) await dropAnonymousSessions(app.db);
    expect(await fingerprint(app.db), `${route}: garbage changed nothing in the database`).toEqual(before);
  }, FUZZ_TEST_TIMEOUT_MS);

  // Requests that get as far as the route's work, one value hostile to the database (issue 24). Some are valid and may write (a payment token, a sign-in), so only the answer is checked.
  it.each(Object.entries(TARGETED))('%s: a hostile value where the route does its work, never a 5xx', async (route, targeted) => {
    const method = route.split(' ')[0] as 'GET' | 'POST';
    await fc.assert(
      fc.asyncProperty(targeted, async ({ path, query, body, type, headers }) => {
        const response = await server.app.inject({
          method,
          url: `${path}${query}`,
          headers: { ...headers, ...(method === 'POST' && type ? { 'content-type': type } : {}) },
          ...(method === 'POST' ? { payload: body } : {}),
        });
        const what = `${method} ${path}${query.slice(0, 300)} ${body.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, `never a 5xx: ${what}`).toBeLessThan(500);
      }),
      { numRuns: Math.max(20, Math.round(FUZZ_RUNS / 3)), ...FUZZ_ASSERT_OPTIONS },
    );
  }, FUZZ_TEST_TIMEOUT_MS);
});
