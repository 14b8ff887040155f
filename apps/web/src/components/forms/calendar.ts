/**
 * Calendar arithmetic for the date picker on plain local dates. Dates travel
 * as 'YYYY-MM-DD' (ADR 0001); a cursor is the day the keyboard is on.
 */
export interface CalendarDay {
  year: number;
  /** 0 = January, as Date counts. */
  month: number;
  day: number;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Monday first, as calendars are read in the UK. */
export const WEEKDAYS = [
  { short: 'Mo', name: 'Monday' },
  { short: 'Tu', name: 'Tuesday' },
  { short: 'We', name: 'Wednesday' },
  { short: 'Th', name: 'Thursday' },
  { short: 'Fr', name: 'Friday' },
  { short: 'Sa', name: 'Saturday' },
  { short: 'Su', name: 'Sunday' },
] as const;

/** Years on one page of the year view: five rows of four. */
export const YEARS_PER_PAGE = 20;

const pad = (value: number) => String(value).padStart(2, '0');

export function daysInMonth(year: number, month: number): number {
  return new Date(year, month + 1, 0).getDate();
}

export function toIso({ year, month, day }: CalendarDay): string {
  return `${String(year).padStart(4, '0')}-${pad(month + 1)}-${pad(day)}`;
}

export function fromIso(value: string | null | undefined): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  if (month < 0 || month > 11 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export const compareDays = (a: CalendarDay, b: CalendarDay): number => toIso(a).localeCompare(toIso(b));

export function clampDay(value: CalendarDay, min: CalendarDay, max: CalendarDay): CalendarDay {
  if (compareDays(value, min) < 0) return min;
  if (compareDays(value, max) > 0) return max;
  return value;
}

/** Moves by whole days; Date rolls over months and years for us. */
export function addDays(value: CalendarDay, days: number): CalendarDay {
  const date = new Date(value.year, value.month, value.day + days);
  return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
}

/** Moves by months, keeping the day where it exists (31 January + 1 month = 28 or 29 February). */
export function addMonths(value: CalendarDay, months: number): CalendarDay {
  const index = value.year * 12 + value.month + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  return { year, month, day: Math.min(value.day, daysInMonth(year, month)) };
}

export const addYears = (value: CalendarDay, years: number): CalendarDay => addMonths(value, years * 12);

/** The first year of the page of the year view that shows `year`. */
export const yearPageStart = (year: number): number => Math.floor(year / YEARS_PER_PAGE) * YEARS_PER_PAGE;

/** Blank cells before the 1st, so that each weekday keeps its column. */
export function leadingBlanks(year: number, month: number): number {
  return (new Date(year, month, 1).getDay() + 6) % 7;
}

/** Weeks of a month as rows of seven cells; null cells are outside the month. */
export function monthGrid(year: number, month: number): (number | null)[][] {
  const cells: (number | null)[] = [...Array<null>(leadingBlanks(year, month)).fill(null)];
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const rows: (number | null)[][] = [];
  for (let at = 0; at < cells.length; at += 7) rows.push(cells.slice(at, at + 7));
  return rows;
}

export const longDate = ({ year, month, day }: CalendarDay): string => `${day} ${MONTH_NAMES[month]} ${year}`;
