import { CATALOGUE_MESSAGES, CURRENCIES, type OptionValues } from '@tours/domain';
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { conflict, notFound, validationFailed } from '../../../lib/http-error.ts';
import { isForeignKeyViolation } from '../../../lib/pg-errors.ts';
import { accommodations, departureAccommodations, departureOptions, flightOptionGroups, flights, optionPrices } from '../schema/options.ts';
import { audit, conflictOn, type CatalogueChange } from './change.ts';
import { bumpVersion, lockDeparture } from './departures.ts';
import { inUse, NOTHING_TAKEN, takenOn } from './stock.ts';

/**
 * A departure's options: rooms in its hotels, flights in flight groups,
 * extras and additional nights. Each change runs under the departure's lock
 * and version (departures.ts), so a stock is never set under what holds
 * and sales take, whatever they do meanwhile.
 */

type OptionRow = typeof departureOptions.$inferSelect;
type Kind = OptionValues['kind'];
const UNIT = { room: 'rooms', flight: 'seats', extra: 'units', additional_night: 'units' } as const;

/**
 * A hotel of that name and city, added the first time any departure stays
 * there; a description given replaces the one it has (every tour page
 * staying there shows it), an empty one leaves it.
 */
async function hotelId(tx: Database, hotel: { name: string; city: string; description: string }): Promise<number> {
  const [found] = await tx
    .select({ id: accommodations.id, description: accommodations.description })
    .from(accommodations)
    .where(and(eq(accommodations.name, hotel.name), eq(accommodations.city, hotel.city)));
  if (!found) {
    const [added] = await tx.insert(accommodations).values(hotel).returning({ id: accommodations.id });
    return added!.id;
  }
  if (hotel.description && hotel.description !== found.description) await tx.update(accommodations).set({ description: hotel.description }).where(eq(accommodations.id, found.id));
  return found.id;
}

/** The departure's stay at the hotel, with its nights; added after the stays it has. */
async function stayAt(tx: Database, departureId: number, accommodationId: number, nights: number): Promise<void> {
  await tx
    .insert(departureAccommodations)
    .values({
      departureId,
      accommodationId,
      nights,
      position: sql`(select coalesce(max(${departureAccommodations.position}) + 1, 0) from ${departureAccommodations} where ${departureAccommodations.departureId} = ${departureId})`,
    })
    .onConflictDoUpdate({ target: [departureAccommodations.departureId, departureAccommodations.accommodationId], set: { nights } });
}

/** The departure's flight group of that name, added or given the rate option asked for. */
async function flightGroupId(tx: Database, departureId: number, group: { name: string; rate_option: string }): Promise<number> {
  const [found] = await tx
    .select({ id: flightOptionGroups.id })
    .from(flightOptionGroups)
    .where(and(eq(flightOptionGroups.departureId, departureId), eq(flightOptionGroups.name, group.name)));
  if (found) {
    await tx.update(flightOptionGroups).set({ rateOption: group.rate_option }).where(eq(flightOptionGroups.id, found.id));
    return found.id;
  }
  const [added] = await tx
    .insert(flightOptionGroups)
    .values({
      departureId,
      name: group.name,
      rateOption: group.rate_option,
      position: sql`(select coalesce(max(${flightOptionGroups.position}) + 1, 0) from ${flightOptionGroups} where ${flightOptionGroups.departureId} = ${departureId})`,
    })
    .returning({ id: flightOptionGroups.id });
  return added!.id;
}

/** Flight groups with no flight and hotel stays with no room left after a change go with it. */
async function removeEmptyGroupsAndStays(tx: Database, departureId: number): Promise<void> {
  await tx
    .delete(flightOptionGroups)
    .where(and(eq(flightOptionGroups.departureId, departureId), notExists(tx.select().from(departureOptions).where(eq(departureOptions.flightGroupId, flightOptionGroups.id)))));
  await tx
    .delete(departureAccommodations)
    .where(
      and(
        eq(departureAccommodations.departureId, departureId),
        notExists(
          tx
            .select()
            .from(departureOptions)
            .where(and(eq(departureOptions.departureId, departureId), eq(departureOptions.accommodationId, departureAccommodations.accommodationId))),
        ),
      ),
    );
}

/** The option's row as the values ask, for an insert or an update. */
async function rowFor(tx: Database, departureId: number, values: OptionValues) {
  const common = { departureId, kind: values.kind, inventory: values.stock, closed: values.closed };
  switch (values.kind) {
    case 'room': {
      const accommodationId = await hotelId(tx, values.hotel);
      await stayAt(tx, departureId, accommodationId, values.nights);
      return {
        ...common,
        name: values.name,
        description: values.description,
        occupancyFrom: values.occupancy_from,
        occupancyTo: values.occupancy_to,
        durationFrom: values.nights,
        durationTo: values.nights,
        accommodationId,
        accommodationName: values.accommodation_name || values.hotel.name,
        roomType: values.room_type,
        flightGroupId: null,
      };
    }
    case 'flight':
      return {
        ...common,
        name: `${values.flight_number} ${values.departure_airport} to ${values.arrival_airport}`,
        description: '',
        occupancyFrom: 1,
        occupancyTo: 1,
        durationFrom: 0,
        durationTo: 0,
        flightGroupId: await flightGroupId(tx, departureId, values.group),
        accommodationId: null,
        accommodationName: null,
        roomType: null,
      };
    default:
      return {
        ...common,
        name: values.name,
        description: values.description,
        occupancyFrom: values.occupancy_from,
        occupancyTo: values.occupancy_to,
        durationFrom: values.kind === 'additional_night' ? values.nights : 0,
        durationTo: values.kind === 'additional_night' ? values.nights : 0,
        flightGroupId: null,
        accommodationId: null,
        accommodationName: null,
        roomType: null,
      };
  }
}

