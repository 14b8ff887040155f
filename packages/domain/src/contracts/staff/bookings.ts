import { z } from 'zod/mini';
import { BOOKING_STATUSES, type BookingStatus } from '../../booking/statuses.ts';
import { QUOTE_REASONS } from '../../booking/quote-reasons.ts';
import { moneySchema } from '../../money.ts';
import { ATTENTION_CODES } from '../../staff/attention.ts';
import { STAFF_QUEUES } from '../../staff/queues.ts';
import { dataEnvelope, defineEndpoint, isoDateSchema, isoDateTimeSchema } from '../common.ts';
import { textChecks, wholeNumberParam } from '../../input-values.ts';

/**
 * Finding bookings in the staff console (permission bookings.read): one list
 * searched, filtered, sorted and paged by the server, the same filters
 * exported whole as CSV, and the work queue's counts, each queue being the
 * list with `queue=` (docs/decisions/0018-staff-console.md).
 */

export const STAFF_BOOKING_SORTS = ['created', 'departure', 'reference', 'lead_name', 'total', 'balance', 'status'] as const;
export type StaffBookingSort = (typeof STAFF_BOOKING_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const STAFF_PAGE_SIZES = { default: 25, max: 100 } as const;
/** Past this page the list is better narrowed by a filter; it also keeps offsets small. */
export const STAFF_MAX_PAGE = 10_000;

export const STAFF_SEARCH_MESSAGES = {
  pageSize: `Show between 1 and ${STAFF_PAGE_SIZES.max} bookings a page`,
  page: `Choose a page between 1 and ${STAFF_MAX_PAGE}`,
  sort: `Sort by one of: ${STAFF_BOOKING_SORTS.join(', ')}`,
  direction: 'Sort asc or desc',
  status: `Choose statuses among: ${BOOKING_STATUSES.join(', ')}`,
  queue: `Choose a queue among: ${STAFF_QUEUES.join(', ')}`,
  tooLong: (max: number) => `Search with at most ${max} characters`,
  nameTooShort: 'Type at least 2 letters of a name',
  datesOrdered: 'The last departure date must not be before the first',
} as const;

/** A search field: trimmed, at most `max` characters; empty is the same as absent. */
const searchText = (max: number) =>
  z.optional(
    z.pipe(
      z.string().check(...textChecks({ max, maxMessage: STAFF_SEARCH_MESSAGES.tooLong(max) })),
      z.transform((value: string) => (value === '' ? undefined : value)),
    ),
  );

/** Statuses as a comma-separated list ('Confirmed,Optional'), each one of the domain's. */
const statusList = z.optional(
  z.pipe(
    z.string().check(...textChecks({ max: 100, maxMessage: STAFF_SEARCH_MESSAGES.status })),
    z.transform((value: string, context) => {
      const statuses = [...new Set(value.split(',').map((status) => status.trim()).filter((status) => status !== ''))];
      const unknown = statuses.filter((status) => !(BOOKING_STATUSES as readonly string[]).includes(status));
      if (unknown.length > 0) context.issues.push({ code: 'custom', message: STAFF_SEARCH_MESSAGES.status, input: value });
      return statuses.length === 0 ? undefined : (statuses as BookingStatus[]);
    }),
  ),
);

export const staffBookingSearchSchema = z
  .object({
    /** One box for reference, booking id, name or e-mail: classifyBookingSearch decides which. */
    q: searchText(100),
    /** A booking reference ('MER-480153', any case) or a booking id ('100123'). */
    reference: searchText(40),
    /** Part of any passenger's name, accents and case ignored ('muller' finds 'Müller'). */
    name: searchText(100),
    /** Part of any passenger's e-mail address, case ignored. */
    email: searchText(254),
    /** A tour code ('MHW-VIE'), any case. */
    tour: searchText(20),
    departure_from: z.optional(isoDateSchema),
    departure_to: z.optional(isoDateSchema),
    status: statusList,
    /** A travel agent's code ('AG1001'), any case. */
    agent: searchText(20),
    queue: z.optional(z.enum(STAFF_QUEUES, { message: STAFF_SEARCH_MESSAGES.queue })),
    sort: z._default(z.enum(STAFF_BOOKING_SORTS, { message: STAFF_SEARCH_MESSAGES.sort }), 'created'),
    direction: z._default(z.enum(SORT_DIRECTIONS, { message: STAFF_SEARCH_MESSAGES.direction }), 'desc'),
    page: z._default(wholeNumberParam({ min: 1, max: STAFF_MAX_PAGE, message: STAFF_SEARCH_MESSAGES.page }), 1),
    page_size: z._default(wholeNumberParam({ min: 1, max: STAFF_PAGE_SIZES.max, message: STAFF_SEARCH_MESSAGES.pageSize }), STAFF_PAGE_SIZES.default),
  })
  .check(
    z.refine((query) => query.name === undefined || query.name.replace(/\s/g, '').length >= 2, { path: ['name'], message: STAFF_SEARCH_MESSAGES.nameTooShort }),
    z.refine((query) => !query.departure_from || !query.departure_to || query.departure_from <= query.departure_to, {
      path: ['departure_to'],
      message: STAFF_SEARCH_MESSAGES.datesOrdered,
    }),
  );
export type StaffBookingSearch = z.output<typeof staffBookingSearchSchema>;

/** The CSV export takes the same filters and sort; it has no pages. */
export const staffBookingExportSchema = z.omit(staffBookingSearchSchema, { page: true, page_size: true });
export type StaffBookingExport = z.output<typeof staffBookingExportSchema>;

export type BookingSearchField = 'reference' | 'email' | 'name';

/**
 * What the one search box was given: a booking id or reference (digits, or
 * letters-dash-digits), an e-mail address or part of one (it has an '@'),
 * otherwise part of a name.
 */
export function classifyBookingSearch(text: string): { field: BookingSearchField; value: string } {
  const value = text.trim();
  if (/^\d{1,12}$/.test(value) || /^[A-Za-z]{2,5}-\d{1,12}$/.test(value)) return { field: 'reference', value };
  if (value.includes('@')) return { field: 'email', value };
  return { field: 'name', value };
}

export const staffBookingRowSchema = z.object({
  id: z.number(),
  /** Given at settlement; null before. */
  reference: z.nullable(z.string()),
  /** What the customer quotes: the reference, or the booking id until there is one. */
  booking_reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  created_at: isoDateTimeSchema,
  lead: z.nullable(z.object({ name: z.string(), email: z.nullable(z.string()) })),
  tour: z.object({ code: z.string(), name: z.string() }),
  departure: z.object({ id: z.number(), start_date: isoDateSchema, end_date: isoDateSchema }),
  passengers: z.number(),
  /** What the booking's lines come to. */
  total: moneySchema,
  /** Payments taken and not refunded. */
  paid: moneySchema,
  /** Total less paid: what is owed, or below zero what was paid too much. */
  balance: moneySchema,
  agent: z.nullable(z.object({ code: z.string(), name: z.string() })),
  /** Why staff must look at it, when they must. */
  attention: z.nullable(z.object({ code: z.enum(ATTENTION_CODES), reason: z.string() })),
  quote_reason: z.nullable(z.enum(QUOTE_REASONS)),
  /** Every queue of the work queue the booking is in. */
  flags: z.array(z.enum(STAFF_QUEUES)),
});
export type StaffBookingRow = z.infer<typeof staffBookingRowSchema>;

export const staffBookingPageSchema = z.object({
  items: z.array(staffBookingRowSchema),
  /** Bookings matching the filters, over every page. */
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  sort: z.enum(STAFF_BOOKING_SORTS),
  direction: z.enum(SORT_DIRECTIONS),
});

export const staffQueueCountsSchema = z.object({
  items: z.array(z.object({ queue: z.enum(STAFF_QUEUES), count: z.number() })),
});

export const listStaffBookings = defineEndpoint({
  method: 'GET',
  path: '/staff/bookings',
  query: staffBookingSearchSchema,
  response: dataEnvelope(staffBookingPageSchema),
  auth: 'staff',
  permission: 'bookings.read',
  summary:
    'Bookings found by reference, booking id, name, e-mail, tour code, departure dates, status, agent or a work queue; sorted and paged by the server (at most 100 a page) with the count of every match',
});

export const exportStaffBookings = defineEndpoint({
  method: 'GET',
  path: '/staff/bookings.csv',
  query: staffBookingExportSchema,
  response: z.string(),
  responseType: 'text',
  auth: 'staff',
  permission: 'bookings.read',
  summary:
    'Every booking the filters find, in the list’s order, as CSV (RFC 4180; cells that a spreadsheet would read as a formula start with an apostrophe; amounts exact in major units with their currency)',
});

export const getStaffQueue = defineEndpoint({
  method: 'GET',
  path: '/staff/queue',
  response: dataEnvelope(staffQueueCountsSchema),
  auth: 'staff',
  permission: 'bookings.read',
  summary: "The work queue's counts: each queue is GET /staff/bookings?queue=<queue>",
});
