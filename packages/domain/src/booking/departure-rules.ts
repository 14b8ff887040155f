import { isNonResidential } from '../brand-channels.ts';
import { calendarDateIn, calendarDaysBetween, instantOfLocalDateTime } from '../dates.ts';
import { OPERATOR } from '../operator.ts';

/** Business limits of spec section 9. */
export const MIN_ONLINE_PARTICIPANTS = 1;
/** Three or more participants must book by phone. */
export const MAX_ONLINE_PARTICIPANTS = 2;
/** Traveller details are due this many days (3 months) before departure. */
export const DETAILS_REQUIRED_DAYS = 90;
/** Departures closer than this may only be booked as optional, subject to availability checks. */
export const OPTIONAL_ONLY_DAYS = 5 * 7;
/** Non-residential events can be confirmed online until this many hours before they start. */
export const NON_RESIDENTIAL_CUTOFF_HOURS = 72;
/** The date of birth picker opens on this year. */
export const DATE_OF_BIRTH_PICKER_START_YEAR = 1960;

export type BookingMode = 'confirmable' | 'optional' | 'closed';

const HOUR_MS = 3_600_000;

/**
 * When a departure starts: a date-time with an offset is that instant; a
 * date or a date-time without one is the operator's wall-clock time
 * (OPERATOR.timeZone). Departures carry a start date and no time of day, so a
 * bare date starts at 00:00 London time: the earliest it can start, so the
 * 72-hour cut-off is never later than the real one, and the same reading as
 * the `start` ('YYYY-MM-DDT00:00:00') the find-tour call answers. Null when
 * `start` is not a real date.
 */
export function departureStartsAt(start: string): Date | null {
  return instantOfLocalDateTime(start, OPERATOR.timeZone);
}

/**
 * The last instant a non-residential event can be confirmed online: 72 real
 * hours before it starts. Hours, not calendar days, so across a clock change
 * the cut-off falls at a different wall-clock time than the start (an event at
 * midnight on the Monday after the spring change closes at 23:00 on the
 * Thursday before).
 */
export function nonResidentialCutoff(start: string): Date | null {
  const startsAt = departureStartsAt(start);
  return startsAt && new Date(startsAt.getTime() - NON_RESIDENTIAL_CUTOFF_HOURS * HOUR_MS);
}

/** The operator's calendar date of an instant: 'today' wherever the server or the browser is. */
export const operatorDate = (now: Date): string => calendarDateIn(now, OPERATOR.timeZone);

/**
 * How a departure may be booked online now, the one rule the API sells by and
 * the web explains (spec section 9). Non-residential events (no overnight
 * stay) stay confirmable until 72 hours before they start, then close.
 * Residential tours close on their start date (London) and are optional
 * bookings under five weeks away. `start` is read by departureStartsAt.
 */
export function bookingMode(brandChannel: number | null | undefined, start: string, now: Date = new Date()): BookingMode {
  const startsAt = departureStartsAt(start);
  if (!startsAt) return 'closed';
  if (isNonResidential(brandChannel)) {
    return startsAt.getTime() - now.getTime() >= NON_RESIDENTIAL_CUTOFF_HOURS * HOUR_MS ? 'confirmable' : 'closed';
  }
  const days = calendarDaysBetween(operatorDate(now), calendarDateIn(startsAt, OPERATOR.timeZone));
  if (days <= 0) return 'closed';
  return days >= OPTIONAL_ONLY_DAYS ? 'confirmable' : 'optional';
}

/** Whole calendar days (London) from today to a 'YYYY-MM-DD' date; negative once it has passed. */
export function daysUntil(date: string, now: Date = new Date()): number {
  return calendarDaysBetween(operatorDate(now), date.slice(0, 10));
}
