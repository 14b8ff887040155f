import { ENDPOINTS, type Endpoint } from '@tours/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { queryAsServerReads, validShapedRequestsFor, type FuzzRequest } from './requests.ts';
import { classesOfNumber, classesOfRequest, classesOfText, classesOfValue, NUMBER_CLASSES, TEXT_CLASSES, type ValueClass } from './value-classes.ts';
import { encodeHostile, hostileNumber, hostileParamText, hostileTextFrom, sitesOf, takesJson, unwrap, validArbitrary } from './zod-arbitrary.ts';

/**
 * The fuzz's generators make the values of issue 24, which the fuzzing that
 * passed before never made: fast-check's string units give no lone surrogate
 * and its default no control character, the walker's numbers stayed within
 * a million, and malformed values went with the stop, never reaching the
 * database. With a fixed seed, each class must turn up within SAMPLES samples, in
 * the body, the path and the query of every endpoint that has one.
 */

const SEED = 24;
/** Requests sampled per endpoint: enough for every class to turn up at least twice in each place with this seed. */
const SAMPLES = 600;
const tally = <T>(values: T[], classesOf: (value: T) => Iterable<string>) => {
  const counts: Record<string, number> = {};
  for (const value of values) for (const name of classesOf(value)) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
};

describe('the hostile value generators', () => {
  it('put every class of character into text: NUL, lone surrogates, controls, and what people type', () => {
    const counts = tally(fc.sample(hostileTextFrom('Edward Elgar'), { numRuns: 1000, seed: SEED }), (text) => classesOfText(text));
    for (const name of Object.keys(TEXT_CLASSES)) expect(counts[name] ?? 0, name).toBeGreaterThanOrEqual(5);
  });

  it('make whole numbers across the 32- and 64-bit edges, and fractions', () => {
    const counts = tally(fc.sample(hostileNumber, { numRuns: 500, seed: SEED }), classesOfNumber);
    for (const name of Object.keys(NUMBER_CLASSES)) expect(counts[name] ?? 0, name).toBeGreaterThanOrEqual(5);
  });

  it('make path and query values of every kind, NaN-ish strings among them', () => {
    const counts = tally(fc.sample(hostileParamText, { numRuns: 1000, seed: SEED }), (text) => classesOfText(text, true));
    const wanted: ValueClass[] = ['NUL', 'lone surrogate', 'C0 control', 'C1 control', 'DEL', 'astral (surrogate pair, emoji)', 'NaN-ish string', 'int4 max (2^31-1)', 'past int4 (2^31..2^53)', 'below int4 (-2^53..-2^31-1)', '64-bit (|n| >= 2^53)', 'fraction'];
    for (const name of wanted) expect(counts[name] ?? 0, name).toBeGreaterThanOrEqual(3);
  });

  it('write a lone surrogate into a URL as the bytes a hostile client sends', () => {
    expect(encodeHostile('a\ud800b\u0000')).toBe('a%ED%A0%80b%00');
    expect(encodeHostile('\ud83d\ude00')).toBe(encodeURIComponent('\ud83d\ude00'));
  });
});

/** The kinds of leaf a schema has: whether the generators have anywhere to put hostile text or numbers. */
function leafKinds(schema: z.ZodMiniType): Set<string> {
  const kinds = new Set<string>();
  for (const value of fc.sample(validArbitrary(schema), { numRuns: 20, seed: SEED })) {
    for (const site of sitesOf(schema, value)) kinds.add((unwrap(site.schema) as unknown as { _zod: { def: { type: string } } })._zod.def.type);
  }
  return kinds;
}

/** What no contract may let through to the handler: the classes PostgreSQL refuses or no person types (tab and line feed are multi-line text). */
const NEVER_STORED: ValueClass[] = ['NUL', 'lone surrogate', 'C0 control', 'DEL', 'C1 control'];

/** What the contract hands the handler for this request, part by part; nothing for a part it refuses or the router never reaches. */
function acceptedParts(endpoint: Endpoint, request: FuzzRequest): unknown[] {
  const [path = '', query = ''] = request.url.split(/\?(.*)/s);
  const parts: unknown[] = [];
  const take = (schema: z.ZodMiniType | undefined, value: unknown) => {
    const parsed = schema?.safeParse(value);
    if (parsed?.success) parts.push(parsed.data);
  };
  if (endpoint.body && request.payload !== undefined) take(endpoint.body, JSON.parse(request.payload));
  if (endpoint.query) take(endpoint.query, queryAsServerReads(query));
  const names = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
  const segments = path.replace(/^\/api/, '').split('/');
  const template = endpoint.path.split('/');
  // Past Fastify's maxParamLength (100) the router finds no route; bytes that do not decode are its 400.
  if (endpoint.params && segments.length === template.length && segments.every((segment) => segment.length <= 100)) {
    try {
      take(endpoint.params, Object.fromEntries(names.map((name) => [name, decodeURIComponent(segments[template.indexOf(`:${name}`)]!)])));
    } catch {
      // Not decodable: refused by the router.
    }
  }
  return parts;
}

const context = { params: { booking: '100001', passenger: '1', payment: 'pay_1', document_id: '1', id: '1', code: 'MHW-VIE', date: '2027-05-01', postcode: 'SW1A 2AA' }, credentials: {} };

const DRAWN = (Object.entries(ENDPOINTS) as [string, Endpoint][]).filter(([, endpoint]) => takesJson(endpoint));

describe.each(DRAWN)('the requests the fuzz sends to %s', (_name, endpoint) => {
  let requests: FuzzRequest[] = [];
  let seen: Record<string, number> = {};
  beforeAll(() => {
    requests = fc.sample(validShapedRequestsFor(endpoint, context), { numRuns: SAMPLES, seed: SEED });
    seen = tally(requests, classesOfRequest);
  });

  it('carry every hostile class where the endpoint takes values', () => {
    const expected: string[] = [];
    const where = { body: endpoint.body, query: endpoint.query } as const;
    for (const [part, schema] of Object.entries(where)) {
      if (!schema) continue;
      const kinds = leafKinds(schema);
      if (kinds.has('string')) expected.push(...['NUL', 'lone surrogate', 'C0 control', 'astral (surrogate pair, emoji)'].map((name) => `${part}: ${name}`));
      if (kinds.has('number')) expected.push(...['past int4 (2^31..2^53)', '64-bit (|n| >= 2^53)', 'fraction'].map((name) => `${part}: ${name}`));
    }
    if (endpoint.path.includes(':')) expected.push(...['NUL', 'lone surrogate', 'C0 control', 'NaN-ish string', 'past int4 (2^31..2^53)', '64-bit (|n| >= 2^53)'].map((name) => `path: ${name}`));
    for (const name of expected) expect(seen[name] ?? 0, `${endpoint.method} ${endpoint.path}: ${name}`).toBeGreaterThanOrEqual(2);
  });

  it('meet a contract that hands the handler no NUL, lone surrogate or control character, and expect its 400 where it refuses', () => {
    const leaked = requests.flatMap((request) =>
      acceptedParts(endpoint, request)
        .filter((part) => NEVER_STORED.some((name) => classesOfValue(part).has(name)))
        .map((part) => `${request.kind}: ${JSON.stringify(part).slice(0, 200)}`),
    );
    expect(leaked).toEqual([]);
    const refusedWithoutSaying = requests.filter((request) => request.kind.startsWith('hostile') && request.mustRefuse && !request.expectFields?.length);
    expect(refusedWithoutSaying).toEqual([]);
  });
});
