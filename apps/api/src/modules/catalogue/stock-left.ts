import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Instant } from '../../lib/clock.ts';
import { inventoryReadModel, isActiveAllocation } from '../inventory/index.ts';
import { departures } from './schema/departures.ts';
import { departureOptions } from './schema/options.ts';

const { allocations } = inventoryReadModel;

export interface StockLeft {
  /** Places left on the departure for this booking (its own holds not counted against it). */
  places: number;
  /** Units left of each of the given options of the departure, with its name; options of other departures are absent. */
  options: Map<number, { name: string; left: number }>;
}

/**
 * What is left of the departure's places and of the given options, read in
 * one statement without any lock. A committed reading: what it finds sold
 * out was sold out at that instant, so a request for it can be refused at
 * once (selections/service.ts), while anything it finds in stock is checked
 * again under the departure's lock before a unit is held (ADR 0002).
 */
export async function stockLeft(db: Database, input: { departureId: number; bookingId: number; optionIds: readonly number[]; now: Instant }): Promise<StockLeft | null> {
  const active = and(isActiveAllocation(input.now), ne(allocations.bookingId, input.bookingId));
  const taken = (optionMatch: ReturnType<typeof sql>) =>
    sql<number>`coalesce((select cast(sum(${allocations.quantity}) as integer) from ${allocations}
      where ${allocations.departureId} = ${input.departureId} and ${optionMatch} and ${active}), 0)`;
  const [departure] = await db
    .select({
      places: sql<number>`${departures.capacity} - ${taken(sql`${allocations.optionId} is null`)}`,
      options:
        input.optionIds.length === 0
          ? sql<null>`null`
          : sql<{ id: number; name: string; left: number }[] | null>`(select json_agg(json_build_object('id', o.id, 'name', o.name, 'left', o.inventory - ${taken(sql`${allocations.optionId} = o.id`)}))
              from ${departureOptions} o where o.departure_id = ${input.departureId} and ${inArray(sql`o.id`, [...input.optionIds])})`,
    })
    .from(departures)
    .where(eq(departures.id, input.departureId));
  if (!departure) return null;
  const options = new Map<number, { name: string; left: number }>();
  for (const option of departure.options ?? []) options.set(Number(option.id), { name: option.name, left: Number(option.left) });
  return { places: Number(departure.places), options };
}
