import { bookingMode, isOpenForSale, type DepartureStatus } from '@tours/domain';

export interface DepartureAvailability {
  startDate: string;
  status: DepartureStatus;
  placesLeft: number;
  brandChannel: number;
}

/**
 * Whether a departure can be booked online at `now`: open (its status), with a
 * place left, and not closed by the domain's booking rule (residential tours
 * until their start date, non-residential events until 72 hours before they
 * start, on London time). Otherwise the site shows its availability error
 * ('on request').
 */
export function isBookableOnline(departure: DepartureAvailability, now: Date): boolean {
  return isOpenForSale(departure.status) && departure.placesLeft > 0 && bookingMode(departure.brandChannel, departure.startDate, now) !== 'closed';
}
