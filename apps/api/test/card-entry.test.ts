import { describe, expect, it } from 'vitest';
import {
  caretAfterFormat,
  formatCardNumberTyping,
  formatCvcTyping,
  formatExpiryTyping,
  parseExpiry,
} from '../src/modules/payment-provider/browser/card-entry.js';
import { isValidExpiry } from '../src/modules/payment-provider/cards.ts';

/**
 * The sandbox card form's reading of what is typed (issue 25, item 3): a
 * phone's number pad has no '/', so '1229' must be an expiry. The module is
 * the one frame.js runs in the browser and the server checks cards with.
 */

describe('parseExpiry', () => {
  it("reads 'MMYY' from a number pad, 'MM/YY' and 'MM / YYYY'", () => {
    for (const typed of ['1229', '12/29', '12 / 29', '12 / 2029', '12/2029', '122029', ' 12 / 29 ']) {
      expect(parseExpiry(typed), typed).toEqual({ month: 12, year: 2029 });
    }
    expect(parseExpiry('0131')).toEqual({ month: 1, year: 2031 });
  });

  it('reads nothing else as an expiry', () => {
    for (const typed of ['', '1', '12', '123', '12/2', '12/202', '1/29', '13/29', '00/29', '12-29x', 'ab/cd', '12 // 29', '12/20290']) {
      expect(parseExpiry(typed), typed).toBeNull();
    }
  });

  it('is the reading the server checks a card by', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    for (const typed of ['1229', '12/29', '12 / 2029']) expect(isValidExpiry(typed, now), typed).toBe(true);
    // The end of the month the card expires in, and no more than 20 years ahead.
    expect(isValidExpiry('1126', now)).toBe(true);
    expect(isValidExpiry('1026', now)).toBe(false);
    expect(isValidExpiry('12 / 2046', now)).toBe(true);
    expect(isValidExpiry('01 / 2047', now)).toBe(false);
  });
});

describe('formatExpiryTyping', () => {
  it("writes 'MM / YY' as the digits are typed", () => {
    const typedOneByOne = ['1', '12', '122', '1229'].map((value) => formatExpiryTyping(value));
    expect(typedOneByOne).toEqual(['1', '12', '12 / 2', '12 / 29']);
    expect(formatExpiryTyping('122029')).toBe('12 / 2029');
    expect(formatExpiryTyping('12 / 20291')).toBe('12 / 2029');
  });

  it('keeps what is typed with a separator, and writes a one-digit month with its 0', () => {
    expect(formatExpiryTyping('12/29')).toBe('12 / 29');
    expect(formatExpiryTyping('12 / 2029')).toBe('12 / 2029');
    expect(formatExpiryTyping('12/')).toBe('12 / ');
    expect(formatExpiryTyping('1/')).toBe('01 / ');
    expect(formatExpiryTyping('1/29')).toBe('01 / 29');
    expect(formatExpiryTyping('4')).toBe('04');
    expect(formatExpiryTyping('0')).toBe('0');
  });

  it('lets backspace go through the separator', () => {
    // '12 / ' with its last space deleted.
    expect(formatExpiryTyping('12 /', { deleting: true })).toBe('12');
    expect(formatExpiryTyping('12 / ', { deleting: true })).toBe('12');
    expect(formatExpiryTyping('12 / 2', { deleting: true })).toBe('12 / 2');
  });

  it('drops what is not a digit', () => {
    expect(formatExpiryTyping('1a2b2c9')).toBe('12 / 29');
  });
});

describe('formatCardNumberTyping and formatCvcTyping', () => {
  it('groups the card number in fours, 19 digits at most', () => {
    expect(['4', '4242', '42424', '4242424242424242'].map(formatCardNumberTyping)).toEqual(['4', '4242', '4242 4', '4242 4242 4242 4242']);
    expect(formatCardNumberTyping('4242-4242 x 4242.4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberTyping('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });

  it('keeps up to four digits of the security code', () => {
    expect(formatCvcTyping('12a3')).toBe('123');
    expect(formatCvcTyping('123456')).toBe('1234');
  });
});

describe('caretAfterFormat', () => {
  it('keeps the caret after the same digits', () => {
    // Typing the third digit of an expiry: the caret lands after it, past the separator.
    expect(caretAfterFormat('122', 3, '12 / 2')).toBe(6);
    expect(caretAfterFormat('12/', 3, '12 / ')).toBe(5);
    // A month written with its 0.
    expect(caretAfterFormat('4', 1, '04')).toBe(2);
    // A digit typed in the middle of a card number.
    expect(caretAfterFormat('4242 42x42', 7, '4242 4242')).toBe(7);
    expect(caretAfterFormat('42424', 5, '4242 4')).toBe(6);
    expect(caretAfterFormat('', 0, '')).toBe(0);
  });
});
