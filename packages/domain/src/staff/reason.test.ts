import { describe, expect, it } from 'vitest';
import { STAFF_REASON_MESSAGES, staffReasonSchema } from './reason.ts';

const messageOf = (value: unknown) => staffReasonSchema.safeParse(value).error?.issues[0]?.message;

describe('the reason a staff member types', () => {
  it('is kept trimmed', () => {
    expect(staffReasonSchema.parse('  Customer called to ask  ')).toBe('Customer called to ask');
  });

  it('is required: absent, empty, blank or only HTML is refused with one message', () => {
    for (const value of [undefined, null, 42, '', '   ', '<b> </b>']) expect(messageOf(value), String(value)).toBe(STAFF_REASON_MESSAGES.required);
  });

  it('is 3 to 500 characters once trimmed', () => {
    expect(messageOf('ok')).toBe(STAFF_REASON_MESSAGES.tooShort);
    expect(staffReasonSchema.parse('  abc ')).toBe('abc');
    expect(staffReasonSchema.parse('x'.repeat(500))).toHaveLength(500);
    expect(messageOf('x'.repeat(501))).toBe(STAFF_REASON_MESSAGES.tooLong);
  });

  it('loses HTML tags as every free-text field does (spec section 5)', () => {
    expect(staffReasonSchema.parse('Refund <script>alert(1)</script>agreed by <b>phone</b>')).toBe('Refund agreed by phone');
    expect(messageOf('<i>no</i>')).toBe(STAFF_REASON_MESSAGES.tooShort);
  });
});
