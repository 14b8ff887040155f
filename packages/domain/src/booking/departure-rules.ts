import { differenceInCalendarDays, parseISO } from 'date-fns';
import { isNonResidential } from '../brand-channels.ts';
import { toIsoDate } from '../dates.ts';

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
 * How a departure may be booked online now. Non-residential events (no
 * overnight stay) stay confirmable until 72 hours before they start, then
 * close. Residential tours under five weeks away become optional bookings;
 * departures already started or past are closed. `start` is a calendar date
 * (read as local midnight) or an ISO date-time.
 */
export function bookingMode(brandChannel: number | null | undefined, start: string, now: Date = new Date()): BookingMode {
  const startsAt = parseISO(start);
  if (Number.isNaN(startsAt.getTime())) return 'closed';
  if (isNonResidential(brandChannel)) {
    return startsAt.getTime() - now.getTime() >= NON_RESIDENTIAL_CUTOFF_HOURS * HOUR_MS ? 'confirmable' : 'closed';
  }
  const days = differenceInCalendarDays(startsAt, now);
  if (days <= 0) return 'closed';
  return days >= OPTIONAL_ONLY_DAYS ? 'confirmable' : 'optional';
}

/** Whole calendar days from today to a 'YYYY-MM-DD' date; negative once it has passed. */
export function daysUntil(date: string, now: Date = new Date()): number {
  return differenceInCalendarDays(parseISO(date.slice(0, 10)), parseISO(toIsoDate(now)));
}
