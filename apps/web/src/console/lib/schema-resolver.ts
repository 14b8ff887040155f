import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod/mini';

/**
 * A react-hook-form resolver that checks a form with the API's own schema:
 * the form's values are turned into the body the API takes (prices typed
 * in pounds become pence, lines become a list), checked with the contract's
 * schema, and each issue is shown on the field it came from (`fieldOf` maps
 * a schema path to a form field), so a person reads the very message the
 * API would answer, before sending.
 */
export function schemaResolver<Form extends FieldValues, Body>(
  schema: z.ZodMiniType<Body>,
  toBody: (values: Form) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => string = (path) => path.map(String).join('.'),
): Resolver<Form, unknown, Body> {
  return async (values) => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path) || 'root';
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: nest(errors) as FieldErrors<Form> };
  };
}

/** 'itinerary.0.title' as { itinerary: [{ title }] }, the shape react-hook-form reads errors in. */
function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const keys = path.split('.');
    let node: Record<string, unknown> = root;
    keys.slice(0, -1).forEach((key, index) => {
      node[key] ??= /^\d+$/.test(keys[index + 1]!) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys.at(-1)!] = error;
  }
  return root;
}
