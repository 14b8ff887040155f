import { classifyBookingSearch, type SortDirection, type StaffBookingExport, type StaffBookingSort } from '@tours/domain';
import { and, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { agentsReadModel } from '../agents/index.ts';
import { bookingReferenceIs, bookingsReadModel, passengerEmailContains, passengerNameContains } from '../bookings/index.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { moneyOfEveryBooking } from './money.ts';
import { queueCondition, type QueueDay } from './queues.ts';
import { leadJoin } from './rows.ts';

const { bookings, bookingPassengers } = bookingsReadModel;
const { departures, tours } = catalogueReadModel;
const { agents } = agentsReadModel;

/**
 * The staff list's filters and sorts as SQL over the bookings row and its
 * departure (list.ts joins it). Every filter uses an index of its own: the
 * reference and the id, the trigram indexes of passengers' names and e-mail
 * addresses, the tour's code, the departures' start dates, the statuses, the
 * agent's code, and each queue's own.
 */
export function searchConditions(search: StaffBookingExport, day: QueueDay): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (search.q !== undefined) {
    const { field, value } = classifyBookingSearch(search.q);
    conditions.push(field === 'reference' ? bookingReferenceIs(value) : field === 'email' ? passengerEmailContains(value) : passengerNameContains(value));
  }
  if (search.reference !== undefined) conditions.push(bookingReferenceIs(search.reference));
  if (search.name !== undefined) conditions.push(passengerNameContains(search.name));
  if (search.email !== undefined) conditions.push(passengerEmailContains(search.email));
  if (search.tour !== undefined) conditions.push(sql`${departures.tourId} = (select ${tours.id} from ${tours} where ${tours.code} = ${search.tour.toUpperCase()})`);
  if (search.departure_from !== undefined) conditions.push(gte(departures.startDate, search.departure_from));
  if (search.departure_to !== undefined) conditions.push(lte(departures.startDate, search.departure_to));
  if (search.status !== undefined) conditions.push(inArray(bookings.status, search.status));
  if (search.agent !== undefined) conditions.push(sql`${bookings.agentId} = (select ${agents.id} from ${agents} where ${agents.code} = ${search.agent.toUpperCase()})`);
  if (search.queue !== undefined) conditions.push(queueCondition(search.queue, day));
  return and(...conditions);
}

/**
 * What a sort orders by (the booking id breaks ties, so paging is stable),
 * and the joins it needs besides the departure: the lead passenger for the
 * lead's name, every booking's money for total and balance. Only the lead's
 * name may be missing (a booking without passengers), and it comes last
 * either way.
 */
export interface SortKey {
  key: SQL;
  joins: SQL;
  nullsLast: boolean;
}

export function sortKey(sort: StaffBookingSort): SortKey {
  const plain = (key: SQL): SortKey => ({ key, joins: sql``, nullsLast: false });
  switch (sort) {
    case 'created':
      return plain(sql`${bookings.createdAt}`);
    case 'departure':
      return plain(sql`${departures.startDate}`);
    case 'reference':
      // A booking without a reference is known by its id until settlement gives it one.
      return plain(sql`coalesce(${bookings.reference}, cast(${bookings.id} as text))`);
    case 'lead_name':
      // Family name, then given name, case ignored.
      return { key: sql`lower(${bookingPassengers.familyName} || ' ' || ${bookingPassengers.givenName})`, joins: leadJoin(), nullsLast: true };
    case 'total': {
      const money = moneyOfEveryBooking();
      return { key: money.total, joins: money.joins, nullsLast: false };
    }
    case 'balance': {
      const money = moneyOfEveryBooking();
      return { key: sql`(${money.total} - ${money.paid})`, joins: money.joins, nullsLast: false };
    }
    case 'status':
      // In words, as a person reading the column expects: Cancelled, Confirmed, Optional, Quote, Unconfirmed.
      return plain(sql`cast(${bookings.status} as text)`);
  }
}

export const directionSql = (direction: SortDirection): SQL => (direction === 'asc' ? sql`asc` : sql`desc`);

/** ORDER BY the sort key (a column named sort_key), then the booking id (a column named id), both in the search's direction. */
export const orderOf = (search: StaffBookingExport, key: SortKey, prefix: SQL): SQL => {
  const direction = directionSql(search.direction);
  return sql`${prefix}sort_key ${direction}${key.nullsLast ? sql` nulls last` : sql``}, ${prefix}id ${direction}`;
};
