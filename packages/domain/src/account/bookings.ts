import { COMPONENT_TYPES, type Component } from '../contracts/options.ts';
import { PASSENGER_TYPES, type AccountBooking, type AccountPassenger } from '../contracts/account.ts';
import { toIsoDate } from '../dates.ts';
import { formatPrice, normaliseCurrency } from '../money.ts';
import { DETAILS_REQUIRED_DAYS, daysUntil } from '../booking/departure-rules.ts';
import { customerSettlesBalance } from '../booking/balance-settlement.ts';

/**
 * The account area's reading of bookings (spec section 4, Bookings grouping).
 * Statuses are only displayed here, never changed.
 */

export const CONFIRMED = 'Confirmed';

type Dated = Pick<AccountBooking, 'status' | 'end_date'>;

/**
 * Calendar dates compare as 'YYYY-MM-DD' strings against today's local date. A
 * tour that ends today is still under way, so it counts as active until tomorrow.
 */
export const isActiveAccountBooking = (booking: Dated, now: Date = new Date()): boolean =>
  booking.status === CONFIRMED && booking.end_date >= toIsoDate(now);

export const isArchivedAccountBooking = (booking: Dated, now: Date = new Date()): boolean =>
  booking.status === CONFIRMED && booking.end_date < toIsoDate(now);

/** 'Your next tour' (active, soonest first) and 'Other bookings' (archived, latest first); other statuses appear in neither. */
export function groupBookings<T extends Dated & Pick<AccountBooking, 'start_date'>>(
  bookings: readonly T[],
  now: Date = new Date(),
): { active: T[]; archived: T[] } {
  return {
    active: bookings.filter((b) => isActiveAccountBooking(b, now)).sort((a, b) => a.start_date.localeCompare(b.start_date)),
    archived: bookings.filter((b) => isArchivedAccountBooking(b, now)).sort((a, b) => b.start_date.localeCompare(a.start_date)),
  };
}

export const activeTours = (components: readonly Component[]): Component[] =>
  components.filter((component) => component.component_type === COMPONENT_TYPES.tour);

export const activeAdults = <T extends Pick<AccountPassenger, 'type'>>(passengers: readonly T[]): T[] =>
  passengers.filter((passenger) => passenger.type === PASSENGER_TYPES.adult);

/** 'Ada Lovelace, Charles Babbage' for the booking summary. */
export const adultNames = (passengers: readonly AccountPassenger[]): string =>
  activeAdults(passengers)
    .map((passenger) => `${passenger.forename} ${passenger.surname}`.trim())
    .join(', ');

/** The header card's tour name: the first tour component's, else the booking's principal component. */
export const bookingTourName = (booking: Pick<AccountBooking, 'principal_component_name'>, components: readonly Component[]): string =>
  activeTours(components)[0]?.name ?? booking.principal_component_name;

export const hasOutstandingBalance = (booking: Pick<AccountBooking, 'outstanding_balance'>): boolean =>
  booking.outstanding_balance.value > 0;

/** There is a balance and it is the customer's to pay: an agent booking's is the agency's (balanceSettler). */
export const customerOwesBalance = (booking: Pick<AccountBooking, 'outstanding_balance' | 'agency'>): boolean =>
  hasOutstandingBalance(booking) && customerSettlesBalance(booking);

/** The main button of an active booking card: 'Make a payment' only where the customer has a balance to pay. */
export const bookingActionLabel = (booking: Pick<AccountBooking, 'outstanding_balance' | 'agency'>): 'Make a payment' | 'Summary' =>
  customerOwesBalance(booking) ? 'Make a payment' : 'Summary';

/** The Cost column: a price with its currency, or 'Included' when zero or absent. */
export function componentCost(component: Pick<Component, 'price'>): string {
  const price = component.price;
  if (!price || price.value === 0) return 'Included';
  return formatPrice(price.value, normaliseCurrency(price.currency_code));
}

/** The Type column: the reservations system's type in words ('AdditionalNight' reads 'Additional night'). */
export function componentTypeLabel(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type PassengerAnswers = Pick<AccountPassenger, 'apis' | 'insurance' | 'joining_information' | 'arrival_time'>;

/** A passenger has answered every section: passport, insurance, joining information and arrival time. */
export const passengerDetailsComplete = (passenger: PassengerAnswers): boolean =>
  passenger.apis !== null && passenger.insurance !== null && passenger.joining_information !== null && passenger.arrival_time !== null;

/**
 * Booking data are complete when every passenger has answered every section
 * and where final documents go has been chosen. It drives the Passengers
 * tab's warning icon and the notifications.
 */
export const bookingDetailsComplete = (passengers: readonly PassengerAnswers[], correspondence: AccountBooking['correspondence']): boolean =>
  correspondence !== null && passengers.every(passengerDetailsComplete);

/**
 * The notifications modal: active bookings departing within 90 days (3
 * months) whose traveller details are still incomplete, soonest first.
 */
export function bookingsNeedingDetails<T extends Dated & Pick<AccountBooking, 'start_date' | 'details_complete'>>(
  bookings: readonly T[],
  now: Date = new Date(),
): T[] {
  return groupBookings(bookings, now).active.filter((booking) => {
    const days = daysUntil(booking.start_date, now);
    return !booking.details_complete && days >= 0 && days <= DETAILS_REQUIRED_DAYS;
  });
}
