/** The three display formats of spec section 9. */
export const DATE_FORMATS = {
  timeAndDate: 'HH:mm - d MMM yyyy',
  long: 'd MMMM yyyy',
  short: 'dd MMM yyyy',
} as const;

/** Calendar dates travel as 'YYYY-MM-DD' and are read as local dates so no time zone shifts the day. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const isValid = (date: Date) => !Number.isNaN(date.getTime());

/*
 * The ISO 8601 forms dates and times travel in (the API's calendar dates and
 * timestamps): 'YYYY-MM-DD', then optionally 'T' or a space, 'HH:mm',
 * ':ss', a fraction and 'Z' or an offset. Read as date-fns's parseISO reads
 * them (the tests compare the two): without an offset, a local date and
 * time, so a calendar day is never shifted by the time zone. By hand because
 * date-fns came to every page for this alone (issue 15).
 */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

/** 'YYYY-MM-DD[THH:mm[:ss[.fff]][Z|±HH[:mm]]]' as a Date; null when it is not one or names no real day or time. */
export function parseIsoDateTime(value: string): Date | null {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = match.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const millis = match[7] ? Math.floor(Number(`0.${match[7]}`) * 1000) : 0;
  if (!isIsoDate(value.slice(0, 10)) || hours! > 24 || minutes! > 59 || seconds! > 59) return null;
  if (hours === 24 && (minutes !== 0 || seconds !== 0)) return null;
  if (!match[8] && !match[9]) {
    // In two steps, as date-fns: the constructor would read years 0-99 as 1900-1999.
    const local = new Date(0);
    local.setFullYear(year!, month! - 1, day!);
    local.setHours(hours!, minutes, seconds, millis);
    return local;
  }
  const offsetHours = match[10] ? Number(match[10]) : 0;
  const offsetMinutes = match[11] ? Number(match[11]) : 0;
  if (offsetMinutes > 59) return null;
  const offset = (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  const utc = new Date(0);
  utc.setUTCFullYear(year!, month! - 1, day!);
  utc.setUTCHours(hours!, minutes! - offset, seconds!, millis);
  return utc;
}

function toDate(input: string | Date): Date | null {
  const date = typeof input === 'string' ? parseIsoDateTime(input) : input;
  return date && isValid(date) ? date : null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (value: number, length: number) => String(value).padStart(length, '0');

/**
 * The tokens our formats use, written exactly as date-fns's `format` writes
 * them in its default (en-US) locale, which the site used before (the tests
 * compare the two across years of dates). By hand rather than with date-fns
 * or Intl: date-fns's `format` brings its whole locale and token machinery to
 * every page that shows a date (about 7 kB gzip of the browser's download,
 * issue 15), and Intl's month names differ between ICU versions ('Sept').
 */
const TOKENS: Record<string, (date: Date) => string> = {
  // As date-fns: the year of era, so year 0 is 1 (BC).
  yyyy: (date) => pad(date.getFullYear() > 0 ? date.getFullYear() : 1 - date.getFullYear(), 4),
  MMMM: (date) => MONTHS[date.getMonth()]!,
  MMM: (date) => MONTHS[date.getMonth()]!.slice(0, 3),
  MM: (date) => pad(date.getMonth() + 1, 2),
  dd: (date) => pad(date.getDate(), 2),
  d: (date) => String(date.getDate()),
  HH: (date) => pad(date.getHours(), 2),
  mm: (date) => pad(date.getMinutes(), 2),
};
const TOKEN_PATTERN = /yyyy|MMMM|MMM|MM|dd|d|HH|mm/g;

/** `pattern` (made of TOKENS and literal punctuation and spaces) for a local date; throws on an invalid date, as date-fns does. */
export function formatDate(date: Date, pattern: string): string {
  if (!isValid(date)) throw new RangeError('Invalid time value');
  return pattern.replace(TOKEN_PATTERN, (token) => TOKENS[token]!(date));
}

function formatWith(pattern: string) {
  return (input: string | Date | null | undefined): string => {
    if (input == null || input === '') return '';
    const date = toDate(input);
    return date ? formatDate(date, pattern) : '';
  };
}

/** '09:30 - 4 Mar 2027' */
export const formatTimeAndDate = formatWith(DATE_FORMATS.timeAndDate);
/** '4 March 2027' */
export const formatLongDate = formatWith(DATE_FORMATS.long);
/** '04 Mar 2027' */
export const formatShortDate = formatWith(DATE_FORMATS.short);

/** 'YYYY-MM-DD' of a local date. */
export function toIsoDate(date: Date): string {
  return formatDate(date, 'yyyy-MM-dd');
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** A real calendar day written 'YYYY-MM-DD' (years 0001 to 9999). Plain arithmetic: it runs in the validation of hot reads (the tour lookup). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const [year, month, day] = [Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10))];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/*
 * Wall-clock time in a named time zone, with nothing but Intl: the offset of
 * a zone at an instant is what its calendar reads minus what UTC reads, and
 * that difference changes at the zone's clock changes (BST/GMT in London).
 */

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTimeIn(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const wallAsUtc = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** How far the zone's clocks are ahead of UTC at an instant, in milliseconds (London: 0 in winter, one hour in summer). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return wallAsUtc(wallTimeIn(whole, timeZone)) - whole;
}

/** The calendar date 'YYYY-MM-DD' an instant falls on in a time zone. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const { year, month, day } = wallTimeIn(instant.getTime(), timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whole days from one 'YYYY-MM-DD' to another; negative when `to` is earlier. */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The instant a date or date-time names. With an offset ('Z', '+01:00') it is
 * that instant; without one ('2027-03-28', '2027-03-28T19:30:00') it is the
 * wall-clock time in `timeZone`, the time of day defaulting to midnight. A
 * time skipped by a clock change reads as the same time after the change
 * (01:30 on the spring-forward night is 02:30 summer time); a time that
 * happens twice reads as the second. Null for anything that is not a real
 * date and time.
 */
export function instantOfLocalDateTime(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = match;
  const wall: WallTime = { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), second: Number(s) };
  const asUtc = wallAsUtc(wall);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== wall.day || check.getUTCMonth() !== wall.month - 1 || wall.hour > 23 || wall.minute > 59 || wall.second > 59) {
    return null;
  }
  if (zone) {
    const instant = Date.parse(value.trim());
    return Number.isNaN(instant) ? null : new Date(instant);
  }
  // The offset at the wall time read as UTC is right except within hours of a change; a second look settles it.
  const first = asUtc - zoneOffsetMs(new Date(asUtc), timeZone);
  const second = asUtc - zoneOffsetMs(new Date(first), timeZone);
  return new Date(second === first ? first : Math.max(first, second));
}
