import { z } from 'zod/mini';
import { moneySchema } from '../../money.ts';
import { DEPARTURE_DOCUMENT_FORMATS } from '../../staff/departures.ts';
import { dataEnvelope, defineEndpoint, isoDateSchema } from '../common.ts';
import { idSchema, textChecks, wholeNumberParam } from '../../input-values.ts';
import { STAFF_PAGE_SIZES, STAFF_MAX_PAGE } from './bookings.ts';

/**
 * A departure's operations in the staff console (issue 28, permission
 * departures.read): the departures list, a departure's page with its figures,
 * and the ground team's documents as CSV or PDF. The flight manifest carries
 * passports' API data, so it needs passports.read, and every download of it
 * is audited. Only settled bookings count (travelsOnDeparture).
 */

export const STAFF_DEPARTURE_MESSAGES = {
  tour: 'Search with at most 20 characters',
  datesOrdered: 'The last departure date must not be before the first',
  pageSize: `Show between 1 and ${STAFF_PAGE_SIZES.max} departures a page`,
  page: `Choose a page between 1 and ${STAFF_MAX_PAGE}`,
  format: `Choose a format among: ${DEPARTURE_DOCUMENT_FORMATS.join(', ')}`,
} as const;

export const staffDepartureSearchSchema = z
  .object({
    /** Part of a tour's code or name ('VIE', 'vienna'), any case; empty is the same as absent. */
    tour: z.optional(
      z.pipe(
        z.string().check(...textChecks({ max: 20, maxMessage: STAFF_DEPARTURE_MESSAGES.tour })),
        z.transform((value: string) => (value === '' ? undefined : value)),
      ),
    ),
    from: z.optional(isoDateSchema),
    to: z.optional(isoDateSchema),
    page: z._default(wholeNumberParam({ min: 1, max: STAFF_MAX_PAGE, message: STAFF_DEPARTURE_MESSAGES.page }), 1),
    page_size: z._default(wholeNumberParam({ min: 1, max: STAFF_PAGE_SIZES.max, message: STAFF_DEPARTURE_MESSAGES.pageSize }), STAFF_PAGE_SIZES.default),
  })
  .check(z.refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: STAFF_DEPARTURE_MESSAGES.datesOrdered }));
export type StaffDepartureSearch = z.output<typeof staffDepartureSearchSchema>;

/** Places on the departure itself: sold, held (live holds) and left to sell. */
export const placesSchema = z.object({ capacity: z.number(), sold: z.number(), held: z.number(), left: z.number() });

export const staffDepartureRowSchema = z.object({
  id: z.number(),
  tour: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  places: placesSchema,
});
export type StaffDepartureRow = z.infer<typeof staffDepartureRowSchema>;

export const staffDepartureListSchema = z.object({
  items: z.array(staffDepartureRowSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});

const unitsSchema = z.object({ inventory: z.number(), sold: z.number(), held: z.number(), left: z.number() });

export const staffDepartureDetailSchema = z.object({
  departure: staffDepartureRowSchema,
  rooms: z.array(
    z.object({
      hotel: z.string(),
      nights: z.number(),
      room_types: z.array(z.extend(unitsSchema, { option_id: z.number(), room_type: z.string(), name: z.string() })),
    }),
  ),
  flights: z.array(
    z.extend(unitsSchema, {
      option_id: z.number(),
      name: z.string(),
      flight_number: z.nullable(z.string()),
      airline: z.nullable(z.string()),
      route: z.nullable(z.string()),
      departs_at: z.nullable(z.string()),
    }),
  ),
  /** Settled bookings' money, one line per currency: what they come to, what was taken, what is still owed. */
  revenue: z.array(z.object({ currency: z.string(), bookings: z.number(), total: moneySchema, taken: moneySchema, outstanding: moneySchema })),
  /** Settled bookings' passengers who have not answered every section (passengerDetailsComplete). */
  missing_details: z.array(
    z.object({
      booking_id: z.number(),
      booking_reference: z.string(),
      passenger_id: z.number(),
      name: z.string(),
      missing: z.array(z.string()),
    }),
  ),
  /** The agencies with settled bookings on the departure, for their statements. */
  agencies: z.array(z.object({ code: z.string(), name: z.string(), bookings: z.number() })),
  bookings: z.number(),
  passengers: z.number(),
});
export type StaffDepartureDetail = z.infer<typeof staffDepartureDetailSchema>;

export const staffDepartureParamsSchema = z.object({ departure: idSchema });
const formatQuery = z.object({ format: z._default(z.enum(DEPARTURE_DOCUMENT_FORMATS, { message: STAFF_DEPARTURE_MESSAGES.format }), 'csv') });

export const listStaffDepartures = defineEndpoint({
  method: 'GET',
  path: '/staff/departures',
  query: staffDepartureSearchSchema,
  response: dataEnvelope(staffDepartureListSchema),
  auth: 'staff',
  permission: 'departures.read',
  summary: 'Departures by tour code and dates, earliest first, paged (at most 100 a page), with places sold, held and left',
});

export const getStaffDeparture = defineEndpoint({
  method: 'GET',
  path: '/staff/departures/:departure',
  params: staffDepartureParamsSchema,
  response: dataEnvelope(staffDepartureDetailSchema),
  auth: 'staff',
  permission: 'departures.read',
  summary: "A departure's page: places, rooms by hotel and type, seats by flight, revenue per currency and passengers whose details are missing (settled bookings only)",
});

const documentSummary = (what: string) => `${what} of the departure's settled bookings, as CSV (RFC 4180) or PDF (format=csv|pdf)`;

export const downloadPassengerManifest = defineEndpoint({
  method: 'GET',
  path: '/staff/departures/:departure/passenger-manifest',
  params: staffDepartureParamsSchema,
  query: formatQuery,
  response: z.unknown(),
  responseType: 'file',
  auth: 'staff',
  permission: 'departures.read',
  summary: documentSummary('The passenger manifest (names, booking, contact, special requests, arrival times, joining point)'),
});

export const downloadRoomingList = defineEndpoint({
  method: 'GET',
  path: '/staff/departures/:departure/rooming-list',
  params: staffDepartureParamsSchema,
  query: formatQuery,
  response: z.unknown(),
  responseType: 'file',
  auth: 'staff',
  permission: 'departures.read',
  summary: documentSummary('The rooming list per hotel (room type, occupants, nights with additional nights)'),
});

export const downloadFlightManifest = defineEndpoint({
  method: 'GET',
  path: '/staff/departures/:departure/flight-manifest',
  params: staffDepartureParamsSchema,
  query: formatQuery,
  response: z.unknown(),
  responseType: 'file',
  auth: 'staff',
  permission: 'passports.read',
  summary: documentSummary("The flight manifest per flight, with the passengers' passport API data (audited)"),
});

export const downloadAgencyStatement = defineEndpoint({
  method: 'GET',
  path: '/staff/departures/:departure/agency-statement',
  params: staffDepartureParamsSchema,
  query: formatQuery,
  response: z.unknown(),
  responseType: 'file',
  auth: 'staff',
  permission: 'departures.read',
  summary: documentSummary("The agency statement per agency (its bookings, their amounts and what is outstanding)"),
});
