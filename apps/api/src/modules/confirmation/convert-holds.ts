import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { lockDepartureForAllocation, lockOptions } from '../catalogue/index.ts';
import { allocationsToSell, sellAllocations, shortages, unitsTaken, type Need } from '../inventory/index.ts';

/** The units the booking held have gone to someone else since its holds lapsed. */
export class PlacesGoneError extends Error {
  override name = 'PlacesGoneError';
  constructor(
    message: string,
    /** What is short: places on the departure (optionId null) or an option's units, and how many were needed. */
    readonly missing: readonly Need[] = [],
  ) {
    super(message);
  }
}

/** The booking holds nothing to confirm (no selections were ever made, or they were replaced by nothing). */
export class NothingHeldError extends Error {
  override name = 'NothingHeldError';
}

/**
 * Turns the booking's current allocations into sales. Its current allocations
 * are the rows priced by its current lines (component_id set): held ones, and
 * ones the sweeper released once their session ended. Called inside the
 * confirming transaction with the booking row already locked; takes the
 * departure's lock next and the option rows' after that (ADR 0002's order:
 * the catalogue locks its rows, inventory reads and sells the allocations),
 * and judges holds by the database's clock (clock_timestamp(), read by the
 * statements that run once the departure lock is held), so no other
 * booking can be allocating on the departure while holds are judged live, and
 * every replica judges them alike.
 *
 * Live holds become sold as they are. When any has lapsed, the same units are
 * taken again if they are still free (others' live holds and sales counted,
 * under the locks), otherwise PlacesGoneError and the transaction rolls back.
 */
export async function convertHolds(db: Database, booking: { id: number; departureId: number }, clock: Clock): Promise<{ sold: number; retaken: number }> {
  const departure = await lockDepartureForAllocation(db, booking.departureId);
  if (!departure) throw new NothingHeldError('The booking’s departure no longer exists.');
  const now = clock.databaseNow();

  const rows = await allocationsToSell(db, booking.id, now);
  if (rows.length === 0) throw new NothingHeldError('The booking holds no places to confirm.');

  const lapsed = rows.filter((row) => row.lapsed);
  if (lapsed.length > 0) {
    const optionIds = [...new Set(rows.flatMap((row) => (row.optionId === null ? [] : [row.optionId])))].sort((a, b) => a - b);
    const inventory = await lockOptions(db, optionIds);
    const taken = await unitsTaken(db, booking.departureId, now, booking.id);
    const needs = new Map<number | null, Need>();
    for (const row of rows) {
      const need = needs.get(row.optionId) ?? { optionId: row.optionId, units: 0, label: row.optionId === null ? 'places on the tour' : `option ${row.optionId}` };
      need.units += row.quantity;
      needs.set(row.optionId, need);
    }
    const short = shortages([...needs.values()], { capacity: departure.capacity, inventory: (id) => inventory.get(id) ?? 0 }, taken);
    if (short.length > 0) throw new PlacesGoneError(`No longer available: ${short.map((need) => need.label).join(', ')}.`, short);
  }

  await sellAllocations(db, rows.map((row) => row.id), clock.now());
  return { sold: rows.length, retaken: lapsed.length };
}
