import { format, isValid, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { isIsoDate } from './dates.ts';

/** What isIsoDate answered when it went through date-fns (parse, then format back): the arithmetic must agree with it everywhere. */
const throughDateFns = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value)) && format(parseISO(value), 'yyyy-MM-dd') === value;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('isIsoDate', () => {
  it('agrees with the date-fns round trip on every month and day of leap, common and century years', () => {
    const years = [0, 1, 4, 99, 100, 400, 1600, 1700, 1900, 1960, 2000, 2024, 2025, 2027, 2028, 2100, 2400, 9999];
    let checked = 0;
    for (const year of years)
      for (let month = 0; month <= 13; month += 1)
        for (let day = 0; day <= 32; day += 1) {
          const value = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(isIsoDate(value), value).toBe(throughDateFns(value));
          checked += 1;
        }
    expect(checked).toBe(18 * 14 * 33);
  });

  it('refuses what is not written YYYY-MM-DD', () => {
    for (const value of ['', '2027-3-04', '2027-03-4', '27-03-04', '2027-03-04T00:00', ' 2027-03-04', '2027/03/04', '２０２７-03-04', '+2027-03-04']) {
      expect(isIsoDate(value), value).toBe(false);
    }
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
  });
});
