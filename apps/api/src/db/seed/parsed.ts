import { fieldErrors } from '@tours/domain';
import type { z } from 'zod/mini';

/**
 * The schema's values, or an error naming the seed's entry and every field
 * the console would refuse, with its message: the demo seed reads its data
 * with the domain's schemas the console's forms and the API check with.
 */
export function parsed<S extends z.ZodMiniType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = Object.entries(fieldErrors(result.error)).map(([field, message]) => `${field || '(entry)'}: ${message}`);
  throw new Error(`The demo seed's ${what} breaks a console rule: ${fields.join('; ')}`);
}
