import { INT4_MAX, INT4_MIN } from '@tours/domain';
import fc from 'fast-check';
import type { z } from 'zod/mini';

/**
 * fast-check arbitraries read from zod 4 schemas by walking their `_zod.def`:
 * values the schema accepts (`validArbitrary`), and such values broken at
 * exactly one place (`mutatedArbitrary`): a wrong type, a missing required
 * field, a string past its limit, a number out of range or not whole, an
 * impossible date, an array for an object... The fuzz tests send both to
 * every endpoint; a schema kind the walker does not know fails loudly, so a
 * new contract cannot silently go unfuzzed. And values hostile to the
 * database whatever the schema says (`hostileLeafArbitrary`): NUL, lone
 * surrogates and control characters in text, whole numbers across the 32-
 * and 64-bit edges, which the fuzz sends to the handlers (issue 24).
 */

type Schema = z.ZodMiniType;
type Path = (string | number)[];
// zod's def and check shapes differ per kind; the walker reads only the fields each kind documents.
type Def = { type: string; checks?: { _zod: { def: CheckDef } }[]; [key: string]: unknown };
type CheckDef = { check: string; [key: string]: unknown };

const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: Schema): CheckDef[] => (defOf(schema).checks ?? []).map((check) => check._zod.def);
const optionalIn = (schema: Schema) => (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
type ParsingSchema = { _zod: { run(payload: { value: unknown; issues: unknown[] }, context: object): { issues: unknown[] } | Promise<unknown> } };
/**
 * Whether the schema takes the value. Generators filter many candidates through it, and safeParse makes an Error of
 * every refusal: capturing its stack was most of the fuzz's generation time (updatePassenger: 5.2 s of sampling,
 * 2.3 s of it in the error's constructor). So only the parse runs (safeParse's own first step), which makes none; an
 * asynchronous check, which no contract has today, goes through safeParse, which refuses to run it.
 */
function accepts(schema: Schema, value: unknown): boolean {
  const payload = (schema as unknown as ParsingSchema)._zod.run({ value, issues: [] }, { async: false });
  return payload instanceof Promise ? (schema as unknown as z.ZodMiniType).safeParse(value).success : payload.issues.length === 0;
}

/** The wrappers whose inner schema decides what the value looks like. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema under optional/default/... wrappers (and the input side of a pipe). */
export function unwrap(schema: Schema): Schema {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return unwrap(def.innerType as Schema);
  if (def.type === 'pipe') return unwrap(def.in as Schema);
  if (def.type === 'lazy') return unwrap((def.getter as () => Schema)());
  return schema;
}

function bounds(schema: Schema) {
  let min: number | undefined;
  let max: number | undefined;
  let exclusiveMin = false;
  let exclusiveMax = false;
  let integer = false;
  let pattern: RegExp | undefined;
  let format: string | undefined;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') min = check.minimum as number;
    if (check.check === 'max_length') max = check.maximum as number;
    if (check.check === 'length_equals') min = max = check.length as number;
    if (check.check === 'greater_than') {
      min = Number(check.value);
      exclusiveMin = !check.inclusive;
    }
    if (check.check === 'less_than') {
      max = Number(check.value);
      exclusiveMax = !check.inclusive;
    }
    if (check.check === 'number_format') integer = String(check.format).includes('int');
    if (check.check === 'string_format') {
      format = check.format as string;
      if (check.pattern instanceof RegExp && format === 'regex') pattern = check.pattern;
    }
  }
  const def = defOf(schema);
  if (typeof def.format === 'string') format = def.format;
  return { min, max, exclusiveMin, exclusiveMax, integer, pattern, format };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const isoDate = fc
  .record({ y: fc.integer({ min: 1930, max: 2045 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${pad2(m)}-${pad2(d)}`);
const isoDateTime = fc.date({ min: new Date('2000-01-01'), max: new Date('2045-01-01'), noInvalidDate: true }).map((d) => d.toISOString());

/** Strings a form would send: plain text, dates, country codes, phone numbers, amounts, postcodes. */
function plausibleString(min = 0, max = 40) {
  const hi = Math.max(Math.min(max, 40), min);
  return fc.oneof(
    fc.string({ minLength: Math.max(min, 1), maxLength: hi, unit: 'grapheme-ascii' }),
    fc.string({ minLength: min, maxLength: hi }),
    // What people type beyond ASCII (accents, emoji, CJK, right-to-left): the schema must take it and the database store it.
    fc.string({ minLength: Math.max(min, 1), maxLength: hi, unit: 'grapheme' }),
    isoDate,
    fc.constantFrom('GBR', 'FRA', 'USA', 'GB', 'FR', 'GBP', 'EUR', 'primary_address', 'confirm', 'ONEOFF'),
    fc.stringMatching(/^\+?\d{6,14}$/),
    fc.stringMatching(/^\d{1,5}\.\d{2}$/),
    fc.constantFrom('SW1A 2AA', 'YO1 7HH', 'BS8 4XX'),
  );
}

function validString(schema: Schema) {
  const { min, max, pattern, format } = bounds(schema);
  if (pattern) return fc.stringMatching(pattern);
  if (format === 'datetime') return isoDateTime;
  if (format === 'email') return fc.emailAddress();
  if (format === 'url') return fc.webUrl();
  if (format === 'uuid') return fc.uuid();
  // Any other format zod checks with a pattern (guid, nanoid, …): plausible text would almost never match it.
  const formatPattern = checksOf(schema).find((check) => check.check === 'string_format' && check.pattern instanceof RegExp)?.pattern;
  if (formatPattern instanceof RegExp) return fc.stringMatching(formatPattern);
  return plausibleString(min, max);
}

function validNumber(schema: Schema) {
  const { min, max, exclusiveMin, exclusiveMax, integer } = bounds(schema);
  const lo = min === undefined ? -1_000_000 : min + (exclusiveMin ? (integer ? 1 : 0.001) : 0);
  const hi = max === undefined ? Math.max(lo, 0) + 1_000_000 : max - (exclusiveMax ? (integer ? 1 : 0.001) : 0);
  return integer ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts. Refinements are met by filtering each value with the schema that carries them. */
/**
 * Whether an endpoint's input travels as JSON (or in the URL): a multipart
 * upload's body holds the file's bytes (a custom schema no JSON carries), so
 * the JSON fuzz leaves it to its own tests (tour-pictures.test.ts).
 */
export function takesJson(endpoint: { body?: unknown }): boolean {
  if (!endpoint.body) return true;
  const def = defOf(unwrap(endpoint.body as Schema));
  if (def.type !== 'object') return true;
  return !Object.values(def.shape as Record<string, Schema>).some((child) => defOf(unwrap(child)).type === 'custom');
}

export function validArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const refined = (arbitrary: fc.Arbitrary<unknown>) => (def.checks?.length ? arbitrary.filter((value) => accepts(schema, value)) : arbitrary);
  switch (def.type) {
    case 'optional':
      return fc.option(validArbitrary(def.innerType as Schema), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(validArbitrary(def.innerType as Schema), { nil: null, freq: 3 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validArbitrary(def.innerType as Schema).filter((value) => accepts(schema, value));
    case 'pipe':
      return validArbitrary(def.in as Schema).filter((value) => accepts(schema, value));
    case 'lazy':
      return validArbitrary((def.getter as () => Schema)());
    case 'string':
      return validString(schema).filter((value) => accepts(schema, value));
    case 'number':
      return validNumber(schema).filter((value) => accepts(schema, value));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array': {
      const { min = 0, max } = bounds(schema);
      return refined(fc.array(validArbitrary(def.element as Schema), { minLength: min, maxLength: Math.min(max ?? 3, Math.max(min, 3)) }));
    }
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const requiredKeys = Object.keys(shape).filter((key) => !optionalIn(shape[key]!));
      const fields = Object.fromEntries(Object.entries(shape).map(([key, child]) => [key, validArbitrary(child)]));
      const record = fc.record(fields, { requiredKeys }).map((value) => dropUndefined(value as Record<string, unknown>));
      return refined(record);
    }
    case 'union':
      return refined(fc.oneof(...(def.options as Schema[]).map(validArbitrary)));
    case 'record':
      return refined(fc.dictionary(validArbitrary(def.keyType as Schema) as fc.Arbitrary<string>, validArbitrary(def.valueType as Schema), { maxKeys: 3 }));
    default:
      throw new Error(`validArbitrary: zod schema kind '${def.type}' is not known to the fuzz walker; teach it (test/fuzz/zod-arbitrary.ts)`);
  }
}

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** A place in a value where a mutation may go, with the schema that governs it. */
export interface Site {
  path: Path;
  schema: Schema;
  /** A required key of an object: leaving it out is a mutation too. */
  required: boolean;
}

/** Every place in `value` (valid for `schema`) and the schema of each, the root first. */
export function sitesOf(schema: Schema, value: unknown, path: Path = [], required = true): Site[] {
  const sites: Site[] = [{ path, schema, required }];
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(def.shape as Record<string, Schema>)) {
      const childValue = (value as Record<string, unknown>)[key];
      if (childValue === undefined) sites.push({ path: [...path, key], schema: child, required: false });
      else sites.push(...sitesOf(child, childValue, [...path, key], !optionalIn(child)));
    }
  }
  if (def.type === 'array' && Array.isArray(value)) {
    value.forEach((item, index) => sites.push(...sitesOf(def.element as Schema, item, [...path, index], true)));
  }
  if (def.type === 'union' && value && typeof value === 'object') {
    const option = (def.options as Schema[]).find((candidate) => accepts(candidate, value));
    if (option) sites.push(...sitesOf(option, value, path, required).slice(1));
  }
  return sites;
}

const CONTROL = '\u0000\u0001\u0007\b\t\n\u000b\f\r\u001b\u007f';
const UNICODE = ['\u0000', '\u202e', '\ud83d\ude00', 'e\u0301', '\ufeff', '\u2028', '\uffff', '\u00a0', '\u0130', '\u1f4a9'];

/**
 * Characters by what they are to the database and to people: those no field
 * may take (NUL, lone surrogates, control characters) and those a text field
 * must (emoji as a surrogate pair, CJK, right-to-left text, combining
 * accents, format marks). value-classes.ts reads them back off the requests.
 */
export const HOSTILE_CHARACTERS = {
  nul: ['\u0000'],
  loneSurrogate: ['\ud800', '\udbff', '\udc00', '\udfff', '\ude00\ud83d'],
  c0Control: ['\u0001', '\u0007', '\b', '\u000b', '\f', '\r', '\u001b', '\u001f'],
  tabOrNewline: ['\t', '\n', '\r\n'],
  del: ['\u007f'],
  c1Control: ['\u0080', '\u0085', '\u009f'],
  astral: ['\u{1f600}', '\u{1f469}\u200d\u{1f469}\u200d\u{1f467}', '\u{1f1ec}\u{1f1e7}', '\u{1d518}'],
  cjk: ['北京', '山田太郎', '김민준'],
  rightToLeft: ['שלום', 'مرحبا'],
  combining: ['e\u0301', 'n\u0303'],
  format: ['\ufeff', '\u202e', '\u200f', '\u200b', '\u2028'],
} as const;

/** The characters PostgreSQL refuses (NUL, a lone surrogate written as JSON) come most often: they are the ones that turned into 500s. */
const CHARACTER_WEIGHTS: Partial<Record<keyof typeof HOSTILE_CHARACTERS, number>> = { nul: 4, loneSurrogate: 3, c0Control: 2 };

export const hostileCharacter: fc.Arbitrary<string> = fc.oneof(
  ...(Object.entries(HOSTILE_CHARACTERS) as [keyof typeof HOSTILE_CHARACTERS, readonly string[]][]).map(([name, list]) => ({
    weight: CHARACTER_WEIGHTS[name] ?? 1,
    arbitrary: fc.constantFrom<string>(...list),
  })),
);

/** Any UTF-16 code unit (NUL and lone surrogates included, which fast-check's own string units never make), a hostile character, or a whole grapheme. */
const anyUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  hostileCharacter,
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

/** Text from the whole of Unicode as UTF-16 code units: all that a JSON string can carry. */
export const fullUnicodeText = (minLength = 0, maxLength = 12): fc.Arbitrary<string> => fc.string({ unit: anyUnit, minLength, maxLength });

// Made once: generators call hostileTextFrom for every value they draw, and making a string arbitrary is costly.
const someFullUnicodeText = fullUnicodeText(1);

/** `valid` with a hostile character put in (or in place of one of its own), so the character is all that is wrong; now and then full-Unicode text instead. */
export function hostileTextFrom(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.nat({ max: valid.length }), hostileCharacter).map(([at, c]) => valid.slice(0, at) + c + valid.slice(at)) },
    { weight: 2, arbitrary: fc.tuple(fc.nat({ max: Math.max(0, valid.length - 1) }), hostileCharacter).map(([at, c]) => valid.slice(0, at) + c + valid.slice(at + 1)) },
    { weight: 1, arbitrary: someFullUnicodeText },
  );
}

/** Whole numbers either side of the 32- and 64-bit edges, and fractions: what an `integer` column takes next to what it cannot. */
export const BOUNDARY_NUMBERS = [
  INT4_MAX, INT4_MAX + 1, INT4_MIN, INT4_MIN - 1, 2 ** 32, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 2 ** 63, 2 ** 64, 1e21, -1e21,
  0, -1, 0.5, 1.5, -1.5, 0.1, 1 + Number.EPSILON, Number.MIN_VALUE, 1e308,
];

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...BOUNDARY_NUMBERS),
  fc.integer({ min: INT4_MAX - 2, max: INT4_MAX + 3 }),
  fc.integer({ min: INT4_MIN - 3, max: INT4_MIN + 2 }),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 64n }).map(Number),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Numbers as careless parsers read them: NaN, infinities, exponents, hex, signs and spaces, other scripts' digits, numbers past every edge written out. */
export const NAN_ISH_STRINGS = [
  'NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '1e3', '2.5e9', '0x7fffffff', '0b1', '0o7', '-0', '+1', ' 1', '1 ', '١٢', '１２',
  '2147483647', '2147483648', '-2147483649', '9007199254740993', '18446744073709551616',
];
export const nanIshString: fc.Arbitrary<string> = fc.constantFrom(...NAN_ISH_STRINGS);

/** A path or query value: full-Unicode text, a plain value with a hostile character in it, boundary numbers written out, NaN-ish strings; never empty. */
export const hostileParamText: fc.Arbitrary<string> = fc.oneof(
  // Short enough that a path segment stays within the router's maxParamLength (100) once percent-encoded.
  fullUnicodeText(1, 8),
  fc.constantFrom('PG-FLO', 'AG1001', 'SW1A 2AA', '100001', 'pay_123').chain(hostileTextFrom),
  hostileNumber.map(String),
  nanIshString,
);

/**
 * Percent-encoded as a browser encodes text, except that a lone surrogate,
 * which encodeURIComponent refuses, is written as the three bytes UTF-8
 * would give it (WTF-8): what a hostile client can still put in a URL.
 */
export function encodeHostile(text: string): string {
  let encoded = '';
  // for...of walks code points: a surrogate pair comes whole, a lone half alone.
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code < 0xd800 || code > 0xdfff) encoded += encodeURIComponent(character);
    else encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  }
  return encoded;
}

/** Nested arrays `depth` deep around a value. */
export const nested = (depth: number, leaf: unknown = null): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/** A JSON object whose own key is `__proto__` (an object literal would set the prototype instead). */
export const protoKeyed = (key: '__proto__' | 'constructor' | 'prototype') =>
  JSON.parse(key === 'constructor' ? '{"constructor":{"prototype":{"polluted":true}}}' : `{"${key}":{"polluted":true}}`) as unknown;

/** Values wrong for any field: other types, edge numbers, strings that only look like numbers or dates. */
export const anyWrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, -0.5, 1e21, -1e21, 2 ** 53 + 2, 1e308, '', ' ', 'NaN', 'Infinity', '-0', '1e309', '0x10', 'null', 'undefined', 'true', [], {}, [null], { a: 1 }, '[object Object]'),
  fc.constantFrom(...UNICODE),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => s + CONTROL),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  fullUnicodeText(1, 30),
  hostileNumber,
  fc.integer({ min: 2, max: 200 }).map((depth) => nested(depth)),
  fc.constantFrom('__proto__', 'constructor', 'prototype').map(protoKeyed),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Values wrong for this schema in particular: past its limits, the wrong kind of number, an impossible date... */
export function wrongValuesFor(schema: Schema): fc.Arbitrary<unknown> {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const { min, max, integer } = bounds(inner);
  const specific: fc.Arbitrary<unknown>[] = [];
  if (def.type === 'string') {
    const limit = max ?? 200;
    specific.push(
      hostileTextFrom('Ab'),
      fc.integer({ min: limit + 1, max: limit + 40 }).map((n) => 'x'.repeat(n)),
      fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'é'.repeat(n)),
      fc.constantFrom('', ' ', '\t\n', '<b></b>', '<script>alert(1)</script>', '2027-02-30', '2027-13-01', '0000-00-00', '2027-1-1', '99999-01-01', '27-01-01', '2027-02-28T25:00:00Z'),
      fc.constantFrom(12, 0, -1, true, ['a'], { value: 'a' }),
    );
    if (min !== undefined && min > 1) specific.push(fc.constant('x'.repeat(min - 1)));
  }
  if (def.type === 'number') {
    specific.push(
      fc.constantFrom(0, -1, -2147483649, 2147483648, Number.MAX_SAFE_INTEGER + 2, 1e21, 0.5, 1.0000001, 12.34, -0.01),
      hostileNumber,
      fc.constantFrom('12', '0x1F', '1e3', '', 'NaN', '١٢', ' 7 '),
    );
    if (min !== undefined) specific.push(fc.constantFrom(min - 1, min - 0.5));
    if (max !== undefined) specific.push(fc.constantFrom(max + 1, max + 0.5));
    if (integer) specific.push(fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)));
  }
  if (def.type === 'enum' || def.type === 'literal') {
    const known = def.type === 'enum' ? Object.values(def.entries as object) : (def.values as unknown[]);
    specific.push(fc.constantFrom(...known.flatMap((v) => (typeof v === 'string' ? [v.toLowerCase(), v.toUpperCase(), ` ${v}`, `${v}\u0000`] : [String(v)]))));
  }
  if (def.type === 'array') {
    specific.push(fc.constantFrom({}, { 0: 1 }, 'a,b', 1));
    if (max !== undefined) specific.push(fc.constant(Array.from({ length: max + 1 }, () => ({}))));
    specific.push(fc.constant([]));
  }
  if (def.type === 'object') specific.push(fc.constantFrom([], [{}], 'object', 1, nested(300, {})));
  if (def.type === 'boolean') specific.push(fc.constantFrom('true', 'false', 0, 1, 'yes', null));
  return fc.oneof(...specific, anyWrongValue);
}

export function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, replacement);
  return copy;
}

export function deleteAt(value: unknown, path: Path): unknown {
  if (path.length === 0) return undefined;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  if (rest.length === 0) {
    if (Array.isArray(copy)) (copy as unknown[]).splice(Number(head), 1);
    else delete copy[head!];
  } else copy[head!] = deleteAt(copy[head!], rest);
  return copy;
}

export interface Mutation {
  /** The value as sent. */
  value: unknown;
  /** Where it was broken ('' for the whole value). */
  at: string;
  how: 'wrong-value' | 'missing' | 'hostile-value';
}

/** A valid value broken at one place: the value at a site replaced by a wrong one, or a required field left out. */
export function mutatedArbitrary(schema: Schema): fc.Arbitrary<Mutation> {
  return validArbitrary(schema).chain((valid) => {
    const sites = sitesOf(schema, valid);
    return fc.integer({ min: 0, max: sites.length - 1 }).chain((index) => {
      const site = sites[index]!;
      const at = site.path.join('.');
      const replaced = wrongValuesFor(site.schema).map((wrong): Mutation => ({ value: setAt(valid, site.path, wrong), at, how: 'wrong-value' }));
      if (!site.required || site.path.length === 0) return replaced;
      return fc.oneof(replaced, fc.constant<Mutation>({ value: deleteAt(valid, site.path), at, how: 'missing' }));
    });
  });
}

export function getAt(value: unknown, path: Path): unknown {
  let here = value;
  for (const key of path) here = here && typeof here === 'object' ? (here as Record<string | number, unknown>)[key] : undefined;
  return here;
}

const LEAF_TYPES = new Set(['string', 'number']);

/**
 * A valid value with one string or number in it made hostile, whatever the
 * schema allows there: a character the database cannot store or a person
 * would not type put into the text, or a number across the 32- or 64-bit
 * edges (or a NaN-ish string in its place), in a generated value or in
 * `example`. Unlike mutatedArbitrary, the
 * schema is not asked first: a value it wrongly accepts must reach the
 * handler, where the database would have refused it.
 */
export function hostileLeafArbitrary(schema: Schema, example?: unknown): fc.Arbitrary<Mutation> {
  // A known-good example (a real departure's booking) half the time: generated values rarely get past the handler's own checks to the database.
  const bases = example === undefined ? validArbitrary(schema) : fc.oneof(validArbitrary(schema), fc.constant(example));
  return bases.chain((valid) => {
    const sites = sitesOf(schema, valid).filter((site) => LEAF_TYPES.has(defOf(unwrap(site.schema)).type));
    // A body of literals alone (agent-confirm) has nowhere to put one: it goes as it is.
    if (sites.length === 0) return fc.constant<Mutation>({ value: valid, at: '', how: 'hostile-value' });
    return fc.constantFrom(...sites).chain((site) => {
      const current = getAt(valid, site.path);
      const hostile: fc.Arbitrary<unknown> =
        defOf(unwrap(site.schema)).type === 'string'
          ? hostileTextFrom(typeof current === 'string' ? current : '')
          : fc.oneof({ weight: 4, arbitrary: hostileNumber }, { weight: 1, arbitrary: nanIshString });
      return hostile.map((value): Mutation => ({ value: setAt(valid, site.path, value), at: site.path.join('.'), how: 'hostile-value' }));
    });
  });
}

/** What the server sees of a JSON body: undefined dropped, NaN as null, own `__proto__` keys kept. */
export const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** Whether the schema refuses the value as it arrives in a JSON body. */
export const refusesAsJson = (schema: Schema, value: unknown) => !accepts(schema, asJson(value));
