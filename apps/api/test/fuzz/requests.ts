import type { Endpoint } from '@tours/domain';
import fc from 'fast-check';
import type { z } from 'zod/mini';
import { anyWrongValue, asJson, encodeHostile, hostileLeafArbitrary, hostileParamText, mutatedArbitrary, refusesAsJson, validArbitrary } from './zod-arbitrary.ts';

/**
 * The requests the fuzz sends to one endpoint, each with what it is and what
 * the answer must be. Malformed requests carry STOP_HEADER: should one pass
 * the contract after all (an unknown field is dropped, a wrong optional value
 * happened to be valid), the fuzz app answers 299 before any guard or handler
 * runs, so a malformed request can never write, and a contract the server
 * does not apply as written shows up as a 299 where a 400 was due.
 */
export const STOP_HEADER = 'x-fuzz-stop';
export const STOPPED_STATUS = 299;

export interface FuzzRequest {
  /** The kind of attack, for the report. */
  kind: string;
  /** The route under test, as Fastify names it ('/api/tours/:code'). */
  route: string;
  method: Endpoint['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The contract refuses it: the answer must be 400 with `fields`, one of them among these (the part's name for a whole-part failure). */
  expectFields?: string[];
  /** Sent without STOP_HEADER: may reach the guard and the handler, and may succeed. */
  reachesHandler?: boolean;
  /** Must be refused (4xx), e.g. a forged credential. */
  mustRefuse?: boolean;
}

export interface EndpointContext {
  /** Path parameters that exist (the credential's own booking, its tour...), used where the parameters are not the attack. */
  params: Record<string, string>;
  /** Headers of a valid credential for the endpoint's auth kind; empty for none. */
  credentials: Record<string, string>;
  /**
   * Bodies the handler takes in full, by endpoint path (a real departure, the
   * booking's own party): hostile values go into these as well as into
   * generated ones, which the handler mostly refuses before it stores anything.
   */
  bodies?: Record<string, unknown>;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
type Part = 'params' | 'querystring' | 'body';

/** Field keys the error plugin makes of the contract's issues: dot-joined paths, the part's name for the whole part. */
export function expectedFields(schema: z.ZodMiniType, value: unknown, part: Part): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => issue.path.map(String).join('.') || part))];
}

function fillPath(path: string, params: Record<string, string>) {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name] ?? '1');
}

