import { format, isValid, parseISO } from 'date-fns';

/** The three display formats of spec section 9. */
export const DATE_FORMATS = {
  timeAndDate: 'HH:mm - d MMM yyyy',
  long: 'd MMMM yyyy',
  short: 'dd MMM yyyy',
} as const;

/** Calendar dates travel as 'YYYY-MM-DD' and are read as local dates so no time zone shifts the day. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function toDate(input: string | Date): Date | null {
  const date = typeof input === 'string' ? parseISO(input) : input;
  return isValid(date) ? date : null;
}

function formatWith(pattern: string) {
  return (input: string | Date | null | undefined): string => {
    if (input == null || input === '') return '';
    const date = toDate(input);
    return date ? format(date, pattern) : '';
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
  return format(date, 'yyyy-MM-dd');
}

export function isIsoDate(value: string): boolean {
  return ISO_DATE_PATTERN.test(value) && toDate(value) !== null && toIsoDate(parseISO(value)) === value;
}
