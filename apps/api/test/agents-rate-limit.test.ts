import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../src/db/client.ts';
import { rateLimitCounters } from '../src/db/schema/index.ts';
import { enforceRateLimit, sweepRateLimitCounters, takeAttempt } from '../src/modules/rate-limits/index.ts';
import { JANE, MARCUS, PRIYA, verify } from './agents-fixtures.ts';
import { createBooking } from './booking-fixtures.ts';
import { build, buildTestApp, createTestDatabase, expectApiError, testClock } from './helper.ts';
import type { TestDatabase } from './test-database.ts';

/** Small limits, so a test reaches them in a few calls: 5 attempts per client, 3 failures per agent ID, in 10 minutes. */
const LIMITS = {
  AGENT_VERIFY_CLIENT_LIMIT: '5',
  AGENT_VERIFY_AGENT_FAILURE_LIMIT: '3',
  AGENT_VERIFY_WINDOW_SECONDS: '600',
  HOLD_SWEEP_INTERVAL_MS: '0',
  MAIL_RELAY_INTERVAL_MS: '0',
  RATE_LIMIT_SWEEP_INTERVAL_MS: '0',
};

let nextAddress = 1;
/** A client address no other test has used, so each test starts with its own counters. */
const freshIp = () => `198.51.100.${nextAddress++}`;

const wrongEmail = (agentId: string) => ({ agent_id: agentId, email: `guess-${nextAddress++}@example.com` });

function expectLimited(response: Awaited<ReturnType<typeof verify>>, retryAfterAtMost = 600) {
  expectApiError(response, 429, 'RATE_LIMITED');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(retryAfterAtMost);
  expect(response.json().error.message).toMatch(/^Too many .* try again in \d+ minutes?/);
  return retryAfter;
}

describe('the verification rate limits', () => {
  const clock = testClock();
  const server = build({ env: LIMITS, clock });
  const app = () => server.app;

  it('allows a client a few attempts, right or wrong, then answers 429 with Retry-After until the window ends', async () => {
    const ip = freshIp();
    const answers = [];
    for (const body of [wrongEmail('AG1001'), { agent_id: 'AG1002', email: MARCUS.email }, wrongEmail('AG0000'), { agent_id: 'AG1001', email: JANE.email }, wrongEmail('AG0002')]) {
      answers.push((await verify(app(), body, { ip })).statusCode);
    }
    expect(answers).toEqual([404, 200, 404, 200, 404]);
    // The sixth, even the right one, is refused: a limited client learns nothing.
    const limited = await verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip });
    expect(expectLimited(limited)).toBeGreaterThanOrEqual(599);
    expect(limited.json().error.message).toBe('Too many attempts to verify travel agent details. Please check the Agent ID and staff email, and try again in 10 minutes.');
    // Another client is not held back.
    expect((await verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip: freshIp() })).statusCode).toBe(200);
  });

  it('counts failed attempts at one agent ID from every client together, and refuses even the right e-mail once they reach the limit', async () => {
    for (let i = 0; i < 3; i += 1) expectApiError(await verify(app(), wrongEmail('ag1002'), { ip: freshIp() }), 404, 'NOT_FOUND');
    const limited = await verify(app(), { agent_id: ' AG1002 ', email: PRIYA.email }, { ip: freshIp() });
    expectLimited(limited);
    expect(limited.json().error.message).toMatch(/^Too many failed attempts to verify staff of this travel agent\. Please try again in (9|10) minutes, or contact us\.$/);
    // Another agency is not held back.
    expect((await verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip: freshIp() })).statusCode).toBe(200);
  });

  it('does not count successful verifications against the agent ID', async () => {
    for (let i = 0; i < 6; i += 1) expect((await verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip: freshIp() })).statusCode).toBe(200);
  });

  it('limits an unknown agent ID as a known one, so the refusal does not tell which IDs exist', async () => {
    for (let i = 0; i < 3; i += 1) expectApiError(await verify(app(), wrongEmail('AG7777'), { ip: freshIp() }), 404, 'NOT_FOUND');
    expectLimited(await verify(app(), wrongEmail('ag7777'), { ip: freshIp() }));
  });

  it('does not count requests the validation refuses', async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i += 1) expectApiError(await verify(app(), { agent_id: '', email: '' }, { ip }), 400, 'VALIDATION_FAILED');
    expect((await verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip, headers: { 'x-forwarded-for': `203.0.113.${i}` } })).statusCode).toBe(200);
    }
    expectLimited(await verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip, headers: { 'x-forwarded-for': '203.0.113.99' } }));
  });

  it('lets racing attempts take no more than the limit', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 9 }, () => verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(4);
  });

  it('lets more staff of one agency verify at the same moment than the failure limit', async () => {
    // AG1001 has had a failure (the first test), fewer than its limit of 3.
    const wanderlust = await Promise.all(Array.from({ length: 8 }, () => verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip: freshIp() })));
    expect(wanderlust.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
  });

  it('starts counting again when the window ends, and the sweep deletes ended counters', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) await verify(app(), wrongEmail('AG1002'), { ip: freshIp() });
    for (let i = 0; i < 5; i += 1) await verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip });
    expectLimited(await verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip }));
    expectLimited(await verify(app(), { agent_id: 'AG1002', email: MARCUS.email }, { ip: freshIp() }));
    const counters = await app().db.select().from(rateLimitCounters);
    expect(counters.length).toBeGreaterThan(0);
    // The table holds digests only: no address, no Agent ID.
    expect(counters.every((row) => /^[0-9a-f]{64}$/.test(row.keyHash))).toBe(true);

    clock.advance(601);
    expect((await verify(app(), { agent_id: 'AG1001', email: JANE.email }, { ip })).statusCode).toBe(200);
    expect((await verify(app(), { agent_id: 'AG1002', email: MARCUS.email }, { ip: freshIp() })).statusCode).toBe(200);

    clock.advance(601);
    const deleted = await sweepRateLimitCounters(app().db, clock.now());
    expect(deleted).toBeGreaterThan(0);
    expect(await app().db.select().from(rateLimitCounters)).toEqual([]);
  });

  it('counts in fixed windows that open at the first attempt', async () => {
    const rule = { name: 'test-window', limit: 2, windowSeconds: 60 };
    const start = clock.now();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    expect(await takeAttempt(app().db, rule, 'k', at(0))).toMatchObject({ allowed: true, count: 1, retryAfterSeconds: 60 });
    expect(await takeAttempt(app().db, rule, 'k', at(30))).toMatchObject({ allowed: true, count: 2, retryAfterSeconds: 30 });
    expect(await takeAttempt(app().db, rule, 'k', at(59))).toMatchObject({ allowed: false, count: 3, retryAfterSeconds: 1 });
    // The count stops just above the limit.
    expect(await takeAttempt(app().db, rule, 'k', at(59.5))).toMatchObject({ allowed: false, count: 3 });
    expect(await takeAttempt(app().db, rule, 'k', at(60))).toMatchObject({ allowed: true, count: 1, retryAfterSeconds: 60 });
  });
});

