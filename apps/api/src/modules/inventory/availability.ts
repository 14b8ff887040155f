import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { allocations } from '../../db/schema/index.ts';

/** An allocation takes its units while sold, or while held and not yet expired. */
export function isActiveAllocation(now: Date): SQL {
  return or(eq(allocations.state, 'sold'), and(eq(allocations.state, 'held'), gt(allocations.expiresAt, now)))!;
}

/** Places taken on each departure (allocations with no option), by departure id. */
export async function placesTaken(db: Database, departureIds: number[], now: Date): Promise<Map<number, number>> {
  if (departureIds.length === 0) return new Map();
  const rows = await db
    .select({ departureId: allocations.departureId, taken: sql<number>`cast(sum(${allocations.quantity}) as integer)` })
    .from(allocations)
    .where(and(inArray(allocations.departureId, departureIds), isNull(allocations.optionId), isActiveAllocation(now)))
    .groupBy(allocations.departureId);
  return new Map(rows.map((row) => [row.departureId, Number(row.taken)]));
}

export const placesLeft = (capacity: number, taken: number | undefined) => Math.max(0, capacity - (taken ?? 0));
