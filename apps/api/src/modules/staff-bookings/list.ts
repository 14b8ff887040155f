import type { StaffBookingRow, StaffBookingSearch } from '@tours/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { bookingsReadModel } from '../bookings/index.ts';
import { moneyOfEachRow } from './money.ts';
import { departureJoin, departureJoins, leadAndAgentJoins, presentRow, rowColumns, type BookingRowRecord } from './rows.ts';
import type { QueueDay } from './queues.ts';
import { orderOf, searchConditions, sortKey, type SortKey } from './search.ts';

const { bookings } = bookingsReadModel;

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
