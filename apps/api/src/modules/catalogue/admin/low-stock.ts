import type { LowStockItem } from '@tours/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';
import { sqlInstant, sqlOperatorDate, type Instant } from '../../../lib/clock.ts';
import { inventoryReadModel } from '../../inventory/index.ts';
import { departures, tours } from '../schema/departures.ts';
import { accommodations, departureOptions } from '../schema/options.ts';

const { allocations } = inventoryReadModel;
const LISTED = 50;

interface Row {
  departure_id: number;
  tour_id: number;
  tour_code: string;
  tour_name: string;
  start_date: string;
  kind: LowStockItem['kind'];
  name: string;
  stock: number;
  left: number;
  total: number;
}

/**
 * What is nearly sold out on open departures yet to start: places, or any
 * open option, with at most `threshold` left (what is sold and held now
 * taken off), the soonest departure first. One statement: the taken units
 * are summed once per departure and option over the open departures only.
 */
export async function lowStock(db: Database, threshold: number, now: Instant): Promise<{ items: LowStockItem[]; total: number }> {
  const rows = await queryRows<Row>(
    db,
    sql`with open_departures as (
        select ${departures.id} as id, ${departures.tourId} as tour_id, ${departures.startDate} as start_date, ${departures.capacity} as capacity
        from ${departures} where ${departures.status} = 'open' and ${departures.startDate} > ${sqlOperatorDate(now)}
      ), taken as (
        select ${allocations.departureId} as departure_id, coalesce(${allocations.optionId}, 0) as option_id, sum(${allocations.quantity}) as units
        from ${allocations} join open_departures d on d.id = ${allocations.departureId}
        where ${allocations.state} = 'sold' or (${allocations.state} = 'held' and ${allocations.expiresAt} > ${sqlInstant(now)})
        group by 1, 2
      ), stocks as (
        select d.id as departure_id, d.tour_id, d.start_date, 'places' as kind, 'Places' as name, d.capacity as stock, 0 as option_id, 0 as position
        from open_departures d
        union all
        select d.id, d.tour_id, d.start_date, cast(o.kind as text),
          case when o.kind = 'room' then coalesce(h.name || ': ', '') || o.name else o.name end, o.inventory, o.id, o.position + 1
        from open_departures d join ${departureOptions} o on o.departure_id = d.id and not o.closed
        left join ${accommodations} h on h.id = o.accommodation_id
      ), low as (
        select s.*, greatest(0, s.stock - cast(coalesce(t.units, 0) as integer)) as left
        from stocks s left join taken t on t.departure_id = s.departure_id and t.option_id = s.option_id
      )
      select low.departure_id, low.tour_id, ${tours.code} as tour_code, ${tours.name} as tour_name, cast(low.start_date as text) as start_date,
        low.kind, low.name, low.stock, low.left, cast(count(*) over () as integer) as total
      from low join ${tours} on ${tours.id} = low.tour_id
      where low.left <= ${threshold}
      order by low.start_date, ${tours.code}, low.kind <> 'places', low.position, low.option_id
      limit ${LISTED}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((row) => ({
      departure_id: Number(row.departure_id),
      tour_id: Number(row.tour_id),
      tour_code: row.tour_code,
      tour_name: row.tour_name,
      start_date: row.start_date,
      kind: row.kind,
      name: row.name,
      stock: Number(row.stock),
      left: Number(row.left),
    })),
  };
}
