import { describe, expect, it } from 'vitest';
import { fieldErrors } from './contracts/common.ts';
import {
  addressFormSchema,
  countryCodeSchema,
  freeText,
  normalisePhoneNumber,
  optionalText,
  phoneNumber,
  requiredIsoDate,
  requiredText,
} from './validation.ts';

const messagesOf = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  result.error ? fieldErrors(result.error) : {};

describe('text fields', () => {
  it('trims required text and strips HTML before checking it is there', () => {
    const field = requiredText('Name is required', 10);
    expect(field.parse('  Ada ')).toBe('Ada');
    expect(field.parse('<i>Ada</i>')).toBe('Ada');
    expect(field.safeParse('   ').error?.issues[0]?.message).toBe('Name is required');
    expect(field.safeParse('<b></b>').error?.issues[0]?.message).toBe('Name is required');
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required');
    expect(field.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('The maximum length allowed is 10');
  });

  it("turns absent optional text into ''", () => {
    expect(optionalText().parse(undefined)).toBe('');
    expect(optionalText().parse(' <p>hi</p> ')).toBe('hi');
    expect(freeText(3).safeParse('abcd').error?.issues[0]?.message).toBe('The maximum length allowed is 3');
  });
});

describe('telephone numbers', () => {
  const field = phoneNumber();
  const messageOf = (value: unknown) => field.safeParse(value).error?.issues[0]?.message;

  it.each([
    ['07700 900123', '07700900123'],
    ['07700-900-123', '07700900123'],
    ['(020) 7946 0018', '02079460018'],
    ['020.7946.0018', '02079460018'],
    ['020 – 7946 – 0018', '02079460018'],
    ['+44 7700 900123', '+447700900123'],
    ['+44 (0)7700-900123', '+447700900123'],
    ['+1 (212) 555-0147', '+12125550147'],
    ['  02079460018 ', '02079460018'],
  ])('accepts %j as people write it and stores %j', (written, stored) => {
    expect(field.parse(written)).toBe(stored);
    expect(normalisePhoneNumber(written)).toBe(stored);
  });

  it('still accepts what the spec rule accepts: digits with an optional decimal part', () => {
    expect(field.parse('02079460018')).toBe('02079460018');
    expect(field.parse('123.45')).toBe('12345');
  });

  it("leaves an empty or absent number as ''", () => {
    expect(field.parse('')).toBe('');
    expect(field.parse('   ')).toBe('');
    expect(field.parse(undefined)).toBe('');
  });

  it.each(['abc', '0770O 900123', 'call me', '07700 900123 ext 4', '+', '()', '- -', '++44 20', '44+20', '020/7946', '#123'])(
    "answers 'Numeric values only' for %j",
    (bad) => {
      expect(messageOf(bad)).toBe('Numeric values only');
    },
  );

  it('limits the stored number, not the separators around it', () => {
    expect(field.parse('+44 (0) 7700 - 900 - 123')).toBe('+447700900123');
    expect(messageOf('1'.repeat(21))).toBe('The maximum length allowed is 20');
    expect(messageOf('1 '.repeat(30))).toBe('The maximum length allowed is 20');
    expect(messageOf(12345)).toBe('Numeric values only');
  });
});

describe('dates and countries', () => {
  it('reports one message for a missing date and another for a malformed one', () => {
    const field = requiredIsoDate('Issue date is required');
    expect(field.parse('2030-01-31')).toBe('2030-01-31');
    expect(field.safeParse('').error?.issues.map((i) => i.message)).toEqual(['Issue date is required']);
    expect(field.safeParse('31/01/2030').error?.issues.map((i) => i.message)).toEqual(['Use the format YYYY-MM-DD']);
    expect(field.safeParse('2030-02-30').success).toBe(false);
  });

  it('upper-cases a known alpha-3 code and rejects unknown ones', () => {
    expect(countryCodeSchema().parse(' fra ')).toBe('FRA');
    expect(countryCodeSchema().safeParse('').error?.issues[0]?.message).toBe('Country is required');
    expect(countryCodeSchema().safeParse('ZZZ').error?.issues[0]?.message).toBe('Country is required');
  });
});

describe('addressFormSchema', () => {
  const schema = addressFormSchema('Postcode is required');

  it('requires line 1, city, state and postcode and defaults the country to GBR', () => {
    expect(messagesOf(schema.safeParse({}))).toEqual({
      line_1: 'Line 1 is required',
      city: 'City is required',
      state: 'State is required',
      postal_code: 'Postcode is required',
    });
    expect(schema.parse({ line_1: '1 High St', city: 'Bath', state: 'Somerset', postal_code: 'BA1 1AA' })).toEqual({
      line_1: '1 High St',
      line_2: '',
      line_3: '',
      city: 'Bath',
      state: 'Somerset',
      postal_code: 'BA1 1AA',
      country: 'GBR',
    });
  });

  it('reports an empty country', () => {
    const result = schema.safeParse({ line_1: 'a', city: 'b', state: 'c', postal_code: 'd', country: '' });
    expect(messagesOf(result)).toEqual({ country: 'Country is required' });
  });

  it("says 'Value is required' when the address itself is missing", () => {
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Value is required');
  });
});
