import { ENDPOINTS, ERROR_STATUS, type Endpoint, type EndpointName } from '@tours/domain';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { LINK_REFUSED_HEADING, prefersHtml } from '../../src/modules/documents/link-refused-page.ts';
import { fingerprint } from '../database-fingerprint.ts';
import { countValueClasses } from './value-classes.ts';
import { requestsFor, STOP_HEADER, STOPPED_STATUS, validShapedRequestsFor, type EndpointContext, type FuzzRequest } from './requests.ts';

/**
 * Runs per endpoint and per credential. `npm test` (and CI) makes a fixed-seed
 * run sized for it: every endpoint with and without its credential, the same
 * requests every time, so a failure there is a change in the code, never
 * the luck of the draw. The long run is `npm run test:fuzz`: FUZZ_RUNS=2000
 * (the full size) with a new seed each time (FUZZ_SEED=random), whose report
 * prints the seed that replays a failure (FUZZ_SEED=<seed>).
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** Per endpoint test: generous, since the runs scale with FUZZ_RUNS and the machine may be shared. */
export const FUZZ_TEST_TIMEOUT_MS = Math.round(120_000 * Math.max(1, FUZZ_RUNS / 120));
const FUZZ_SEED = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? 23);
/** fast-check's options for every fuzzing property: the seed (none: a new one), and stop at the first failure, shrunk. */
export const FUZZ_ASSERT_OPTIONS = { ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }), endOnFailure: true } as const;

/**
 * Endpoints a valid request may legitimately write to (a new booking, a
 * payment opened, details saved): their valid-shaped requests run after the
 * database check, not inside it. Malformed requests never write, anywhere.
 */
export const WRITES_ON_VALID_INPUT = new Set<EndpointName>([
  'createBooking',
  'updatePassengers',
  'confirmBooking',
  'applyPromotion',
  'removePromotion',
  'submitSelections',
  'submitSelection',
  'createPaymentToken',
  'verifyAgentStaff',
  'registerAgent',
  'registerAgentStaff',
  'confirmAgentBooking',
  'updatePassenger',
  'updateCorrespondence',
  'submitPaymentReceipt',
  'createAccountPaymentToken',
]);

/** The fuzz app's stop: a request marked malformed that passed the contract is answered here, before any guard or handler. */
export function installStop(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    if (request.headers[STOP_HEADER] !== undefined) return reply.code(STOPPED_STATUS).send({ passed: 'contract', route: request.routeOptions.url });
  });
}

/** The code each status answers with where only one code has it (400, 401, 403, 404, 429). */
const STATUS_CODES: Record<number, string> = Object.fromEntries(
  Object.entries(ERROR_STATUS)
    .filter(([, status]) => Object.values(ERROR_STATUS).filter((other) => other === status).length === 1)
    .map(([code, status]) => [status, code]),
);

const describe = (request: FuzzRequest) =>
  `${request.kind}: ${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 300)} ${(request.payload ?? '').slice(0, 300)}`;

