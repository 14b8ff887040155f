import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { participantsFormSchema } from '../booking/participant-form.ts';
import { INT4_MAX, INT4_MIN, text, wholeNumber } from '../input-values.ts';
import { ENDPOINTS } from './endpoints.ts';
import { tourPictureFileSchema } from './staff/tour-pictures.ts';
import type { Endpoint } from './common.ts';

/**
 * Every string and number a caller can send (each endpoint's params, query
 * and body, and the forms that feed them) is one PostgreSQL can take: a
 * string refuses NUL, lone surrogates and control characters, a whole
 * number refuses what an `integer` column cannot hold. The walk reaches
 * every leaf, so a new field written as a bare `z.string()` or
 * `z.number()` fails here until it uses the shared rules (input-values.ts).
 */

type Schema = z.ZodMiniType;
type Def = { type: string; [key: string]: unknown };
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

interface Leaf {
  path: string;
  kind: 'string' | 'number';
  schema: Schema;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
/** Kinds that take only the values they list: nothing else reaches the database through them. */
const CLOSED = new Set(['enum', 'literal', 'boolean', 'null', 'undefined']);

/** The string and number leaves of a schema, by path; a kind the walk does not know fails loudly. */
function leavesOf(schema: Schema, path: string): Leaf[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return leavesOf(def.innerType as Schema, path);
  if (CLOSED.has(def.type)) return [];
  // An uploaded picture's bytes: never text or a number, and read only by the API's sniffing and decoder.
  if (schema === tourPictureFileSchema) return [];
  switch (def.type) {
    case 'pipe':
      return leavesOf(def.in as Schema, path);
    case 'string':
    case 'number':
      return [{ path, kind: def.type, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, child]) => leavesOf(child, `${path}.${key}`));
    case 'array':
      return leavesOf(def.element as Schema, `${path}[]`);
    case 'union':
      return (def.options as Schema[]).flatMap((option, index) => leavesOf(option, `${path}|${index}`));
    case 'intersection':
      return [...leavesOf(def.left as Schema, path), ...leavesOf(def.right as Schema, path)];
    case 'record':
      return [...leavesOf(def.keyType as Schema, `${path}{key}`), ...leavesOf(def.valueType as Schema, `${path}{}`)];
    default:
      throw new Error(`${path}: a '${def.type}' reaches the API unchecked; use the shared rules (input-values.ts) or teach this walk`);
  }
}

/** Ordinary values some field of ours takes; each string leaf must accept one of them, which the test then breaks. */
const PLAIN_STRINGS = ['Ab', 'Ab1', 'GBR', 'GB', 'SW1A 2AA', 'AG1001', 'someone@example.com', '07700900123', '2027-01-01', '1990-05-17', '2027-03', '1234.50', '#1f3a5f', 'pay_123', '/logo.svg', '0f8fad5b-d9cb-469f-a165-70867728950e', '2027-01-01T09:00:00Z'];

const accepts = (schema: Schema, value: unknown) => schema.safeParse(value).success;

/** The same value with its first character (or its middle one) replaced: the length stays, so only the character can be refused. */
const withCharacter = (value: string, character: string, at: number) => value.slice(0, at) + character + value.slice(at + 1);

/** Strings no contract field may take, whatever else it allows. */
const HOSTILE = { NUL: '\u0000', 'lone high surrogate': '\ud800', 'lone low surrogate': '\udfff', escape: '\u001b', DEL: '\u007f', 'C1 control': '\u0085' };

function problemsOf(leaf: Leaf): string[] {
  const { path, schema } = leaf;
  if (leaf.kind === 'string') {
    const plain = PLAIN_STRINGS.find((value) => accepts(schema, value));
    if (plain === undefined) return [`${path}: accepts none of the plain values; add one it accepts to PLAIN_STRINGS`];
    return Object.entries(HOSTILE).flatMap(([name, character]) =>
      [0, Math.floor(plain.length / 2)].flatMap((at) => {
        const hostile = withCharacter(plain, character, at);
        return accepts(schema, hostile) ? [`${path}: accepts ${name} in ${JSON.stringify(hostile)}`] : [];
      }),
    );
  }
  const coerced = Boolean(defOf(schema).coerce);
  const outside = [2 ** 31, INT4_MIN - 1, 2 ** 53 - 1, 1.5];
  const sent = outside.flatMap((n) => (coerced ? [n, String(n)] : [n]));
  return sent.filter((value) => accepts(schema, value)).map((value) => `${path}: accepts ${JSON.stringify(value)}, which no integer column holds as a whole number`);
}

const PARTS = ['params', 'query', 'body'] as const;
const inputs: [string, Schema][] = [
  ...(Object.entries(ENDPOINTS) as [string, Endpoint][]).flatMap(([name, endpoint]) =>
    PARTS.flatMap((part) => (endpoint[part] ? [[`${name}.${part}`, endpoint[part]] as [string, Schema]] : [])),
  ),
  // A form whose values reach the API as a whole (step 1): checked in the browser by the same rules. The agent
  // modal's form is the contract's verifyAgentStaff body itself (web/features/agent/verify-agent.ts), walked above.
  ['participantsForm', participantsFormSchema],
];
const leaves = inputs.flatMap(([name, schema]) => leavesOf(schema, name));

describe('what callers send to the reservations system', () => {
  it('walks every string and number of every endpoint', () => {
    const paths = leaves.map((leaf) => leaf.path);
    // Spot checks that the walk reaches deep fields, among them those of issue 24's report.
    for (const path of [
      'createBooking.body.passengers[].given_name',
      'createBooking.body.passengers[].address.line_1',
      'createBooking.body.source.id',
      'createBooking.body.source.subsource_id',
      'updatePassengers.body.passengers[].special_requests',
      'confirmBooking.body.payment_id',
      'applyPromotion.body.code',
      'verifyAgentStaff.body.email',
      'findTour.query.tour',
      'getTourDetail.params.code',
      'getAgent.params.id',
      'updatePassenger.body.joining_information.joining_text',
      'updateCorrespondence.body|2.alternate_address.line_1',
      'downloadDocument.query.token',
    ]) {
      expect(paths).toContain(path);
    }
    expect(leaves.filter((leaf) => leaf.kind === 'number').length).toBeGreaterThan(10);
  });

  it('refuses NUL, lone surrogates and control characters in every string, and integers no column holds', () => {
    expect(leaves.flatMap(problemsOf)).toEqual([]);
  });

  it('finds a field that skips the rules, so a new one cannot slip through', () => {
    const careless = z.object({ name: z.string().check(z.maxLength(50)), count: z.number().check(z.int()), note: z.optional(text({ max: 10 })), n: wholeNumber() });
    const problems = leavesOf(careless, 'careless').flatMap(problemsOf);
    expect(problems.some((problem) => problem.startsWith('careless.name: accepts NUL'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('careless.name: accepts lone high surrogate'))).toBe(true);
    expect(problems).toContain(`careless.count: accepts ${2 ** 31}, which no integer column holds as a whole number`);
    expect(problems.filter((problem) => problem.startsWith('careless.note') || problem.startsWith('careless.n:'))).toEqual([]);
    expect(() => leavesOf(z.object({ anything: z.unknown() }), 'loose')).toThrow(/'unknown' reaches the API unchecked/);
  });

  it('still takes the largest and smallest values an integer column holds', () => {
    expect(wholeNumber().safeParse(INT4_MAX).success).toBe(true);
    expect(wholeNumber().safeParse(INT4_MIN).success).toBe(true);
  });
});
