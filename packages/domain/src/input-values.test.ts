import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { hasControlCharacter, hasLoneSurrogate, idSchema, INT4_MAX, INT4_MIN, positiveId, text, wholeNumber, wholeNumberParam } from './input-values.ts';
import { VALIDATION } from './messages.ts';
import { freeText, optionalText, requiredText } from './validation.ts';

const messageOf = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

/** What real people type, in names, addresses and notes: none of it may be refused. */
const TYPED = [
  "O'Brien",
  'D’Arcy-Smith',
  'José Müller-Lüdenscheidt',
  'Zoë Ångström',
  'Łódź',
  'İstanbul',
  '北京市朝阳区',
  '山田 太郎',
  '김민준',
  'שלום עליכם',
  'مرحبا بالعالم',
  // A right-to-left mark and a zero-width joiner are format characters, not controls.
  'שלום\u200f 12',
  'Vegetarian 🌱, window seat 👩‍👩‍👧',
  '🇬🇧 flag',
  'e\u0301te\u0301', // combining accents
  'Flat 2\u00a0B', // a no-break space
  '2 < 3 & 5 > 4',
];

describe('the text rule', () => {
  it('finds lone surrogates and leaves whole pairs (emoji) alone', () => {
    expect(hasLoneSurrogate('\ud800')).toBe(true);
    expect(hasLoneSurrogate('a\udc00b')).toBe(true);
    expect(hasLoneSurrogate('\ude00\ud83d')).toBe(true); // a pair the wrong way round is two lone halves
    expect(hasLoneSurrogate('\ud83d\ude00')).toBe(false);
    expect(hasLoneSurrogate('plain')).toBe(false);
  });

  it('finds control characters, letting tab and line feed through only in multi-line text', () => {
    for (const control of ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0080', '\u0085', '\u009f', '\r', '\v', '\f']) {
      expect(hasControlCharacter(`a${control}b`), JSON.stringify(control)).toBe(true);
      expect(hasControlCharacter(`a${control}b`, true), JSON.stringify(control)).toBe(true);
    }
    expect(hasControlCharacter('a\tb\nc')).toBe(true);
    expect(hasControlCharacter('a\tb\nc', true)).toBe(false);
  });

  it.each(TYPED)('takes %s as typed, in a line and in multi-line text', (typed) => {
    expect(text({ max: 100 }).safeParse(typed)).toEqual({ success: true, data: typed });
    expect(requiredText(VALIDATION.firstNameRequired).parse(typed)).toBe(typed);
    expect(freeText(100, { lines: true }).parse(typed)).toBe(typed);
  });

  it('refuses NUL and other control characters in a line, saying so', () => {
    for (const value of ['Ed\u0000ward', 'Ed\u001bward', 'Edward\u007f', 'Ed\u0085ward', 'Ed\tward', 'Ed\nward']) {
      expect(messageOf(requiredText(VALIDATION.firstNameRequired), value), JSON.stringify(value)).toBe(VALIDATION.controlCharacters);
      expect(messageOf(text({ max: 20 }), value), JSON.stringify(value)).toBe(VALIDATION.controlCharacters);
    }
  });

  it('refuses a lone surrogate with its own message', () => {
    expect(messageOf(requiredText(VALIDATION.firstNameRequired), 'Ed\ud800ward')).toBe(VALIDATION.unreadableCharacters);
    expect(messageOf(freeText(100, { lines: true }), 'note \udfff')).toBe(VALIDATION.unreadableCharacters);
  });

  it('says only what is wrong with the characters, not the rules after them', () => {
    expect(messageOf(requiredText(VALIDATION.firstNameRequired, 5), '\u0000')).toBe(VALIDATION.controlCharacters);
  });

  it('trims a line before it looks, so white space pasted around a value is no control character', () => {
    expect(requiredText(VALIDATION.firstNameRequired).parse('\tEdward\r\n')).toBe('Edward');
    expect(text({ max: 20 }).parse(' AG1001\n')).toBe('AG1001');
  });

  it('keeps line breaks and tabs in multi-line text and stores every line break as \\n', () => {
    expect(optionalText(1000, { lines: true }).parse('Aisle seat\r\nVegetarian\rNo nuts\n\tThank you')).toBe('Aisle seat\nVegetarian\nNo nuts\n\tThank you');
    expect(messageOf(optionalText(1000, { lines: true }), 'Aisle\u0000 seat')).toBe(VALIDATION.controlCharacters);
  });

  it('takes a token exactly as sent when not trimmed', () => {
    expect(text({ max: 20, trim: false }).parse(' x ')).toBe(' x ');
    expect(messageOf(text({ max: 20, trim: false }), ' x\n')).toBe(VALIDATION.controlCharacters);
  });
});

describe('whole numbers', () => {
  it('take what an integer column holds, and nothing beyond', () => {
    expect(wholeNumber().parse(INT4_MAX)).toBe(2_147_483_647);
    expect(wholeNumber().parse(INT4_MIN)).toBe(-2_147_483_648);
    for (const value of [INT4_MAX + 1, INT4_MIN - 1, 2 ** 53 - 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1']) {
      expect(wholeNumber().safeParse(value).success, String(value)).toBe(false);
    }
    expect(messageOf(wholeNumber(), INT4_MAX + 1)).toBe('Use a whole number from -2147483648 to 2147483647');
  });

  it('are positive as ids', () => {
    expect(positiveId().parse(1)).toBe(1);
    expect(positiveId().parse(INT4_MAX)).toBe(INT4_MAX);
    expect(messageOf(positiveId(), 0)).toBe('Use a whole number from 1 to 2147483647');
    expect(messageOf(positiveId(), 2 ** 31)).toBe('Use a whole number from 1 to 2147483647');
    expect(messageOf(positiveId(VALIDATION.howHeardRequired), 2 ** 31)).toBe(VALIDATION.howHeardRequired);
  });

  it('are read from the text of a path or a query', () => {
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const value of ['0', '-1', '4.2', 'abc', '', '\u0000', '2147483648', '9007199254740993', '1e10']) {
      expect(idSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
    expect(wholeNumberParam({ min: 0 }).parse('0')).toBe(0);
  });

  it('cannot be given a range wider than the column', () => {
    expect(() => wholeNumber({ max: 2 ** 31 })).toThrow(RangeError);
    expect(() => wholeNumberParam({ min: -(2 ** 40) })).toThrow(RangeError);
  });
});