async function writeDetails(tx: Database, optionId: number, values: OptionValues): Promise<void> {
  await tx
    .insert(optionPrices)
    .values(CURRENCIES.map((currency) => ({ optionId, currency, adultPrice: values.prices[currency] })))
    .onConflictDoUpdate({ target: [optionPrices.optionId, optionPrices.currency], set: { adultPrice: sql.raw('excluded.adult_price') } });
  if (values.kind !== 'flight') return;
  const flight = {
    flightNumber: values.flight_number,
    airlineName: values.airline_name,
    cabinClassName: values.cabin_class_name,
    departureAirport: values.departure_airport,
    arrivalAirport: values.arrival_airport,
    departureAt: new Date(values.departure_at),
    arrivalAt: new Date(values.arrival_at),
  };
  await tx.insert(flights).values({ optionId, ...flight }).onConflictDoUpdate({ target: flights.optionId, set: flight });
}

const nextPosition = (departureId: number, kind: Kind) =>
  sql<number>`(select coalesce(max(${departureOptions.position}) + 1, 0) from ${departureOptions} where ${departureOptions.departureId} = ${departureId} and ${departureOptions.kind} = ${kind})`;

export async function addOption(db: Database, departureId: number, ifMatch: readonly string[] | null, values: OptionValues, change: CatalogueChange): Promise<number> {
  return db.transaction(async (tx) => {
    if (ifMatch) await lockDeparture(tx, departureId, ifMatch);
    const [option] = await tx
      .insert(departureOptions)
      .values({ ...(await rowFor(tx, departureId, values)), position: nextPosition(departureId, values.kind) })
      .returning({ id: departureOptions.id });
    await writeDetails(tx, option!.id, values);
    await bumpVersion(tx, departureId, change);
    await audit(tx, change, { action: 'catalogue.option-added', entityType: 'departure_option', entityId: option!.id, before: null, after: { departure_id: departureId, ...values } });
    return option!.id;
  });
}

async function optionOf(tx: Database, departureId: number, optionId: number): Promise<OptionRow> {
  const [option] = await tx.select().from(departureOptions).where(and(eq(departureOptions.id, optionId), eq(departureOptions.departureId, departureId)));
  if (!option) throw notFound(CATALOGUE_MESSAGES.notFound);
  return option;
}

const recorded = (option: OptionRow) => ({ name: option.name, stock: option.inventory, closed: option.closed, occupancy: [option.occupancyFrom, option.occupancyTo] });

export async function updateOption(db: Database, departureId: number, optionId: number, ifMatch: readonly string[], values: OptionValues, change: CatalogueChange): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDeparture(tx, departureId, ifMatch);
    const before = await optionOf(tx, departureId, optionId);
    if (before.kind !== values.kind) throw validationFailed({ kind: CATALOGUE_MESSAGES.optionKindFixed });
    if (values.stock < before.inventory) {
      const taken = (await takenOn(tx, [departureId], change.now)).get(departureId)?.get(optionId) ?? NOTHING_TAKEN;
      if (values.stock < inUse(taken)) throw conflictOn({ stock: CATALOGUE_MESSAGES.belowTaken(inUse(taken), UNIT[values.kind]) });
    }
    const beforePrices = await tx.select().from(optionPrices).where(eq(optionPrices.optionId, optionId));
    const { departureId: _departureId, kind: _kind, ...row } = await rowFor(tx, departureId, values);
    await tx.update(departureOptions).set(row).where(eq(departureOptions.id, optionId));
    // New prices apply to new holds only: a booking keeps its components' unit prices.
    await writeDetails(tx, optionId, values);
    await removeEmptyGroupsAndStays(tx, departureId);
    await bumpVersion(tx, departureId, change);
    await audit(tx, change, {
      action: 'catalogue.option-changed',
      entityType: 'departure_option',
      entityId: optionId,
      before: { ...recorded(before), prices: Object.fromEntries(beforePrices.map((price) => [price.currency, price.adultPrice])) },
      after: { name: row.name, stock: values.stock, closed: values.closed, occupancy: [row.occupancyFrom, row.occupancyTo], prices: values.prices },
    });
  });
}

export async function deleteOption(db: Database, departureId: number, optionId: number, ifMatch: readonly string[], change: CatalogueChange): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDeparture(tx, departureId, ifMatch);
    const before = await optionOf(tx, departureId, optionId);
    if ((await takenOn(tx, [departureId], change.now)).get(departureId)?.has(optionId)) throw conflict(CATALOGUE_MESSAGES.optionBooked);
    try {
      await tx.transaction((inner) => inner.delete(departureOptions).where(eq(departureOptions.id, optionId)));
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(CATALOGUE_MESSAGES.optionBooked);
      throw error;
    }
    await removeEmptyGroupsAndStays(tx, departureId);
    await bumpVersion(tx, departureId, change);
    await audit(tx, change, { action: 'catalogue.option-deleted', entityType: 'departure_option', entityId: optionId, before: { departure_id: departureId, kind: before.kind, ...recorded(before) }, after: null });
  });
}
