import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  calendarDateIn,
  calendarDaysBetween,
  DATE_FORMATS,
  formatDate,
  formatLongDate,
  formatShortDate,
  formatTimeAndDate,
  instantOfLocalDateTime,
  isIsoDate,
  toIsoDate,
  zoneOffsetMs,
} from './dates.ts';

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

describe('formatDate', () => {
  it("writes every format exactly as date-fns's format did, on every day of several years and at many times", () => {
    const patterns = [...Object.values(DATE_FORMATS), 'yyyy-MM-dd'];
    const days: Date[] = [];
    // Two ordinary years, a leap year and its neighbours, the ends of the clock changes, and far years.
    for (const year of [2026, 2027, 2028]) for (let day = 1; day <= 366; day += 1) days.push(new Date(year, 0, day, (day * 7) % 24, (day * 13) % 60));
    days.push(new Date(2027, 2, 28, 1, 30), new Date(2027, 9, 31, 1, 30), new Date(2027, 11, 31, 23, 59), new Date(2028, 0, 1, 0, 0));
    const early = new Date(2027, 0, 1);
    early.setFullYear(5);
    const zero = new Date(2027, 0, 1);
    zero.setFullYear(0);
    days.push(early, zero, new Date(9999, 11, 31, 23, 59));
    for (const date of days) for (const pattern of patterns) expect(formatDate(date, pattern), `${date.toString()} ${pattern}`).toBe(format(date, pattern));
  });

  it('refuses an invalid date as date-fns did', () => {
    expect(() => formatDate(new Date(Number.NaN), 'yyyy-MM-dd')).toThrow(RangeError);
    expect(() => toIsoDate(new Date('not a date'))).toThrow('Invalid time value');
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

describe('time zones', () => {
  const london = 'Europe/London';
  const hour = 3_600_000;

  it('knows London is on GMT in winter and BST in summer, changing at 01:00 UTC', () => {
    expect(zoneOffsetMs(new Date('2027-01-15T12:00:00Z'), london)).toBe(0);
    expect(zoneOffsetMs(new Date('2027-07-15T12:00:00Z'), london)).toBe(hour);
    expect(zoneOffsetMs(new Date('2027-03-28T00:59:59Z'), london)).toBe(0);
    expect(zoneOffsetMs(new Date('2027-03-28T01:00:00Z'), london)).toBe(hour);
    expect(zoneOffsetMs(new Date('2027-10-31T00:59:59Z'), london)).toBe(hour);
    expect(zoneOffsetMs(new Date('2027-10-31T01:00:00Z'), london)).toBe(0);
  });

  it('reads the calendar date of an instant in a zone', () => {
    expect(calendarDateIn(new Date('2027-07-14T23:30:00Z'), london)).toBe('2027-07-15');
    expect(calendarDateIn(new Date('2027-01-14T23:30:00Z'), london)).toBe('2027-01-14');
    expect(calendarDateIn(new Date('2027-01-14T23:30:00Z'), 'Australia/Sydney')).toBe('2027-01-15');
  });

  it('counts whole calendar days, whatever clock change lies between', () => {
    expect(calendarDaysBetween('2027-03-27', '2027-03-29')).toBe(2);
    expect(calendarDaysBetween('2027-11-01', '2027-10-30')).toBe(-2);
  });

  it('turns London wall-clock times into instants, around both clock changes', () => {
    expect(instantOfLocalDateTime('2027-03-28T00:30', london)).toEqual(new Date('2027-03-28T00:30:00Z'));
    // 01:30 does not exist on the spring-forward night: it reads as 02:30 BST.
    expect(instantOfLocalDateTime('2027-03-28T01:30', london)).toEqual(new Date('2027-03-28T01:30:00Z'));
    expect(instantOfLocalDateTime('2027-03-28T02:30', london)).toEqual(new Date('2027-03-28T01:30:00Z'));
    expect(instantOfLocalDateTime('2027-10-31T00:30', london)).toEqual(new Date('2027-10-30T23:30:00Z'));
    // 01:30 happens twice on the fall-back night: the second (GMT) one.
    expect(instantOfLocalDateTime('2027-10-31T01:30', london)).toEqual(new Date('2027-10-31T01:30:00Z'));
    expect(instantOfLocalDateTime('2027-10-31T02:30', london)).toEqual(new Date('2027-10-31T02:30:00Z'));
  });
});
