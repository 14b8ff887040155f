import { describe, expect, it } from 'vitest';
import { insuranceSchema, passportFormSchema } from './forms.ts';

/** Found by the API's fuzz: a section sent as null (or any non-object) is a field error, never a check across fields reading null. */
describe('a passenger section that is not an object', () => {
  it.each([null, 'text', 3, []])('is refused with its own message: %j', (value) => {
    expect(insuranceSchema.safeParse(value).success).toBe(false);
    expect(passportFormSchema('2027-06-01').safeParse(value).success).toBe(false);
  });
});