/** What every answer to bad input must be. */
export function checkAnswer(request: FuzzRequest, response: LightMyRequestResponse, bodyLimit = Infinity): void {
  const what = `${describe(request)}\n-> ${response.statusCode} ${response.body.slice(0, 500)}`;
  expect(response.statusCode, `never a 5xx: ${what}`).toBeLessThan(500);
  if (response.statusCode === STOPPED_STATUS) {
    // Another route took it (a path the router reads differently, the site's catch-all): that route's own fuzz covers it.
    if ((response.json() as { route?: string }).route !== request.route) return;
    expect(request.expectFields, `the contract refuses this, yet the server let it through: ${what}`).toBeUndefined();
    return;
  }
  if (response.statusCode < 400) {
    expect(request.reachesHandler && !request.mustRefuse, `only a valid request succeeds: ${what}`).toBe(true);
    return;
  }
  expect(response.statusCode, what).toBeLessThan(500);
  if (request.route === `/api${ENDPOINTS.downloadDocument.path}` && response.statusCode === 404 && prefersHtml(request.headers.accept)) {
    // A refused document link opened in a browser tab is a page leading back to the documents (issue 24), not JSON.
    expect(response.headers['content-type'], what).toMatch(/^text\/html/);
    expect(response.body, what).toContain(`<h1 id="page-title">${LINK_REFUSED_HEADING}</h1>`);
    return;
  }
  expect(response.headers['content-type'], `an error answers JSON: ${what}`).toMatch(/^application\/json/);
  const { error } = response.json() as { error?: { code?: unknown; message?: unknown; fields?: Record<string, unknown> } };
  expect(error?.code, `the error envelope has a code: ${what}`).toMatch(/^[A-Z][A-Z_]+$/);
  if (response.statusCode in STATUS_CODES) expect(error?.code, what).toBe(STATUS_CODES[response.statusCode]);
  expect(typeof error?.message === 'string' && error.message.length > 0, `the error has a message: ${what}`).toBe(true);
  expect(error?.message, what).not.toMatch(/unexpected error|Cannot read|undefined is not|\bat .*\.ts:\d+/);
  if (response.statusCode === 400) {
    const fields = error?.fields ?? {};
    expect(Object.keys(fields).length, `a 400 names the field(s) at fault: ${what}`).toBeGreaterThan(0);
    for (const message of Object.values(fields)) expect(typeof message === 'string' && message.length > 0, what).toBe(true);
  }
  if (request.payload !== undefined && Buffer.byteLength(request.payload) > bodyLimit && request.method !== 'GET') {
    expect(response.statusCode, `a body over the limit is refused as too large: ${what}`).toBe(413);
    return;
  }
  if (request.expectFields && request.expectFields.length > 0) {
    expect(response.statusCode, `the contract refuses it: ${what}`).toBe(400);
    const named = Object.keys(error?.fields ?? {});
    const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
    expect(
      named.some((field) => request.expectFields!.some((expected) => related(field, expected))),
      `the fields name where it is wrong (${request.expectFields.join(', ')}): ${what}`,
    ).toBe(true);
  }
  if (request.mustRefuse) expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
}

export interface FuzzTally {
  requests: number;
  byStatus: Record<number, number>;
}

export const tally: FuzzTally = { requests: 0, byStatus: {} };

async function send(app: FastifyInstance, request: FuzzRequest) {
  const response = await app.inject({ method: request.method, url: request.url, headers: request.headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
  tally.requests += 1;
  tally.byStatus[response.statusCode] = (tally.byStatus[response.statusCode] ?? 0) + 1;
  countValueClasses(request);
  return response;
}

async function assertProperty(arbitrary: fc.Arbitrary<FuzzRequest>, app: FastifyInstance, runs: number) {
  // fast-check's report carries the seed and path: FUZZ_SEED=<seed> replays the run (add the path to fc.assert to jump to the case).
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => checkAnswer(request, await send(app, request), app.initialConfig.bodyLimit)),
    { numRuns: runs, ...FUZZ_ASSERT_OPTIONS, verbose: 1 },
  );
}

/**
 * Fuzzes one endpoint with one credential (or none): malformed requests of
 * every kind, then requests the contract accepts, which reach the handler.
 * The database is the same afterwards, bar what a valid request may write.
 */
export async function fuzzEndpoint(app: FastifyInstance, name: EndpointName, context: EndpointContext, runs = FUZZ_RUNS): Promise<void> {
  const endpoint = ENDPOINTS[name] as Endpoint;
  const before = await fingerprint(app.db);
  await assertProperty(requestsFor(endpoint, context), app, runs);
  const validShaped = validShapedRequestsFor(endpoint, context);
  const validRuns = Math.max(10, Math.round(runs / 4));
  if (!WRITES_ON_VALID_INPUT.has(name)) await assertProperty(validShaped, app, validRuns);
  expect(await fingerprint(app.db), `${name}: bad input changed nothing in the database`).toEqual(before);
  if (WRITES_ON_VALID_INPUT.has(name)) await assertProperty(validShaped, app, validRuns);
}
