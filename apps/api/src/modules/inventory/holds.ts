import { and, eq, isNotNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { allocations } from '../../db/schema/index.ts';

/**
 * Holds: allocations in state 'held' that lapse at `expires_at` (the booking
 * session's end). They are written only inside a transaction that holds the
 * departure's row lock (options/repository.ts loadOffer), after the units
 * left were checked under that lock.
 */

/**
 * Gives back everything the booking holds, and unhooks its released rows from
 * the component lines they were priced by, so those lines can be replaced.
 * Sold allocations are never touched here.
 */
export async function releaseBookingHolds(db: Database, bookingId: number, now: Date): Promise<void> {
  await db
    .update(allocations)
    .set({ state: 'released', componentId: null, updatedAt: now })
    .where(
      and(
        eq(allocations.bookingId, bookingId),
        ne(allocations.state, 'sold'),
        or(eq(allocations.state, 'held'), isNotNull(allocations.componentId)),
      ),
    );
}

export interface HoldLine {
  /** Null for a place on the departure itself. */
  optionId: number | null;
  componentId: number;
  passengerIds: readonly number[];
}

/** One held unit per passenger of each line, all lapsing together. */
export async function placeHolds(
  db: Database,
  hold: { bookingId: number; departureId: number; expiresAt: Date; lines: readonly HoldLine[] },
): Promise<number> {
  const rows = hold.lines.flatMap((line) =>
    line.passengerIds.map((passengerId) => ({
      bookingId: hold.bookingId,
      departureId: hold.departureId,
      optionId: line.optionId,
      componentId: line.componentId,
      passengerId,
      quantity: 1,
      state: 'held' as const,
      expiresAt: hold.expiresAt,
    })),
  );
  if (rows.length > 0) await db.insert(allocations).values(rows);
  return rows.length;
}

export interface Need {
  /** Null for places on the departure. */
  optionId: number | null;
  units: number;
  label: string;
}

/**
 * The needs that cannot be met: stock (capacity or inventory) minus what is
 * taken is below what is asked. Empty when everything fits.
 */
export function shortages(
  needs: readonly Need[],
  stock: { capacity: number; inventory: (optionId: number) => number },
  taken: { places: number; byOption: ReadonlyMap<number, number> },
): Need[] {
  return needs.filter((need) => {
    const left =
      need.optionId === null
        ? stock.capacity - taken.places
        : stock.inventory(need.optionId) - (taken.byOption.get(need.optionId) ?? 0);
    return left < need.units;
  });
}
