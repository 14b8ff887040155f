import { and, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { allocations } from './schema.ts';
import { sqlInstant, type Instant } from '../../lib/clock.ts';

/**
 * An allocation takes its units while sold, or while held and not yet
 * expired. `now` is the database's clock (Clock.databaseNow()), so every
 * replica judges a hold's expiry alike whatever its own clock says.
 */
export function isActiveAllocation(now: Instant): SQL {
  return or(eq(allocations.state, 'sold'), and(eq(allocations.state, 'held'), gt(allocations.expiresAt, sqlInstant(now))))!;
}

/** Places taken on each departure (allocations with no option), by departure id. */
export async function placesTaken(db: Database, departureIds: number[], now: Instant): Promise<Map<number, number>> {
  if (departureIds.length === 0) return new Map();
  const rows = await db
    .select({ departureId: allocations.departureId, taken: sql<number>`cast(sum(${allocations.quantity}) as integer)` })
    .from(allocations)
    .where(and(inArray(allocations.departureId, departureIds), isNull(allocations.optionId), isActiveAllocation(now)))
    .groupBy(allocations.departureId);
  return new Map(rows.map((row) => [row.departureId, Number(row.taken)]));
}

export const placesLeft = (capacity: number, taken: number | undefined) => unitsLeft(capacity, taken);

export interface UnitsTaken {
  /** Places on the departure itself. */
  places: number;
  /** Units of each option, by option id; options nobody holds are absent. */
  byOption: Map<number, number>;
}

/**
 * Everything taken on one departure, in one query: places and every option's
 * units. `exceptBooking` leaves a booking's own allocations out, which is what
 * that booking may still choose from: resubmitting its selections gives its
 * own holds back before taking new ones.
 */
export async function unitsTaken(db: Database, departureId: number, now: Instant, exceptBooking?: number): Promise<UnitsTaken> {
  const rows = await db
    .select({ optionId: allocations.optionId, taken: sql<number>`cast(sum(${allocations.quantity}) as integer)` })
    .from(allocations)
    .where(
      and(
        eq(allocations.departureId, departureId),
        isActiveAllocation(now),
        exceptBooking === undefined ? undefined : ne(allocations.bookingId, exceptBooking),
      ),
    )
    .groupBy(allocations.optionId);
  const taken: UnitsTaken = { places: 0, byOption: new Map() };
  for (const row of rows) {
    if (row.optionId === null) taken.places = Number(row.taken);
    else taken.byOption.set(row.optionId, Number(row.taken));
  }
  return taken;
}

/** Units left of a stock: never reported below 0, even if an operator shrank it under what is sold. */
export const unitsLeft = (stock: number, taken: number | undefined) => Math.max(0, stock - (taken ?? 0));

/** What one booking holds or bought on a departure, per option (null: places), as the option lists' cache keeps it. */
export interface BookingUnits {
  bookingId: number;
  optionId: number | null;
  taken: number;
}

/**
 * Everything taken on one departure, by booking, in one query: the shared
 * part of every booking's option lists. takenExcept() then gives any one
 * booking's view (others' holds and sales) without asking the database again.
 */
export async function unitsTakenByBooking(db: Database, departureId: number, now: Instant): Promise<BookingUnits[]> {
  const rows = await db
    .select({ bookingId: allocations.bookingId, optionId: allocations.optionId, taken: sql<number>`cast(sum(${allocations.quantity}) as integer)` })
    .from(allocations)
    .where(and(eq(allocations.departureId, departureId), isActiveAllocation(now)))
    .groupBy(allocations.bookingId, allocations.optionId);
  return rows.map((row) => ({ ...row, taken: Number(row.taken) }));
}

/** unitsTaken(db, departureId, now, exceptBooking) computed from unitsTakenByBooking's rows. */
export function takenExcept(rows: readonly BookingUnits[], exceptBooking: number): UnitsTaken {
  const taken: UnitsTaken = { places: 0, byOption: new Map() };
  for (const row of rows) {
    if (row.bookingId === exceptBooking) continue;
    if (row.optionId === null) taken.places += row.taken;
    else taken.byOption.set(row.optionId, (taken.byOption.get(row.optionId) ?? 0) + row.taken);
  }
  return taken;
}

/** Whether the booking's selections are in force: it holds (or has bought) at least one unit now, by the database's clock. */
export async function hasLiveSelections(db: Database, bookingId: number, now: Instant): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(allocations)
    .where(and(eq(allocations.bookingId, bookingId), isActiveAllocation(now)));
  return Number(row?.n ?? 0) > 0;
}

/**
 * A read model for other owners' statements: whether the booking named by
 * `bookingId` (a column of theirs) holds units whose hold has lapsed by
 * `now` (the database's clock): reconciliation asks the provider about such
 * a booking's open payment request before the sweeper may release them.
 */
export const lapsedHoldExists = (bookingId: SQL, now: Instant): SQL =>
  sql`exists (select 1 from allocations a where a.booking_id = ${bookingId} and a.state = 'held' and a.expires_at <= ${now})`;
