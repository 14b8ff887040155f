import { classifyBookingSearch, type SortDirection, type StaffBookingExport, type StaffBookingSort } from '@tours/domain';
import { and, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Instant } from '../../lib/clock.ts';
import { agentsReadModel } from '../agents/index.ts';
import { bookingReferenceIs, bookingsReadModel, bookingTotalSql, passengerEmailContains, passengerNameContains } from '../bookings/index.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { amountPaidSql } from '../payments/index.ts';
import { queueCondition } from './queues.ts';

const { bookings, bookingPassengers } = bookingsReadModel;
const { departures, tours } = catalogueReadModel;
const { agents } = agentsReadModel;

/**
 * The staff list's filters and sorts as SQL over the bookings row, its
 * departure and its tour (list.ts joins them). Every filter uses an index of
 * its own: the reference and the id, the trigram indexes of passengers' names
 * and e-mail addresses, the tour's code, the departures' start dates, the
 * statuses, the agent's code, and each queue's own.
 */
export function searchConditions(search: StaffBookingExport, now: Instant): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (search.q !== undefined) {
    const { field, value } = classifyBookingSearch(search.q);
    conditions.push(field === 'reference' ? bookingReferenceIs(value) : field === 'email' ? passengerEmailContains(value) : passengerNameContains(value));
  }
  if (search.reference !== undefined) conditions.push(bookingReferenceIs(search.reference));
  if (search.name !== undefined) conditions.push(passengerNameContains(search.name));
  if (search.email !== undefined) conditions.push(passengerEmailContains(search.email));
  if (search.tour !== undefined) conditions.push(sql`${tours.code} = ${search.tour.toUpperCase()}`);
  if (search.departure_from !== undefined) conditions.push(gte(departures.startDate, search.departure_from));
  if (search.departure_to !== undefined) conditions.push(lte(departures.startDate, search.departure_to));
  if (search.status !== undefined) conditions.push(inArray(bookings.status, search.status));
  if (search.agent !== undefined) conditions.push(sql`${bookings.agentId} = (select ${agents.id} from ${agents} where ${agents.code} = ${search.agent.toUpperCase()})`);
  if (search.queue !== undefined) conditions.push(queueCondition(search.queue, now));
  return and(...conditions);
}

/**
 * The lead passenger's name as the list sorts it: family name, then given
 * name, case ignored; a scalar subquery over the one-lead index.
 */
const leadNameKey = sql`(select lower(${bookingPassengers.familyName} || ' ' || ${bookingPassengers.givenName}) from ${bookingPassengers} where ${bookingPassengers.bookingId} = ${bookings.id} and ${bookingPassengers.isLead})`;

/** The value each sort orders by; the booking id breaks ties, so paging is stable. */
export function sortKey(sort: StaffBookingSort): SQL {
  switch (sort) {
    case 'created':
      return sql`${bookings.createdAt}`;
    case 'departure':
      return sql`${departures.startDate}`;
    case 'reference':
      // A booking without a reference is known by its id until settlement gives it one.
      return sql`coalesce(${bookings.reference}, cast(${bookings.id} as text))`;
    case 'lead_name':
      return leadNameKey;
    case 'total':
      return bookingTotalSql(bookings.id);
    case 'balance':
      return sql`(${bookingTotalSql(bookings.id)} - ${amountPaidSql(sql`${bookings.id}`)})`;
    case 'status':
      // In words, as a person reading the column expects: Cancelled, Confirmed, Optional, Quote, Unconfirmed.
      return sql`cast(${bookings.status} as text)`;
  }
}

export const directionSql = (direction: SortDirection): SQL => (direction === 'asc' ? sql`asc` : sql`desc`);
