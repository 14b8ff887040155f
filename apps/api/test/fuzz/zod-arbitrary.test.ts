import { ENDPOINTS, type Endpoint } from '@tours/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asJson, deleteAt, mutatedArbitrary, protoKeyed, refusesAsJson, setAt, sitesOf, takesJson, validArbitrary } from './zod-arbitrary.ts';

const PARTS = ['params', 'query', 'body'] as const;
const contractSchemas = (Object.entries(ENDPOINTS) as [string, Endpoint][]).filter(([, endpoint]) => takesJson(endpoint)).flatMap(([name, endpoint]) =>
  PARTS.flatMap((part) => (endpoint[part] ? [[`${name}.${part}`, endpoint[part]] as const] : [])),
);

describe('the zod-to-arbitrary walker', () => {
  it('makes values a small schema accepts, within its limits', () => {
    const schema = z.object({
      name: z.string().trim().min(2).max(5),
      count: z.number().int().positive().max(9),
      kind: z.enum(['a', 'b']),
      tags: z.array(z.literal('x')).min(1).max(2),
      note: z.string().optional(),
      when: z.iso.datetime(),
    });
    fc.assert(fc.property(validArbitrary(schema), (value) => {
      expect(schema.safeParse(value).success).toBe(true);
    }), { numRuns: 200 });
  });

  it.each(contractSchemas)('makes values %s accepts', (_name, schema) => {
    fc.assert(fc.property(validArbitrary(schema), (value) => {
      expect(schema.safeParse(asJson(value)).error).toBeUndefined();
    }), { numRuns: 30 });
  });

  it.each(contractSchemas)('breaks values %s accepts so that it refuses most of them', (_name, schema) => {
    const samples = fc.sample(mutatedArbitrary(schema), { numRuns: 60, seed: 14 });
    const refused = samples.filter((mutation) => refusesAsJson(schema, mutation.value));
    // Some breaks are harmless (an unknown field is dropped, a wrong optional value may be left out): most must not be.
    expect(refused.length / samples.length).toBeGreaterThan(0.6);
  });

  it('lists every place of a value with the schema that governs it, and which fields are required', () => {
    const schema = z.object({ a: z.string(), b: z.array(z.number()).optional(), c: z.object({ d: z.boolean() }) });
    const sites = sitesOf(schema, { a: 'x', b: [1, 2], c: { d: true } });
    expect(sites.map((site) => [site.path.join('.'), site.required])).toEqual([
      ['', true],
      ['a', true],
      ['b', false],
      ['b.0', true],
      ['b.1', true],
      ['c', true],
      ['c.d', true],
    ]);
  });

  it('replaces and removes values without touching the original', () => {
    const original = { a: [1, { b: 2 }] };
    expect(setAt(original, ['a', 1, 'b'], 'x')).toEqual({ a: [1, { b: 'x' }] });
    expect(deleteAt(original, ['a', 0])).toEqual({ a: [{ b: 2 }] });
    expect(original).toEqual({ a: [1, { b: 2 }] });
  });

  it('makes JSON objects with an own __proto__ key, as an attacker sends them', () => {
    expect(JSON.stringify(protoKeyed('__proto__'))).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses schema kinds it does not know, so no contract goes unfuzzed silently', () => {
    expect(() => validArbitrary(z.object({ at: z.date() }))).toThrow(/'date' is not known/);
  });
});
