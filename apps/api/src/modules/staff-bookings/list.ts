import type { StaffBookingExport, StaffBookingRow, StaffBookingSearch } from '@tours/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { bookingsReadModel, passengerCountsSql } from '../bookings/index.ts';
import { csvLineSql } from './csv.ts';
import { moneyOfEachRow, moneyOfEveryBooking } from './money.ts';
import { departureJoin, departureJoins, leadAndAgentJoins, presentRow, rowColumns, type BookingRowRecord } from './rows.ts';
import type { QueueDay } from './queues.ts';
import { directionSql, searchConditions, sortKey, type SortKey } from './search.ts';

const { bookings } = bookingsReadModel;

/** ORDER BY the sort key (a column named sort_key), then the booking id, both in the search's direction. */
const orderOf = (search: StaffBookingExport, key: SortKey, prefix: SQL) => {
  const direction = directionSql(search.direction);
  return sql`${prefix}sort_key ${direction}${key.nullsLast ? sql` nulls last` : sql``}, ${prefix}id ${direction}`;
};

/**
 * The ids (and sort keys) of the page's bookings, and how many bookings the
 * filters find, as two relations of the list's statement: `page (id,
 * sort_key)` and `counted (total_count)`.
 *  - With no filter (the whole list, its first view), the page comes straight
 *    from the sort: an index in the sort's order (created, status and created,
 *    the departures' dates) serves a page without sorting the rest, and the
 *    count is the table's.
 *  - With filters, the matches are worked out once (a CTE read twice is
 *    materialised once), whatever the filters cost (a queue of balances reads
 *    every booking's money), then counted and sorted.
 */
function pageAndCount(search: StaffBookingSearch, day: QueueDay, key: SortKey): SQL {
  const offset = (search.page - 1) * search.page_size;
  const where = searchConditions(search, day);
  if (!where) {
    return sql`page as (
        select ${bookings.id} as id, ${key.key} as sort_key from ${bookings} ${departureJoin()} ${key.joins}
        order by ${orderOf(search, key, sql``)} limit ${search.page_size} offset ${offset}),
      counted as (select cast(count(*) as integer) as total_count from ${bookings})`;
  }
  return sql`matched as (select ${bookings.id} as id, ${key.key} as sort_key from ${bookings} ${departureJoin()} ${key.joins} where ${where}),
      page as (select id, sort_key from matched order by ${orderOf(search, key, sql``)} limit ${search.page_size} offset ${offset}),
      counted as (select cast(count(*) as integer) as total_count from matched)`;
}

/**
 * One page of the staff list and the count of every booking the filters
 * find, in one statement: the page's 25 to 100 bookings are read in full once
 * chosen (pageAndCount), each booking's money looked up once for its columns
 * and its flags. Offsets are bounded (STAFF_MAX_PAGE); a sort by total or
 * balance reads every booking's money grouped, once.
 */
export async function listBookings(db: Database, search: StaffBookingSearch, day: QueueDay): Promise<{ items: StaffBookingRow[]; total: number }> {
  const key = sortKey(search.sort);
  const money = moneyOfEachRow();
  const rows = await queryRows<BookingRowRecord & { total_count: number; sort_key: unknown }>(
    db,
    sql`with ${pageAndCount(search, day, key)}
      select counted.total_count, r.* from counted
      left join lateral (
        select page.sort_key, ${rowColumns(day, money)}
        from page inner join ${bookings} on ${bookings.id} = page.id ${departureJoins()} ${leadAndAgentJoins()} ${money.joins}
      ) r on true
      order by ${orderOf(search, key, sql`r.`)}`,
  );
  return {
    total: Number(rows[0]?.total_count ?? 0),
    items: rows.filter((row) => row.id !== null).map(presentRow),
  };
}

/**
 * The CSV lines of every booking the filters find, in the list's order, in
 * one statement that writes them (csv.ts's csvLineSql) and hands them over as
 * one text: a season's 20,000 lines cross from the database as one value,
 * not as 20,000 rows of 20 columns to build into objects and write out.
 * Each money table and the passengers are read once, grouped: whole for the
 * whole list, or for the matches alone when filters choose them first. The
 * rows' own joins (the lead passenger, the money) are the ones a sort by
 * name, total or balance reads.
 */
export async function exportBookingLines(db: Database, search: StaffBookingExport, day: QueueDay): Promise<string> {
  const key = sortKey(search.sort);
  const where = searchConditions(search, day);
  const matchedIds = where ? sql`select id from matched` : undefined;
  const money = moneyOfEveryBooking(matchedIds);
  const line = csvLineSql(
    { money, passengers: sql`coalesce(party.passengers, 0)`, detailsMissing: sql<boolean>`coalesce(party.details_missing, false)`, day },
    'booking_line',
  );
  const [row] = await queryRows<{ lines: string | null }>(
    db,
    sql`${where ? sql`with matched as (select ${bookings.id} as id from ${bookings} ${departureJoin()} where ${where}) ` : sql``}
      select string_agg(${line.line}, '' order by ${orderOf(search, key, sql`booking_line.`)}) as lines from (
        select ${key.key} as sort_key, ${bookings.id} as id, ${line.values}
        from ${where ? sql`matched inner join ${bookings} on ${bookings.id} = matched.id` : sql`${bookings}`}
          ${departureJoins()} ${leadAndAgentJoins()} ${money.joins}
          left join (${passengerCountsSql(matchedIds)}) as party on party.booking_id = ${bookings.id}
        offset 0
      ) as booking_line`,
  );
  return row?.lines ?? '';
}
