import { isValid, parseISO } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimeAndDate, parseIsoDateTime } from './dates.ts';

/** What the formatters read when they went through date-fns: parseISO, and null for what it could not read. */
const throughDateFns = (value: string) => {
  const date = parseISO(value);
  return isValid(date) ? date.getTime() : null;
};
const ours = (value: string) => parseIsoDateTime(value)?.getTime() ?? null;

describe('parseIsoDateTime', () => {
  // Local times differ from UTC only away from UTC: read them in a zone with DST changes (Node applies TZ at once).
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('reads calendar dates as date-fns did, on every day of leap, common and century years and past the ends of months', () => {
    for (const year of [1, 99, 100, 1900, 1970, 2000, 2024, 2026, 2100, 9999]) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const value = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(ours(value), value).toBe(throughDateFns(value));
        }
      }
    }
  });

  it('reads timestamps as date-fns did: UTC, offsets, local times, fractions, a space for the T, and what is not a time', () => {
    const times = [
      'T00:00', 'T02:30', 'T01:30', 'T09:30', 'T23:59:59', 'T24:00', 'T24:00:00', 'T24:01', 'T25:00', 'T12:60', 'T12:30:60',
      'T10:00:00.000Z', 'T10:00:00.5Z', 'T10:00:00.123Z', 'T10:00:00,250Z', 'T10:00:00Z', 'T10:00Z',
      'T10:00:00+01:00', 'T10:00:00-05:30', 'T10:00:00+0530', 'T10:00:00+05', 'T10:00:00+05:60', 'T23:30:00-11:00',
      ' 10:00:00+00', ' 10:00', 'T1:00', 'T10:00:00 Z', 'x',
    ];
    for (const date of ['2026-11-24', '2024-02-29', '2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01', '2026-12-31', '2023-02-29']) {
      for (const time of times) {
        const value = `${date}${time}`;
        expect(ours(value), value).toBe(throughDateFns(value));
      }
    }
  });

  it('reads none of the other ISO 8601 forms (hours alone, basic format, weeks): nothing sends them', () => {
    for (const value of ['2026-11-24T10', '2026-11-24T10:00:00+5', '2026-11-24T1000', '20261124', '2026-W48-2', '2026-328', '+002026-11-24', '2026-11']) {
      expect(parseIsoDateTime(value), value).toBeNull();
    }
  });

  it('gives the formatters what they showed before', () => {
    expect(formatTimeAndDate('2027-03-04T09:30:00')).toBe('09:30 - 4 Mar 2027');
    expect(formatTimeAndDate('not a date')).toBe('');
    expect(formatTimeAndDate('2027-02-30T09:30:00')).toBe('');
  });
});
