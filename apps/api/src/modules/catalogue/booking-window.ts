import { isNonResidential } from '@tours/domain';

const DAY_MS = 86_400_000;
/** Non-residential events can be confirmed online up to 72 hours before departure (spec section 9). */
const NON_RESIDENTIAL_CUT_OFF_DAYS = 3;

export function daysUntil(startDate: string, today: string): number {
  return Math.round((Date.parse(`${startDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

export interface DepartureAvailability {
  startDate: string;
  availableToBook: boolean;
  placesLeft: number;
  brandChannel: number;
}

/**
 * Whether a departure can be booked online today: open to booking, with a
 * place left, still ahead, and for non-residential events at least 72 hours
 * ahead. Otherwise the site shows its availability error ('on request').
 */
export function isBookableOnline(departure: DepartureAvailability, today: string): boolean {
  const minimumDays = isNonResidential(departure.brandChannel) ? NON_RESIDENTIAL_CUT_OFF_DAYS : 1;
  return departure.availableToBook && departure.placesLeft > 0 && daysUntil(departure.startDate, today) >= minimumDays;
}
