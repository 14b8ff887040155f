import { foldName } from '@tours/domain';
import { sql, type SQL } from 'drizzle-orm';
import { containing } from '../../lib/sql-like.ts';
import { BOOKING_REFERENCE_PREFIX } from './reference.ts';
import { bookingComponents, bookingPassengers, bookings } from './schema.ts';

/**
 * What the bookings module publishes for the staff console's statements
 * (docs/decisions/0017-modules-own-their-tables.md: an owner's SQL fragment
 * in another module's statement): the domain's rules about a booking, written
 * in SQL so a list of thousands is filtered and sorted by the database, each
 * checked against the domain's own function by the tests.
 */


/**
 * What the booking's lines come to, as the domain prices them (priceBookingLines:
 * the sum of the lines, a promotion never taking it below zero), for the
 * booking whose id is `bookingId` (a column of the caller's statement).
 */
export const bookingTotalSql = (bookingId: SQL | typeof bookings.id): SQL<number> =>
  sql<number>`(select cast(greatest(coalesce(sum(${bookingComponents.price}), 0), 0) as integer) from ${bookingComponents} where ${bookingComponents.bookingId} = ${bookingId})`;

/**
 * What bookingTotalSql answers, for many bookings at once: a relation of
 * (booking_id, total) to join in the caller's statement, the lines read once
 * and grouped, for a list that needs the totals of thousands of bookings
 * (the staff console's sorts by total and balance, its CSV). `bookingIds`: a
 * subquery of the bookings wanted (every booking when absent). A booking with
 * no lines is absent: its total is 0.
 */
export const bookingTotalsSql = (bookingIds?: SQL): SQL =>
  sql`select ${bookingComponents.bookingId} as booking_id, cast(greatest(coalesce(sum(${bookingComponents.price}), 0), 0) as integer) as total
      from ${bookingComponents} ${bookingIds ? sql`where ${bookingComponents.bookingId} in (${bookingIds})` : sql``}
      group by ${bookingComponents.bookingId}`;

/** How many passengers travel on the booking. */
export const passengerCountSql = (bookingId: SQL | typeof bookings.id): SQL<number> =>
  sql<number>`(select cast(count(*) as integer) from ${bookingPassengers} where ${bookingPassengers.bookingId} = ${bookingId})`;

/** A passenger has not answered a section of their details (passport, insurance, joining information, arrival time: passengerDetailsComplete negated). */
const detailsUnansweredSql = (): SQL<boolean> =>
  sql<boolean>`(${bookingPassengers.apis} is null or ${bookingPassengers.insurance} is null or ${bookingPassengers.joiningInformation} is null or ${bookingPassengers.arrivalTime} is null)`;

/**
 * What passengerCountSql answers, for many bookings at once: a relation of
 * (booking_id, passengers, details_missing), the passengers read once and
 * grouped, for the bookings of the subquery `bookingIds` (every booking when
 * absent). details_missing: whether one of them has not answered a section
 * (for bookingDetailsIncompleteSql). A booking without passengers is absent.
 */
export const passengerCountsSql = (bookingIds?: SQL): SQL =>
  sql`select ${bookingPassengers.bookingId} as booking_id, cast(count(*) as integer) as passengers, bool_or(${detailsUnansweredSql()}) as details_missing
      from ${bookingPassengers} ${bookingIds ? sql`where ${bookingPassengers.bookingId} in (${bookingIds})` : sql``} group by ${bookingPassengers.bookingId}`;

/**
 * The domain's bookingDetailsComplete, negated, for the bookings row of the
 * caller's statement: where final documents go is not chosen, or a passenger
 * has not answered a section (passport, insurance, joining information,
 * arrival time: passengerDetailsComplete). The passengers are looked up
 * booking by booking, unless the statement has them grouped already
 * (`passengersGrouped`: passengerCountsSql's details_missing, for thousands
 * of bookings).
 */
export function bookingDetailsIncompleteSql(passengersGrouped?: SQL<boolean>): SQL<boolean> {
  const passengerMissing =
    passengersGrouped ?? sql`exists (select 1 from ${bookingPassengers} where ${bookingPassengers.bookingId} = ${bookings.id} and ${detailsUnansweredSql()})`;
  return sql<boolean>`(${bookings.correspondence} is null or ${passengerMissing})`;
}

/**
 * Bookings with a passenger whose name contains `text`, accents and case
 * ignored (foldName, which the generated search_name keeps): a condition on
 * the bookings row of the caller's statement, answered through the trigram index.
 */
export const passengerNameContains = (text: string): SQL<boolean> =>
  sql<boolean>`${bookings.id} in (select ${bookingPassengers.bookingId} from ${bookingPassengers} where ${bookingPassengers.searchName} like ${containing(foldName(text))})`;

/** Bookings with a passenger whose e-mail address contains `text`, case ignored. */
export const passengerEmailContains = (text: string): SQL<boolean> =>
  sql<boolean>`${bookings.id} in (select ${bookingPassengers.bookingId} from ${bookingPassengers} where lower(${bookingPassengers.email}) like ${containing(text.toLowerCase())})`;

/** Settled and holding its places (the domain's isSettled): Confirmed or Optional, with its reference. */
export const isSettledSql = (): SQL<boolean> =>
  sql<boolean>`(${bookings.status} in ('Confirmed', 'Optional') and ${bookings.reference} is not null)`;

/** Still being booked online (the domain's awaitsSettlement): a Quote or Optional booking without its reference. */
export const awaitsSettlementSql = (): SQL<boolean> =>
  sql<boolean>`(${bookings.status} in ('Quote', 'Optional') and ${bookings.reference} is null)`;

/** The largest id an integer column holds: a longer number names no booking. */
const MAX_ID = 2_147_483_647;

/**
 * The booking a person means by a reference ('MER-480153', any case), its
 * digits alone ('480153'), or a booking id ('100123'): the id and the
 * reference are each looked up by their own index.
 */
export function bookingReferenceIs(text: string): SQL<boolean> {
  const value = text.trim().toUpperCase();
  if (!/^\d+$/.test(value)) return sql<boolean>`${bookings.reference} = ${value}`;
  const asReference = sql`${bookings.reference} = ${`${BOOKING_REFERENCE_PREFIX}-${value}`}`;
  const id = Number(value);
  return id <= MAX_ID ? sql<boolean>`(${bookings.id} = ${id} or ${asReference})` : sql<boolean>`${asReference}`;
}
