import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatLongDate, formatShortDate, formatTimeAndDate, isIsoDate, toIsoDate } from './dates.ts';

describe('date formats', () => {
  it('uses the three formats of the spec', () => {
    expect(DATE_FORMATS).toEqual({ timeAndDate: 'HH:mm - d MMM yyyy', long: 'd MMMM yyyy', short: 'dd MMM yyyy' });
  });

  it('formats calendar dates as local dates, never shifted by a time zone', () => {
    expect(formatShortDate('2027-03-04')).toBe('04 Mar 2027');
    expect(formatLongDate('2027-03-04')).toBe('4 March 2027');
    expect(formatShortDate('2027-12-31')).toBe('31 Dec 2027');
  });

  it('formats a time and date', () => {
    expect(formatTimeAndDate('2027-03-04T09:30:00')).toBe('09:30 - 4 Mar 2027');
    expect(formatTimeAndDate(new Date(2027, 0, 9, 18, 5))).toBe('18:05 - 9 Jan 2027');
  });

  it('answers an empty string for missing or invalid input', () => {
    expect(formatShortDate(null)).toBe('');
    expect(formatLongDate(undefined)).toBe('');
    expect(formatShortDate('')).toBe('');
    expect(formatShortDate('not a date')).toBe('');
  });
});

describe('ISO dates', () => {
  it('writes a local date as YYYY-MM-DD', () => {
    expect(toIsoDate(new Date(2027, 1, 5, 23, 59))).toBe('2027-02-05');
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-13-01')).toBe(false);
    expect(isIsoDate('2027-3-4')).toBe(false);
    expect(isIsoDate('2027-03-04T00:00')).toBe(false);
  });
});
