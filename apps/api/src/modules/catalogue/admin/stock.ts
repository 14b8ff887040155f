import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { sqlInstant, type Instant } from '../../../lib/clock.ts';
import { inventoryReadModel } from '../../inventory/index.ts';

const { allocations } = inventoryReadModel;

/** What bookings took of a stock: sold, held by a live hold now, and whether any booking ever took it (a released one too). */
export interface Taken {
  sold: number;
  held: number;
  booked: boolean;
}

export const NOTHING_TAKEN: Taken = { sold: 0, held: 0, booked: false };

/** Taken counts against a stock when staff change it: sold and live holds, the units a new figure may not go under. */
export const inUse = (taken: Taken): number => taken.sold + taken.held;

/**
 * What is taken of each departure's places and each of its options, by
 * departure and by option (null: the places), in one statement read from
 * the inventory's allocations, whose rows are never deleted while their
 * booking stands: a released row still says the departure was booked.
 */
export async function takenOn(db: Database, departureIds: readonly number[], now: Instant): Promise<Map<number, Map<number | null, Taken>>> {
  const byDeparture = new Map<number, Map<number | null, Taken>>();
  if (departureIds.length === 0) return byDeparture;
  const rows = await db
    .select({
      departureId: allocations.departureId,
      optionId: allocations.optionId,
      sold: sql<number>`cast(coalesce(sum(${allocations.quantity}) filter (where ${allocations.state} = 'sold'), 0) as integer)`,
      held: sql<number>`cast(coalesce(sum(${allocations.quantity}) filter (where ${allocations.state} = 'held' and ${allocations.expiresAt} > ${sqlInstant(now)}), 0) as integer)`,
    })
    .from(allocations)
    .where(inArray(allocations.departureId, [...departureIds]))
    .groupBy(allocations.departureId, allocations.optionId);
  for (const row of rows) {
    const options = byDeparture.get(row.departureId) ?? new Map<number | null, Taken>();
    options.set(row.optionId, { sold: Number(row.sold), held: Number(row.held), booked: true });
    byDeparture.set(row.departureId, options);
  }
  return byDeparture;
}

/** Whether any booking ever took a place or an option of any of the departures. */
export async function anyBooked(db: Database, departureIds: readonly number[]): Promise<boolean> {
  if (departureIds.length === 0) return false;
  const [row] = await db
    .select({ booked: sql<boolean>`exists (select 1 from ${allocations} where ${inArray(allocations.departureId, [...departureIds])})` })
    .from(sql`(select 1) as one`);
  return Boolean(row?.booked);
}

/** In SQL: whether any booking ever took anything of the departures `departureIds` (a subquery of ids). */
export const bookedSql = (departureIds: SQL): SQL<boolean> => sql<boolean>`exists (select 1 from ${allocations} a where a.departure_id in ${departureIds})`;