/** A query object as a query string: arrays as repeated keys, anything else as its text. */
export function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The query as the server reads it: repeated keys become arrays. */
export function parsedQuery(text: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const before = query[key];
    query[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/** Headers that must not change the outcome; garbage in each. */
const HEADER_GARBAGE = fc.oneof(
  fc.record({ accept: fc.constantFrom('application/xml', '*/*;q=foo', 'text/html, application/json;q=0', '', 'x'.repeat(4000), 'application/json; charset=ebcdic') }),
  fc.record({ 'x-forwarded-for': fc.constantFrom('', 'not-an-ip', '1.2.3.4, , ,', '::ffff:999.1.1.1', '300.300.300.300', '1.1.1.1,'.repeat(500), '\u00ff\u00fe') }),
  fc.record({ 'x-forwarded-host': fc.constantFrom('evil.example', '', 'a:b:c', '[::1', 'x'.repeat(2000)), 'x-forwarded-proto': fc.constantFrom('gopher', '', 'https,http') }),
  fc.record({ 'x-request-id': fc.constantFrom('', 'x'.repeat(10_000), '\u00e9\u00e8', '../../etc/passwd') }),
  fc.record({ 'accept-encoding': fc.constantFrom('gzip;q=2', 'br, *;q=0', 'identity;q=0') }),
  fc.record({ 'content-language': fc.string({ unit: 'binary-ascii', maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')) }),
);

/** Authorization values that prove nothing. */
const BAD_AUTHORIZATION = fc.oneof(
  fc.constantFrom('Bearer', 'Bearer ', 'Bearer  ', 'bearer x', 'Basic dXNlcjpwYXNz', 'Bearer a.b.c', 'Bearer eyJ.eyJ.', 'Bearer null', 'Bearer undefined', 'Token abc', 'Bearer \u00e9\u00ff'),
  fc.constant(`Bearer ${'x'.repeat(8000)}`),
  fc.constant(`Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"email":"a@b.c"}').toString('base64url')}.`),
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 80 }).map((s) => `Bearer ${s.replace(/[^\x21-\x7e]/g, 'x')}`),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);

/** JSON texts no contract takes: broken syntax, prototype keys, nesting deep enough to hurt a recursive parser, a body near the size limit. */
function rawBodies(validBody: fc.Arbitrary<unknown>) {
  return fc.oneof(
    fc.constantFrom('', ' ', '{', '}', '{"a":', '[1,2', 'nul', 'undefined', 'NaN', '{"a":NaN}', "{'a':1}", '{"a":1,}', '\u0000', '\ufeff{}', '{"a":"\\ud800"}', '{"a":1}{"b":2}', '1e999', '"x"', 'null', '[]', '0', 'true'),
    fc.integer({ min: 100, max: 100_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.integer({ min: 100, max: 50_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
    fc.tuple(validBody, fc.constantFrom('__proto__', 'constructor')).map(([body, key]) => {
      const text = JSON.stringify(body ?? {});
      const extra = key === '__proto__' ? '"__proto__":{"admin":true}' : '"constructor":{"prototype":{"admin":true}}';
      return text.startsWith('{') && text !== '{}' ? `{${extra},${text.slice(1)}` : `{${extra}}`;
    }),
    fc.tuple(validBody, fc.integer({ min: 1, max: 5 })).map(([body, copies]) => JSON.stringify(Array.from({ length: copies }, () => body))),
    fc.integer({ min: 100_000, max: 900_000 }).map((size) => JSON.stringify({ a: 'x'.repeat(size) })),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}

const CONTENT_TYPES = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/json, text/plain',
  'application/vnd.api+json',
  '',
  ';',
  'x'.repeat(1000),
);

const PATH_GARBAGE = fc.oneof(
  fc.constantFrom('..', '.', '%2e%2e', '%2F', 'a%2Fb', '%00', '%', '%zz', '-1', '0', '1.5', '1e3', '0x10', '99999999999999999999', '9007199254740993', ' 1', '%20', 'null', '__proto__', 'constructor', '%E2%80%AE', '%F0%9F%98%80', '%C0%AF'),
  fc.integer({ min: 101, max: 3000 }).map((n) => '1'.repeat(n)),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  anyWrongValue.map((value) => encodeHostile(typeof value === 'string' ? value : JSON.stringify(value) ?? 'x')),
);

/** Every kind of malformed request for the endpoint, and (`withValid`) valid-shaped ones that reach its handler. */
export function requestsFor(endpoint: Endpoint, context: EndpointContext): fc.Arbitrary<FuzzRequest> {
  const url = (params: Record<string, string>, query = '') => `/api${fillPath(endpoint.path, params)}${query}`;
  const stop = { [STOP_HEADER]: '1' };
  const jsonHeaders = { ...context.credentials, ...stop, 'content-type': 'application/json' };
  const validQuery = endpoint.query ? validArbitrary(endpoint.query).map((q) => queryString(q as Record<string, unknown>)) : fc.constant('');
  const validBody = endpoint.body ? validArbitrary(endpoint.body) : fc.constant(undefined);
  const hasBody = BODY_METHODS.has(endpoint.method);
  const cases: fc.WeightedArbitrary<FuzzRequest>[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<FuzzRequest>) => cases.push({ weight, arbitrary });

  if (endpoint.body) {
    const body = endpoint.body;
    add(
      30,
      fc.tuple(mutatedArbitrary(body).filter((m) => refusesAsJson(body, m.value)), validQuery).map(([mutation, query]) => ({
        route: `/api${endpoint.path}`,
        kind: `body ${mutation.how} at '${mutation.at}'`,
        method: endpoint.method,
        url: url(context.params, query),
        headers: jsonHeaders,
        payload: JSON.stringify(mutation.value) ?? '',
        // Fastify refuses prototype keys as it parses, before the contract: the whole body is at fault.
        expectFields: [...expectedFields(body, asJson(mutation.value), 'body'), ...(/"(__proto__|constructor)":/.test(JSON.stringify(mutation.value) ?? '') ? ['body'] : [])],
      })),
    );
  }
  if (hasBody) {
    add(
      15,
      fc.tuple(rawBodies(validBody), validQuery).map(([payload, query]) => ({ route: `/api${endpoint.path}`, kind: 'raw JSON text', method: endpoint.method, url: url(context.params, query), headers: jsonHeaders, payload })),
    );
    add(
      8,
      fc.tuple(validBody, CONTENT_TYPES, validQuery).map(([body, type, query]) => ({
        route: `/api${endpoint.path}`,
        kind: `content-type '${type.slice(0, 40)}'`,
        method: endpoint.method,
        url: url(context.params, query),
        headers: { ...context.credentials, ...stop, 'content-type': type },
        payload: type.startsWith('application/x-www') ? 'a=1&b=2' : JSON.stringify(body ?? {}),
      })),
    );
    add(
      4,
      fc.tuple(validBody, fc.constantFrom('0', '1', '-1', 'abc', '99999999999', '1.5'), validQuery).map(([body, length, query]) => ({
        route: `/api${endpoint.path}`,
        kind: `content-length ${length}`,
        method: endpoint.method,
        url: url(context.params, query),
        headers: { ...jsonHeaders, 'content-length': length },
        payload: JSON.stringify(body ?? {}),
      })),
    );
  }
  if (endpoint.query) {
    const schema = endpoint.query;
    add(
      20,
      mutatedArbitrary(schema)
        .map((mutation) => ({ mutation, text: queryString((mutation.value ?? {}) as Record<string, unknown>) }))
        .filter(({ text }) => !schema.safeParse(parsedQuery(text)).success)
        .chain(({ mutation, text }) =>
          validBody.map((body) => ({
            route: `/api${endpoint.path}`,
        kind: `query ${mutation.how} at '${mutation.at}'`,
            method: endpoint.method,
            url: url(context.params, text),
            headers: jsonHeaders,
            ...(hasBody ? { payload: JSON.stringify(body ?? {}) } : {}),
            expectFields: expectedFields(schema, parsedQuery(text), 'querystring'),
          })),
        ),
    );
  }
  add(
    8,
    fc.tuple(
      fc.constantFrom('?', '?&&&', '?%', '?a=%zz', '?a=%00', '?__proto__[polluted]=1', '?constructor[prototype][x]=1', '?a[b][c]=1', `?q=${'x'.repeat(20_000)}`, '?currency=GBP&currency=EUR', '?;;;', '?=1', '?a=\u00e9'),
      validQuery,
      validBody,
    ).map(([garbage, query, body]) => ({
      route: `/api${endpoint.path}`,
        kind: `query text '${garbage.slice(0, 30)}'`,
      method: endpoint.method,
      url: url(context.params, query ? `${query}&${garbage.slice(1)}` : garbage),
      headers: jsonHeaders,
      ...(hasBody ? { payload: JSON.stringify(body ?? {}) } : {}),
    })),
  );
  const names = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
  if (names.length > 0) {
    add(
      20,
      fc.tuple(fc.constantFrom(...names), PATH_GARBAGE, validBody, validQuery).map(([name, segment, body, query]) => {
        const raw = fillPath(endpoint.path, { ...context.params, [name]: '\u0001' }).replace('\u0001', segment) + query;
        let decoded: string | null = null;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          decoded = null;
        }
        const params = { ...Object.fromEntries(names.map((other) => [other, context.params[other] ?? '1'])), [name]: decoded ?? segment };
        // Past Fastify's maxParamLength (100) the router finds no route: a 404, not the contract's 400.
        const refused = endpoint.params && segment.length <= 100 && decoded !== null && !decoded.includes('/') && !endpoint.params.safeParse(params).success;
        return {
          route: `/api${endpoint.path}`,
        kind: `path :${name} '${segment.slice(0, 30)}'`,
          method: endpoint.method,
          url: `/api${raw}`,
          headers: jsonHeaders,
          ...(hasBody ? { payload: JSON.stringify(body ?? {}) } : {}),
          ...(refused ? { expectFields: expectedFields(endpoint.params!, params, 'params') } : {}),
        };
      }),
    );
  }
  add(
    6,
    fc.tuple(HEADER_GARBAGE, validQuery, validBody).map(([headers, query, body]) => ({
      route: `/api${endpoint.path}`,
        kind: `headers ${Object.keys(headers).join(',')}`,
      method: endpoint.method,
      url: url(context.params, query),
      headers: { ...jsonHeaders, ...headers },
      ...(hasBody ? { payload: JSON.stringify(body ?? {}) } : {}),
    })),
  );
  if (endpoint.auth !== 'none') {
    // No stop: the guard itself must refuse these, whatever the rest of the request.
    add(
      8,
      fc.tuple(BAD_AUTHORIZATION, endpoint.auth === 'booking' ? fc.boolean() : fc.constant(false), validQuery, validBody).map(([authorization, asBookingHeader, query, body]): FuzzRequest => ({
        route: `/api${endpoint.path}`,
        kind: 'bad credential',
        method: endpoint.method,
        url: url(context.params, query),
        headers: asBookingHeader
          ? { 'content-type': 'application/json', ...context.credentials, 'x-booking-token': authorization.replace(/^Bearer\s*/i, '') || 'x' }
          : { 'content-type': 'application/json', authorization: authorization },
        ...(hasBody ? { payload: JSON.stringify(body ?? {}) } : {}),
        mustRefuse: true,
        reachesHandler: true,
      })),
    );
  }
  return fc.oneof(...cases);
}

/** Requests the contract accepts, with the credential: they reach the guard and the handler, whose own checks must answer 4xx, never 5xx. */
function acceptedRequestsFor(endpoint: Endpoint, context: EndpointContext): fc.Arbitrary<FuzzRequest> {
  const params = endpoint.params
    ? fc.oneof(
        fc.constant(context.params),
        validArbitrary(endpoint.params).map((p) => Object.fromEntries(Object.entries(p as object).map(([k, v]) => [k, String(v)]))),
      )
    : fc.constant(context.params);
  const query = endpoint.query ? validArbitrary(endpoint.query).map((q) => queryString(q as Record<string, unknown>)) : fc.constant('');
  const body = endpoint.body ? validArbitrary(endpoint.body) : fc.constant(undefined);
  return fc.tuple(params, query, body, fc.option(HEADER_GARBAGE, { freq: 3 })).map(([p, q, b, garbage]) => ({
    route: `/api${endpoint.path}`,
    kind: 'valid shape',
    method: endpoint.method,
    url: `/api${fillPath(endpoint.path, Object.fromEntries(Object.entries(p).map(([k, v]) => [k, encodeURIComponent(v)])))}${q}`,
    headers: { ...context.credentials, ...(garbage ?? {}), ...(b !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(b !== undefined ? { payload: JSON.stringify(b) } : {}),
    reachesHandler: true,
  }));
}

/** A query object as a hostile client writes it: like queryString, but a lone surrogate goes as its WTF-8 bytes instead of U+FFFD. */
function hostileQueryString(query: Record<string, unknown>): string {
  const pairs = Object.entries(query ?? {}).flatMap(([key, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((item) => `${encodeHostile(key)}=${encodeHostile(typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))}`),
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** A query as Fastify's parser reads it: a value whose escapes do not decode is kept as sent. */
export function queryAsServerReads(text: string): Record<string, string | string[]> {
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return part;
    }
  };
  const query: Record<string, string | string[]> = {};
  for (const pair of text.replace(/^\?/, '').split('&').filter(Boolean)) {
    const [key = '', value = ''] = pair.split(/=(.*)/s).map(decode);
    const before = query[key];
    query[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/**
 * Requests with one value hostile to the database (issue 24): NUL, a lone
 * surrogate or a control character in a string, a number across the 32- or
 * 64-bit edges, in the body, a path parameter or the query. They go without
 * the stop, since the point is what happens when the contract lets one
 * through: where it refuses the value, the answer must be its 400 naming the
 * field; where it accepts it, the handler and the database must take it
 * (a 2xx or a 4xx of their own), never a 5xx.
 */
function hostileRequestsFor(endpoint: Endpoint, context: EndpointContext): fc.Arbitrary<FuzzRequest>[] {
  const route = `/api${endpoint.path}`;
  const base = { route, method: endpoint.method, reachesHandler: true } as const;
  const headersFor = (payload: string | undefined) => ({ ...context.credentials, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) });
  const url = (params: Record<string, string>, query = '') => `/api${fillPath(endpoint.path, params)}${query}`;
  const validQuery = endpoint.query ? validArbitrary(endpoint.query).map((q) => queryString(q as Record<string, unknown>)) : fc.constant('');
  const validBody = endpoint.body ? validArbitrary(endpoint.body).map((b) => JSON.stringify(b)) : fc.constant(undefined);
  const refusal = (schema: z.ZodMiniType, value: unknown, part: Part) => {
    const fields = expectedFields(schema, value, part);
    return fields.length > 0 ? { expectFields: fields, mustRefuse: true } : {};
  };
  const cases: fc.Arbitrary<FuzzRequest>[] = [];
  if (endpoint.body) {
    const body = endpoint.body;
    cases.push(
      fc.tuple(hostileLeafArbitrary(body, context.bodies?.[endpoint.path]), validQuery).map(([mutation, query]): FuzzRequest => {
        const payload = JSON.stringify(mutation.value);
        return { ...base, kind: `hostile body value at '${mutation.at}'`, url: url(context.params, query), headers: headersFor(payload), payload, ...refusal(body, asJson(mutation.value), 'body') };
      }),
    );
  }
  if (endpoint.query) {
    const schema = endpoint.query;
    cases.push(
      fc.tuple(hostileLeafArbitrary(schema), validBody).map(([mutation, payload]): FuzzRequest => {
        const text = hostileQueryString((mutation.value ?? {}) as Record<string, unknown>);
        return { ...base, kind: `hostile query value at '${mutation.at}'`, url: url(context.params, text), headers: headersFor(payload), ...(payload !== undefined ? { payload } : {}), ...refusal(schema, queryAsServerReads(text), 'querystring') };
      }),
    );
  }
  const names = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
  if (names.length > 0) {
    cases.push(
      fc.tuple(fc.constantFrom(...names), hostileParamText, validQuery, validBody).map(([name, value, query, payload]): FuzzRequest => {
        const segment = encodeHostile(value);
        const encoded = Object.fromEntries(names.map((other) => [other, encodeURIComponent(context.params[other] ?? '1')]));
        let decoded: string | null;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          decoded = null;
        }
        const params = { ...Object.fromEntries(names.map((other) => [other, context.params[other] ?? '1'])), [name]: decoded ?? '' };
        // As for PATH_GARBAGE: past maxParamLength the router finds no route, a '/' in the value may find another, and bytes that do not decode are the router's 400.
        const expectation =
          decoded === null
            ? { expectFields: ['path'], mustRefuse: true }
            : endpoint.params && segment.length <= 100 && !decoded.includes('/')
              ? refusal(endpoint.params, params, 'params')
              : {};
        return { ...base, kind: `hostile path :${name}`, url: url({ ...encoded, [name]: segment }, query), headers: headersFor(payload), ...(payload !== undefined ? { payload } : {}), ...expectation };
      }),
    );
  }
  return cases;
}

/**
 * What reaches the handler: requests the contract accepts, and as many with
 * a value hostile to the database, which the contract must refuse or the
 * handler and the database take without a 5xx.
 */
export function validShapedRequestsFor(endpoint: Endpoint, context: EndpointContext): fc.Arbitrary<FuzzRequest> {
  const hostile = hostileRequestsFor(endpoint, context);
  const accepted = acceptedRequestsFor(endpoint, context);
  if (hostile.length === 0) return accepted;
  return fc.oneof({ weight: hostile.length, arbitrary: accepted }, ...hostile.map((arbitrary) => ({ weight: 1, arbitrary })));
}
