import type { StaffBookingExport, StaffBookingRow, StaffBookingSearch } from '@tours/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import type { Instant } from '../../lib/clock.ts';
import { bookingsReadModel } from '../bookings/index.ts';
import { departureJoins, leadAndAgentJoins, presentRow, rowColumns, type BookingRowRecord } from './rows.ts';
import { directionSql, searchConditions, sortKey } from './search.ts';

const { bookings } = bookingsReadModel;

/** The bookings the filters find, as (id, sort key): the one place both the page and the export start from. */
function matched(search: StaffBookingExport, now: Instant): SQL {
  const where = searchConditions(search, now);
  return sql`select ${bookings.id} as id, ${sortKey(search.sort)} as sort_key from ${bookings} ${departureJoins()} ${where ? sql`where ${where}` : sql``}`;
}

const orderOf = (search: StaffBookingExport, prefix: SQL) => {
  const direction = directionSql(search.direction);
  return sql`${prefix}sort_key ${direction} nulls last, ${prefix}id ${direction}`;
};

/**
 * One page of the staff list and the count of every booking the filters
 * find, in one statement: the matches are worked out once (a CTE read twice
 * is materialised once), counted, and only the page's bookings are read in
 * full. Offsets are bounded (STAFF_MAX_PAGE) and the sort keys indexed.
 */
export async function listBookings(db: Database, search: StaffBookingSearch, now: Instant): Promise<{ items: StaffBookingRow[]; total: number }> {
  const offset = (search.page - 1) * search.page_size;
  const rows = await queryRows<BookingRowRecord & { total_count: number; sort_key: unknown }>(
    db,
    sql`with matched as (${matched(search, now)}),
      page as (select id, sort_key from matched order by ${orderOf(search, sql``)} limit ${search.page_size} offset ${offset})
      select counted.total_count, r.* from (select cast(count(*) as integer) as total_count from matched) counted
      left join lateral (
        select page.sort_key, ${rowColumns(now)}
        from page inner join ${bookings} on ${bookings.id} = page.id ${departureJoins()} ${leadAndAgentJoins()}
      ) r on true
      order by ${orderOf(search, sql`r.`)}`,
  );
  return {
    total: Number(rows[0]?.total_count ?? 0),
    items: rows.filter((row) => row.id !== null).map(presentRow),
  };
}

/** Every booking the filters find, in the list's order, for the CSV export. */
export async function exportBookings(db: Database, search: StaffBookingExport, now: Instant): Promise<StaffBookingRow[]> {
  const rows = await queryRows<BookingRowRecord>(
    db,
    sql`with matched as (${matched(search, now)})
      select matched.sort_key, ${rowColumns(now)}
      from matched inner join ${bookings} on ${bookings.id} = matched.id ${departureJoins()} ${leadAndAgentJoins()}
      order by ${orderOf(search, sql`matched.`)}`,
  );
  return rows.map(presentRow);
}
