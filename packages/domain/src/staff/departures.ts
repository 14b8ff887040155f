import { isSettled, type BookingStatus } from '../booking/statuses.ts';

/**
 * Who a departure's figures and its ground team's documents count (issue 28):
 * a settled booking only, Confirmed or Optional with its reference
 * (isSettled). A Quote, a booking still being paid for online, an
 * Unconfirmed one and a Cancelled one travel on nobody's manifest, fill no
 * room on the rooming list and owe nothing on an agency's statement. The
 * API's statements use the bookings module's isSettledSql, the same rule in SQL.
 */
export const travelsOnDeparture = (booking: { status: BookingStatus; reference: string | null }): boolean => isSettled(booking);

/** The ground team's documents of a departure, as the console names them and the API's paths spell them. */
export const DEPARTURE_DOCUMENTS = ['passenger-manifest', 'rooming-list', 'flight-manifest', 'agency-statement'] as const;
export type DepartureDocument = (typeof DEPARTURE_DOCUMENTS)[number];

export const DEPARTURE_DOCUMENT_TITLES: Readonly<Record<DepartureDocument, string>> = {
  'passenger-manifest': 'Passenger manifest',
  'rooming-list': 'Rooming list',
  'flight-manifest': 'Flight manifest',
  'agency-statement': 'Agency statement',
};

export const DEPARTURE_DOCUMENT_FORMATS = ['csv', 'pdf'] as const;
export type DepartureDocumentFormat = (typeof DEPARTURE_DOCUMENT_FORMATS)[number];

/** A document's file name: 'passenger-manifest-MHW-VIE-2027-03-04.csv'. */
export const departureDocumentFileName = (document: DepartureDocument, tourCode: string, startDate: string, format: DepartureDocumentFormat): string =>
  `${document}-${tourCode.replace(/[^A-Za-z0-9-]/g, '')}-${startDate}.${format}`;
