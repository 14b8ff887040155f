import { describe, expect, it } from 'vitest';
import {
  formatPerPerson,
  formatAmount,
  formatPrice,
  formatSupplement,
  fromProviderAmount,
  INCLUDED_IN_PRICE,
  isCurrencyCode,
  minor,
  minorUnitsSchema,
  moneyCodeSchema,
  normaliseCurrency,
  toProviderAmount,
} from './money.ts';

describe('formatAmount', () => {
  it('shows whole amounts without decimals and other amounts to the penny, in each locale', () => {
    expect(formatAmount(189_500, 'GBP')).toBe('£1,895');
    expect(formatAmount(44_175, 'GBP')).toBe('£441.75');
    expect(formatAmount(44_150, 'USD')).toBe('$441.50');
    expect(formatAmount(87_150, 'AUD')).toBe('$871.50');
    expect(formatAmount(5, 'GBP')).toBe('£0.05');
  });

  it('writes pence on whole amounts too when asked, as a card form prints the charge', () => {
    expect(formatAmount(189_500, 'GBP', { pence: 'always' })).toBe('£1,895.00');
    expect(formatAmount(500_000, 'USD', { pence: 'always' })).toBe('$5,000.00');
    expect(formatAmount(123_450, 'GBP', { pence: 'always' })).toBe('£1,234.50');
  });
});

describe('formatPrice', () => {
  it('formats each currency in its own locale with no decimals', () => {
    expect(formatPrice(125_000, 'GBP')).toBe('£1,250');
    expect(formatPrice(125_000, 'USD')).toBe('$1,250');
    expect(formatPrice(125_000, 'AUD')).toBe('$1,250');
  });

  it('rounds to whole major units for display only', () => {
    expect(formatPrice(12_550, 'GBP')).toBe('£126');
    expect(formatPrice(12_549, 'GBP')).toBe('£125');
    expect(formatPrice(99, 'USD')).toBe('$1');
  });

  it('shows zero and negative amounts', () => {
    expect(formatPrice(0, 'GBP')).toBe('£0');
    expect(formatPrice(-5_000, 'GBP')).toBe('-£50');
  });
});

describe('per person and supplement prices', () => {
  it("adds 'pp' to a per-person price", () => {
    expect(formatPerPerson(325_000, 'GBP')).toBe('£3,250pp');
    expect(formatPerPerson(99_900, 'AUD')).toBe('$999pp');
  });

  it("says 'Included in price' at zero", () => {
    expect(formatPerPerson(0, 'USD')).toBe(INCLUDED_IN_PRICE);
    expect(formatSupplement(0, 'GBP')).toBe('Included in price');
  });

  it("prefixes a supplement with '+'", () => {
    expect(formatSupplement(9_500, 'GBP')).toBe('+£95pp');
    expect(formatSupplement(12_000, 'USD')).toBe('+$120pp');
  });
});

describe('provider amounts', () => {
  it('writes minor units as major units with two decimals', () => {
    expect(toProviderAmount(0)).toBe('0.00');
    expect(toProviderAmount(5)).toBe('0.05');
    expect(toProviderAmount(50)).toBe('0.50');
    expect(toProviderAmount(12_345)).toBe('123.45');
    expect(toProviderAmount(100_000_000)).toBe('1000000.00');
  });

  it('keeps the sign of negative amounts', () => {
    expect(toProviderAmount(-250)).toBe('-2.50');
    expect(toProviderAmount(-5)).toBe('-0.05');
  });

  it('refuses fractions of a minor unit and unsafe numbers', () => {
    expect(() => toProviderAmount(1.5)).toThrow(RangeError);
    expect(() => toProviderAmount(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => toProviderAmount(Number.NaN)).toThrow(RangeError);
  });

  it('reads provider amounts back into minor units', () => {
    expect(fromProviderAmount('123.45')).toBe(12_345);
    expect(fromProviderAmount('123')).toBe(12_300);
    expect(fromProviderAmount('123.4')).toBe(12_340);
    expect(fromProviderAmount('0.05')).toBe(5);
    expect(fromProviderAmount(' 7.00 ')).toBe(700);
    expect(fromProviderAmount('-2.50')).toBe(-250);
  });

  it('answers null for malformed amounts', () => {
    for (const bad of ['', 'abc', '1.234', '1,000.00', '.50', '1.', '+1.00', '1e3', '--1', '12345678901234.00']) {
      expect(fromProviderAmount(bad), bad).toBeNull();
    }
  });

  it('round-trips every amount exactly', () => {
    for (const value of [0, 1, 9, 10, 99, 100, 101, 3_337, -1, -99, 987_654_321]) {
      expect(fromProviderAmount(toProviderAmount(value))).toBe(value);
    }
  });
});

describe('currencies', () => {
  it('knows the three booking currencies', () => {
    expect(isCurrencyCode('GBP')).toBe(true);
    expect(isCurrencyCode('AUD')).toBe(true);
    expect(isCurrencyCode('EUR')).toBe(false);
    expect(isCurrencyCode(undefined)).toBe(false);
  });

  it("normalises 'XXX', unknown and missing codes to GBP", () => {
    expect(normaliseCurrency('XXX')).toBe('GBP');
    expect(normaliseCurrency('EUR')).toBe('GBP');
    expect(normaliseCurrency(null)).toBe('GBP');
    expect(normaliseCurrency(' usd ')).toBe('USD');
  });
});

describe('minor units', () => {
  it('accepts whole safe integers only', () => {
    expect(minor(42)).toBe(42);
    expect(() => minor(0.1)).toThrow(RangeError);
    expect(minorUnitsSchema.safeParse(1_000).success).toBe(true);
    expect(minorUnitsSchema.safeParse(10.5).success).toBe(false);
    expect(minorUnitsSchema.safeParse(2 ** 60).success).toBe(false);
  });

  it('keeps the spec field name of each money shape', () => {
    expect(moneyCodeSchema.parse({ value: 100, currency_code: 'USD' })).toEqual({ value: 100, currency_code: 'USD' });
    expect(moneyCodeSchema.safeParse({ value: 100, currency: 'USD' }).success).toBe(false);
  });
});
