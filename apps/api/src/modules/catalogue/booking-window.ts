import { bookingMode, departureStartsAt } from '@tours/domain';

export interface DepartureAvailability {
  startDate: string;
  availableToBook: boolean;
  placesLeft: number;
  brandChannel: number;
}

/**
 * Callers that still pass today's date instead of the clock get the last
 * instant of that London day: never later than the real time when the server
 * keeps London's date, so a cut-off is never sold past, at the cost of
 * refusing a sale that was still open earlier that day.
 */
function latestInstantOf(today: string): Date {
  const lastSecond = departureStartsAt(`${today}T23:59:59`);
  if (!lastSecond) throw new RangeError(`Not a calendar date: ${today}`);
  return new Date(lastSecond.getTime() + 999);
}

/**
 * Whether a departure can be booked online at `now`: open to booking, with a
 * place left, and not closed by the domain's booking rule (residential tours
 * until their start date, non-residential events until 72 hours before they
 * start, on London time). Otherwise the site shows its availability error
 * ('on request').
 *
 * @param now The app clock's instant. A 'YYYY-MM-DD' date is accepted only
 * until every caller passes the clock, and is read as the end of that day in
 * OPERATOR.timeZone.
 */
export function isBookableOnline(departure: DepartureAvailability, now: Date | string): boolean {
  const at = typeof now === 'string' ? latestInstantOf(now) : now;
  return departure.availableToBook && departure.placesLeft > 0 && bookingMode(departure.brandChannel, departure.startDate, at) !== 'closed';
}
