import { describe, expect, it } from 'vitest';
import { DEPOSIT_PERCENT, depositDetail, depositFor, depositPercentFor, depositPercentOf, percentOf } from './deposit.ts';

describe('depositFor', () => {
  it('is 15% rounded half up to a whole minor unit', () => {
    expect(depositFor(3_333)).toBe(500); // 499.95
    expect(depositFor(3_334)).toBe(500); // 500.10
    expect(depositFor(3_337)).toBe(501); // 500.55
    expect(depositFor(10_000)).toBe(1_500);
    expect(depositFor(789_500)).toBe(118_425);
  });

  it('rounds exact halves up and below-half down on odd cents', () => {
    expect(depositFor(10)).toBe(2); // 1.5
    expect(depositFor(30)).toBe(5); // 4.5
    expect(depositFor(3)).toBe(0); // 0.45
    expect(depositFor(4)).toBe(1); // 0.6
    expect(depositFor(1)).toBe(0); // 0.15
    expect(depositFor(99_999)).toBe(15_000); // 14999.85
  });

  it('stays exact for totals where floating point would drift', () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(depositFor(max)).toBe(Number((BigInt(max) * 15n + 50n) / 100n));
    expect(depositFor(123_456_789_012)).toBe(18_518_518_352); // 18518518351.8
  });

  it('is zero for a zero total and never negative', () => {
    expect(depositFor(0)).toBe(0);
    expect(depositFor(-5_000)).toBe(0);
  });

  it('refuses fractional totals', () => {
    expect(() => depositFor(100.5)).toThrow(RangeError);
  });
});

describe('a departure\'s own deposit (issue 27)', () => {
  it('is the departure\'s percentage where it sets one, the operator\'s 15% otherwise', () => {
    expect(DEPOSIT_PERCENT).toBe(15);
    expect(depositPercentFor(null)).toBe(15);
    expect(depositPercentFor(undefined)).toBe(15);
    expect(depositPercentFor(25)).toBe(25);
    expect(depositPercentFor(0)).toBe(0);
  });

  it('rounds any percentage half up exactly', () => {
    expect(depositFor(3_333, 25)).toBe(833); // 833.25
    expect(depositFor(3_334, 25)).toBe(834); // 833.5
    expect(depositFor(10_000, 0)).toBe(0);
    expect(depositFor(10_001, 100)).toBe(10_001);
    expect(depositFor(Number.MAX_SAFE_INTEGER, 33)).toBe(Number((BigInt(Number.MAX_SAFE_INTEGER) * 33n + 50n) / 100n));
  });

  it('refuses a percentage that is not a whole number from 0 to 100', () => {
    expect(() => percentOf(100, 101)).toThrow(RangeError);
    expect(() => percentOf(100, -1)).toThrow(RangeError);
    expect(() => percentOf(100, 12.5)).toThrow(RangeError);
  });

  it('asks no deposit of a day trip, an online talk or a concerts-only tour, whatever the booking was sold under', () => {
    expect(depositPercentOf({ brandChannel: 1, depositPercent: 25 })).toBe(25);
    expect(depositPercentOf({ brandChannel: 8, depositPercent: 25 })).toBe(0);
    expect(depositPercentOf({ brandChannel: 15, depositPercent: 15 })).toBe(0);
  });

  it('words the percentage for the review', () => {
    expect(depositDetail(15)).toBe('15% of the total');
    expect(depositDetail(30)).toBe('30% of the total');
  });
});
