import { DEPOSIT_PERCENT } from '../pricing/deposit.ts';

/**
 * The rules of the catalogue staff manage (issue 27): what a departure's
 * status means, and what the console and the API say when a change is
 * refused. One home for each, read by the forms, the API and the CSV import.
 */

/**
 * A departure's status. Open: listed and booked online. On request: listed,
 * shown as 'On request', not booked online. Closed: no longer sold and no
 * longer listed; its bookings stand. Hiding a departure is apart from its
 * status: a hidden open departure is booked by its link only (a private
 * group's, say) and is not listed.
 */
export const DEPARTURE_STATUSES = ['open', 'on_request', 'closed'] as const;
export type DepartureStatus = (typeof DEPARTURE_STATUSES)[number];

export const DEPARTURE_STATUS_LABELS: Readonly<Record<DepartureStatus, string>> = {
  open: 'Open',
  on_request: 'On request',
  closed: 'Closed',
};

/** Only an open departure is sold online; the booking window and places left decide the rest. */
export const isOpenForSale = (status: DepartureStatus): boolean => status === 'open';

/** Whether visitors find the departure in the catalogue and on its tour's page. */
export const isListed = (departure: { status: DepartureStatus; hidden: boolean }): boolean => departure.status !== 'closed' && !departure.hidden;

/** Tour codes travel in URLs and documents: capital letters, digits and hyphens, as the reservations system writes them. */
export const TOUR_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,19}$/;

/** Room types of the reservations system's room options. */
export const ROOM_TYPES = ['Single', 'Double', 'Twin'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** A flight group's rate option: every passenger takes one of a mandatory group's flights; an optional group's are offered. */
export const FLIGHT_RATE_OPTIONS = ['Mandatory', 'Optional'] as const;

/** What is counted against a stock when staff change it. */
export type StockUnit = 'places' | 'rooms' | 'seats' | 'units';

const taken = (count: number, unit: StockUnit) => {
  const noun = count === 1 ? { places: 'place', rooms: 'room', seats: 'seat', units: 'unit' }[unit] : unit;
  return `${count} ${noun} ${count === 1 ? 'is' : 'are'} already sold or held`;
};

export const CATALOGUE_MESSAGES = {
  codeFormat: 'Use 1 to 20 capital letters, digits and hyphens, starting with a letter or digit',
  codeTaken: 'A tour with this code already exists',
  codeBooked: 'The code cannot change: this tour has bookings',
  nameRequired: 'Name is required',
  brandChannel: 'Choose a brand channel',
  itineraryTitle: 'Give each day a title',
  inclusion: 'Write what is included, or remove the line',
  speakerName: 'Give each speaker a forename and a surname',
  tourBooked: 'This tour has bookings, so it cannot be deleted. Close its departures instead.',
  staleTour: 'Someone else changed this tour since you opened it. Reload to see their change, then try again.',
  startDate: 'Start date is required',
  endDate: 'End date is required',
  datesOrdered: 'The end date must be on or after the start date',
  departureExists: 'This tour already has a departure on this date',
  status: 'Choose open, on request or closed',
  places: 'Places must be a whole number from 0',
  balanceDueDays: 'Enter the days before the start, from 0 to 365, or leave it empty for the usual rule',
  depositPercent: `Enter the deposit as a whole percentage from 0 to 100, or leave it empty for the usual ${DEPOSIT_PERCENT}%`,
  price: 'Enter a price from 0, with at most two decimals',
  departureBooked: 'This departure has bookings, so it cannot be deleted. Close it instead.',
  staleDeparture: 'Someone else changed this departure since you opened it. Reload to see their change, then try again.',
  optionBooked: 'This option has been booked, so it cannot be deleted. Close it instead.',
  optionKindFixed: 'An option keeps its kind; delete it and add another instead',
  stock: 'Stock must be a whole number from 0',
  occupancy: 'Occupancy is from 1 person, and "to" is not below "from"',
  nights: 'Nights must be a whole number from 0',
  hotelName: 'Hotel name is required',
  hotelCity: 'City is required',
  roomType: 'Choose Single, Double or Twin',
  flightNumber: 'Flight number is required',
  airline: 'Airline is required',
  cabinClass: 'Cabin class is required',
  airport: 'Use the airport’s three-letter IATA code, alone or after its name: LHR, or London Heathrow (LHR)',
  flightTimes: 'The arrival must be after the departure',
  flightGroup: 'Flight group name is required',
  rateOption: 'Choose Mandatory or Optional',
  optionName: 'Name is required',
  notFound: 'No such tour, departure or option.',
  /** Places, rooms, seats or a capacity set below what is taken: the refusal says how many are. */
  belowTaken: (count: number, unit: StockUnit) => `${taken(count, unit)}: set at least ${count}`,
} as const;
