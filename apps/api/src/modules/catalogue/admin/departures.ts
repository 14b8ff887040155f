import { CATALOGUE_MESSAGES, CURRENCIES, departureEtag, type DepartureValues, type PricesInput } from '@tours/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/http-error.ts';
import { assertIfMatch } from '../../../lib/if-match.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../../lib/pg-errors.ts';
import { departurePrices, departures, tours } from '../schema/departures.ts';
import { audit, conflictOn, differences, type CatalogueChange } from './change.ts';
import { departureRecord } from './read-departure.ts';
import { inUse, NOTHING_TAKEN, takenOn } from './stock.ts';

/**
 * A tour's departures: dates, status, places, visibility and prices. Every
 * change takes the departure's row lock, the one every hold takes before it
 * counts places (catalogue/offer.ts), so a change of places and a hold never
 * pass each other: the places are checked against what is sold and held as
 * it stands once both are serialised.
 */

const dateTaken = () => conflictOn({ start_date: CATALOGUE_MESSAGES.departureExists });

/** Every currency's price in one statement. */
async function writePrices(tx: Database, departureId: number, prices: PricesInput): Promise<void> {
  await tx
    .insert(departurePrices)
    .values(CURRENCIES.map((currency) => ({ departureId, currency, pricePerPerson: prices[currency] })))
    .onConflictDoUpdate({ target: [departurePrices.departureId, departurePrices.currency], set: { pricePerPerson: sql.raw('excluded.price_per_person') } });
}

/** The departure's fields as a form edits them: its audit entries' before and after. */
export const valuesOf = (record: NonNullable<Awaited<ReturnType<typeof departureRecord>>>): DepartureValues => ({
  start_date: record.departure.startDate,
  end_date: record.departure.endDate,
  status: record.departure.status,
  hidden: record.departure.hidden,
  places: record.departure.capacity,
  prices: record.prices,
  balance_due_days: record.departure.balanceDueDays,
  deposit_percent: record.departure.depositPercent,
});

/** Adds the departure and its prices, audited, in the caller's transaction (the console's call, the CSV import, the seed). */
export async function insertDeparture(tx: Database, tourId: number, values: DepartureValues, change: CatalogueChange): Promise<number> {
  const [row] = await tx
    .insert(departures)
    .values({ tourId, startDate: values.start_date, endDate: values.end_date, status: values.status, hidden: values.hidden, capacity: values.places, balanceDueDays: values.balance_due_days, depositPercent: values.deposit_percent })
    .returning({ id: departures.id });
  await writePrices(tx, row!.id, values.prices);
  await audit(tx, change, { action: 'catalogue.departure-added', entityType: 'departure', entityId: row!.id, before: null, after: { tour_id: tourId, ...values } });
  return row!.id;
}

export async function createDeparture(db: Database, tourId: number, values: DepartureValues, change: CatalogueChange): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [tour] = await tx.select({ id: tours.id }).from(tours).where(eq(tours.id, tourId)).for('key share');
      if (!tour) throw notFound(CATALOGUE_MESSAGES.notFound);
      return insertDeparture(tx, tourId, values, change);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'departures_tour_start_unique')) throw dateTaken();
    throw error;
  }
}

/**
 * Locks the departure's row (FOR UPDATE: it waits for any hold in progress,
 * which holds NO KEY UPDATE, and keeps new ones out until it commits) and
 * checks it is the version the caller read. Options are changed under this
 * lock and this version too.
 */
export async function lockDeparture(tx: Database, departureId: number, ifMatch: readonly string[] | null) {
  const [locked] = await tx.select({ id: departures.id, version: departures.version }).from(departures).where(eq(departures.id, departureId)).for('update');
  if (!locked) throw notFound(CATALOGUE_MESSAGES.notFound);
  // The CSV import changes what the file says, whatever version anyone read: it passes null.
  if (ifMatch) assertIfMatch(ifMatch, departureEtag(locked), CATALOGUE_MESSAGES.staleDeparture);
  return (await departureRecord(tx, departureId))!;
}

/** A change to the departure or any of its options: the next version, so an edit read before it is stale. */
export const bumpVersion = (tx: Database, departureId: number, change: CatalogueChange) =>
  tx.update(departures).set({ version: sql`${departures.version} + 1`, updatedAt: change.now }).where(eq(departures.id, departureId));

export type DepartureRecord = NonNullable<Awaited<ReturnType<typeof departureRecord>>>;

/**
 * Applies the values to a departure locked by lockDeparture, in the caller's
 * transaction: places never below what is sold and held (the refusal's field
 * message says how many), audited. False when nothing changed.
 */
export async function changeDeparture(tx: Database, record: DepartureRecord, values: DepartureValues, change: CatalogueChange): Promise<boolean> {
  const departureId = record.departure.id;
  const changed = differences(valuesOf(record), values);
  if (!changed) return false;
  if (values.places < record.departure.capacity) {
    const taken = (await takenOn(tx, [departureId], change.now)).get(departureId)?.get(null) ?? NOTHING_TAKEN;
    if (values.places < inUse(taken)) throw conflictOn({ places: CATALOGUE_MESSAGES.belowTaken(inUse(taken), 'places') });
  }
  await tx
    .update(departures)
    .set({
      startDate: values.start_date,
      endDate: values.end_date,
      status: values.status,
      hidden: values.hidden,
      capacity: values.places,
      balanceDueDays: values.balance_due_days,
      depositPercent: values.deposit_percent,
      version: sql`${departures.version} + 1`,
      updatedAt: change.now,
    })
    .where(eq(departures.id, departureId));
  // New prices apply to new holds only: a booking keeps the unit prices of its components.
  await writePrices(tx, departureId, values.prices);
  await audit(tx, change, { action: 'catalogue.departure-changed', entityType: 'departure', entityId: departureId, ...changed });
  return true;
}

export async function updateDeparture(db: Database, departureId: number, ifMatch: readonly string[], values: DepartureValues, change: CatalogueChange): Promise<void> {
  try {
    await db.transaction(async (tx) => changeDeparture(tx, await lockDeparture(tx, departureId, ifMatch), values, change));
  } catch (error) {
    if (isUniqueViolation(error, 'departures_tour_start_unique')) throw dateTaken();
    throw error;
  }
}

export async function deleteDeparture(db: Database, departureId: number, ifMatch: readonly string[], change: CatalogueChange): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await lockDeparture(tx, departureId, ifMatch);
    if ((await takenOn(tx, [departureId], change.now)).has(departureId)) throw conflict(CATALOGUE_MESSAGES.departureBooked);
    try {
      // A savepoint: a booking that holds nothing yet still names the departure, and its foreign key refuses.
      await tx.transaction((inner) => inner.delete(departures).where(eq(departures.id, departureId)));
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(CATALOGUE_MESSAGES.departureBooked);
      throw error;
    }
    await audit(tx, change, { action: 'catalogue.departure-deleted', entityType: 'departure', entityId: departureId, before: { tour_id: record.tour.id, ...valuesOf(record) }, after: null });
  });
}
