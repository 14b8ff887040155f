import { and, asc, eq, gt, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sqlInstant, type Instant } from '../../lib/clock.ts';
import { allocations } from './schema.ts';

/**
 * Holds: allocations in state 'held' that lapse at `expires_at` (the booking
 * session's end). They are written only inside a transaction that holds the
 * departure's row lock (catalogue/offer.ts loadOffer), after the units
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

/**
 * Keeps the booking's live holds until `until` (when a card form opened for
 * it stops taking money), so a payment never arrives for places already
 * given away. Holds that lapsed by `now` (the database's clock) stay lapsed;
 * none is shortened.
 */
export async function extendHolds(db: Database, input: { bookingId: number; until: Date; now: Instant; updatedAt: Date }): Promise<void> {
  await db
    .update(allocations)
    .set({ expiresAt: input.until, updatedAt: input.updatedAt })
    .where(
      and(
        eq(allocations.bookingId, input.bookingId),
        eq(allocations.state, 'held'),
        gt(allocations.expiresAt, sqlInstant(input.now)),
        lt(allocations.expiresAt, input.until),
      ),
    );
}

/** An allocation a confirmation is about to sell, and whether its hold lapsed (or was released) by then. */
export interface AllocationToSell {
  id: number;
  optionId: number | null;
  quantity: number;
  lapsed: boolean;
}

/**
 * The booking's current allocations not yet sold: the rows priced by its
 * current lines (component_id set), held ones and ones the sweeper released
 * once their session ended, oldest first. Holds are judged by `now`, the
 * database's clock. The caller holds the departure's lock (ADR 0002).
 */
export async function allocationsToSell(db: Database, bookingId: number, now: Instant): Promise<AllocationToSell[]> {
  return db
    .select({
      id: allocations.id,
      optionId: allocations.optionId,
      quantity: allocations.quantity,
      lapsed: sql<boolean>`(${allocations.state} = 'released' or ${allocations.expiresAt} is null or ${allocations.expiresAt} <= ${now})`,
    })
    .from(allocations)
    .where(and(eq(allocations.bookingId, bookingId), isNotNull(allocations.componentId), ne(allocations.state, 'sold')))
    .orderBy(asc(allocations.id));
}

/** The allocations are sold: they count until released, whatever the clock says. */
export async function sellAllocations(db: Database, allocationIds: readonly number[], now: Date): Promise<void> {
  await db
    .update(allocations)
    .set({ state: 'sold', expiresAt: null, updatedAt: now })
    .where(inArray(allocations.id, [...allocationIds]));
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

/**
 * Gives back everything the booking holds or bought (a cancellation): every
 * allocation not yet released is released, sold ones included, so its
 * places, rooms, seats, extras and nights are free for others the moment the
 * transaction commits. The rows keep their lines (component_id): what the
 * booking had stays on record. Answers the units released.
 */
export async function releaseBookingAllocations(db: Database, bookingId: number, now: Date): Promise<number> {
  const rows = await db
    .update(allocations)
    .set({ state: 'released', expiresAt: null, updatedAt: now })
    .where(and(eq(allocations.bookingId, bookingId), ne(allocations.state, 'released')))
    .returning({ quantity: allocations.quantity });
  return rows.reduce((sum, row) => sum + row.quantity, 0);
}
