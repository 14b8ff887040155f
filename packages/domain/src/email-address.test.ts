import { describe, expect, it } from 'vitest';
import { fieldErrors } from './contracts/common.ts';
import { agentVerifyRequestSchema } from './contracts/agents.ts';
import { emailAddress, isDeliverableEmail } from './email-address.ts';
import { suggestEmail } from './email-suggestions.ts';
import { VALIDATION } from './messages.ts';
import { bookingPassengerSchema } from './booking/participant-form.ts';

const schema = emailAddress(VALIDATION.emailRequired);
const messageFor = (value: unknown) => {
  const { error } = schema.safeParse(value);
  return error ? error.issues.map((issue) => issue.message) : [];
};

describe('a deliverable e-mail address', () => {
  it.each([
    'anne.reed@example.com',
    'Anne.Reed@Example.CO.UK',
    "o'brien+tours@mail.example.org",
    'j@x.io',
    'first_last-1@sub-domain.example.museum',
    'name@xn--bcher-kva.example',
    'name@example.xn--p1ai',
  ])('accepts %s', (address) => {
    expect(isDeliverableEmail(address)).toBe(true);
    expect(messageFor(address)).toEqual([]);
  });

  it.each([
    ['a comma for the dot', 'anne.reed@example,com'],
    ['no dot in the domain', 'sarah.jones@example'],
    ['a space inside', 'anne reed@example.com'],
    ['a space in the domain', 'anne@example .com'],
    ['two dots together', 'anne..reed@example.com'],
    ['two dots in the domain', 'anne@example..com'],
    ['a dot before the @', 'anne.@example.com'],
    ['a dot after the @', 'anne@.example.com'],
    ['a dot at the end', 'anne@example.com.'],
    ['no @', 'anne.example.com'],
    ['two @', 'anne@reed@example.com'],
    ['nothing before the @', '@example.com'],
    ['nothing after the @', 'anne@'],
    ['a one-letter top-level domain', 'anne@example.c'],
    ['a numeric top-level domain', 'anne@example.123'],
    ['a label starting with a hyphen', 'anne@-example.com'],
    ['a bare IP address', 'anne@[192.0.2.1]'],
    ['a quoted local part', '"anne reed"@example.com'],
    ['angle brackets', 'Anne <anne@example.com>'],
    ['a semicolon between two addresses', 'anne@example.com;bob@example.com'],
    ['65 characters before the @', `${'a'.repeat(65)}@example.com`],
  ])('refuses %s', (_, address) => {
    expect(isDeliverableEmail(address)).toBe(false);
    expect(messageFor(address)).toEqual([VALIDATION.emailUndeliverable]);
  });

  it('trims what is typed, and says only that the field is required when it is empty', () => {
    expect(schema.parse('  anne.reed@example.com ')).toBe('anne.reed@example.com');
    expect(messageFor('')).toEqual([VALIDATION.emailRequired]);
    expect(messageFor('   ')).toEqual([VALIDATION.emailRequired]);
    expect(messageFor(undefined)).toEqual([VALIDATION.emailRequired]);
  });

  it('holds to 254 characters in all', () => {
    const long = `anne@${['a', 'b', 'c', 'd', 'e'].map((letter) => letter.repeat(60)).join('.')}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(messageFor(long)).toEqual(['The maximum length allowed is 254']);
  });

  it('is the rule of the participant form and of the agent verification, each with its own required message', () => {
    const passenger = bookingPassengerSchema.safeParse({
      title: 'Dr',
      given_name: 'Anne',
      family_name: 'Reed',
      date_of_birth: '1960-01-01',
      email: 'anne.reed@example,com',
      address: { line_1: '1 High Street', city: 'York', state: 'Yorkshire', postal_code: 'YO1 7HH' },
    });
    expect(passenger.error && fieldErrors(passenger.error)).toEqual({ email: VALIDATION.emailUndeliverable });
    const staff = agentVerifyRequestSchema.safeParse({ agent_id: 'AG1001', email: 'jane.holt@wanderlust' });
    expect(staff.error && fieldErrors(staff.error)).toEqual({ email: VALIDATION.emailUndeliverable });
    const empty = agentVerifyRequestSchema.safeParse({ agent_id: 'AG1001', email: ' ' });
    expect(empty.error && fieldErrors(empty.error)).toEqual({ email: VALIDATION.staffEmailRequired });
  });
});

describe('suggestions for a mistyped domain', () => {
  it.each([
    ['anne.reed@gmial.com', 'anne.reed@gmail.com'],
    ['anne.reed@gamil.com', 'anne.reed@gmail.com'],
    ['Anne.Reed@GMAIL.CON', 'Anne.Reed@gmail.com'],
    ['sarah@hotmial.co.uk', 'sarah@hotmail.co.uk'],
    ['sarah@hotmail.couk', 'sarah@hotmail.co.uk'],
    ['d.jones@yaho.com', 'd.jones@yahoo.com'],
    ['d.jones@outlok.com', 'd.jones@outlook.com'],
    ['d.jones@iclod.com', 'd.jones@icloud.com'],
    ['  d.jones@btinternt.com ', 'd.jones@btinternet.com'],
  ])('suggests the likely address for %s', (typed, meant) => {
    expect(suggestEmail(typed)).toBe(meant);
  });

  it.each(['anne.reed@gmail.com', 'anne@mail.com', 'anne@example.com', 'anne@gmx.co.uk', 'gmial.com', '@gmial.com', ''])('suggests nothing for %s', (typed) => {
    expect(suggestEmail(typed)).toBeNull();
  });

  it('only ever suggests an address that can receive mail', () => {
    for (const typo of ['gmial.com', 'hotmail.couk', 'yahoo.uk', 'aol.con']) {
      const suggestion = suggestEmail(`someone@${typo}`);
      expect(suggestion).not.toBeNull();
      expect(isDeliverableEmail(suggestion!)).toBe(true);
    }
  });
});