describe('the verification limits behind a trusted proxy', () => {
  const server = build({ env: { ...LIMITS, TRUST_PROXY: 'true' } });

  it('counts each visitor by the address the proxy forwards', async () => {
    const proxy = freshIp();
    const visitor = '203.0.113.10';
    for (let i = 0; i < 5; i += 1) {
      expect((await verify(server.app, { agent_id: 'AG1001', email: JANE.email }, { ip: proxy, headers: { 'x-forwarded-for': visitor } })).statusCode).toBe(200);
    }
    expectLimited(await verify(server.app, { agent_id: 'AG1001', email: JANE.email }, { ip: proxy, headers: { 'x-forwarded-for': visitor } }));
    // Another visitor through the same proxy has their own count.
    expect((await verify(server.app, { agent_id: 'AG1001', email: JANE.email }, { ip: proxy, headers: { 'x-forwarded-for': '203.0.113.11' } })).statusCode).toBe(200);
  });
});

describe('the limiter on any route (for other calls to reuse)', () => {
  const server = build({
    env: LIMITS,
    routes: (app) =>
      app.post('/test/limited', async (request, reply) => {
        await enforceRateLimit({ db: app.db, reply, now: app.clock.now() }, { name: 'test-route', limit: 2, windowSeconds: 30 }, request.ip, (retryIn) => `Slow down: try again ${retryIn}.`);
        return { ok: true };
      }),
  });

  it('allows the rule’s attempts, then answers 429 with Retry-After and the route’s message', async () => {
    const call = () => server.app.inject({ method: 'POST', url: '/test/limited', remoteAddress: '192.0.2.7' });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expectApiError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(limited.json().error.message).toMatch(/^Slow down: try again in (29|30) seconds\.$/);
  });
});

/**
 * Two API replicas over one database. On a PostgreSQL server (npm run
 * test:pg) each has its own pool; on PGlite, which one process opens once,
 * both share the one connection, which is what two replicas share: the data.
 */
describe('the verification limits across two API instances over one database', () => {
  let database: TestDatabase;
  let shared: DatabaseConnection | undefined;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.databaseUrl) shared = await database.open();
    const options = { env: LIMITS, ...(shared ? { database: { ...shared, close: async () => {} } } : {}) };
    a = await buildTestApp(database, options);
    b = await buildTestApp(database, options);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.close();
    await database?.drop();
  });

  it('counts a client’s attempts on both together', async () => {
    const ip = freshIp();
    const answers = [];
    for (const app of [a, b, a, b, a]) answers.push((await verify(app, { agent_id: 'AG1001', email: JANE.email }, { ip })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expectLimited(await verify(b, { agent_id: 'AG1001', email: JANE.email }, { ip }));
    expectLimited(await verify(a, { agent_id: 'AG1001', email: JANE.email }, { ip }));
  });

  it('counts an agent ID’s failures on both together, also when they race', async () => {
    const guesses = await Promise.all([a, b, a, b, a, b].map((app) => verify(app, wrongEmail('AG1002'), { ip: freshIp() })));
    expect(guesses.filter((answer) => answer.statusCode === 404)).toHaveLength(3);
    expect(guesses.filter((answer) => answer.statusCode === 429)).toHaveLength(3);
    expectLimited(await verify(b, { agent_id: 'AG1002', email: MARCUS.email }, { ip: freshIp() }));
    expectLimited(await verify(a, { agent_id: 'AG1002', email: PRIYA.email }, { ip: freshIp() }));
  });

  it('accepts on one the verification the other issued', async () => {
    const issued = await verify(a, { agent_id: 'AG1001', email: JANE.email }, { ip: freshIp() });
    expect(issued.statusCode, issued.body).toBe(200);
    const { verification } = issued.json().data;
    const booking = await createBooking(b, { code: 'TSG-SIC', startsInDays: 120 });
    const registered = await b.inject({ method: 'POST', url: '/api/bookings/agent', headers: booking.headers, payload: { id: 'AG1001', verification: verification.token } });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data).toEqual({ ID: 'AG1001', Name: 'Wanderlust Travel Ltd' });
  });
});
