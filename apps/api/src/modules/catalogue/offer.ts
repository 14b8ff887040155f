import type { CurrencyCode, DepartureStatus } from '@tours/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accommodations,
  departureAccommodations,
  departureOptions,
  flightOptionGroups,
  flights,
  optionPrices,
  type OptionKind,
} from './schema/options.ts';
import { departurePrices, departures } from './schema/departures.ts';

export interface OfferedFlight {
  flightNumber: string;
  airlineName: string;
  cabinClassName: string;
  departureAirport: string;
  arrivalAirport: string;
  departureAt: Date;
  arrivalAt: Date;
  groupId: number;
  groupName: string;
  rateOption: string;
}

export interface OfferedRoom {
  accommodationId: number;
  /** The reservations system's spelling on the option ('HOTEL KONIGSHOF'). */
  accommodationName: string;
  /** The hotel's own name ('Hotel Königshof'), for the booking component. */
  hotelName: string;
  roomType: string;
}

/** One option of a departure, priced in one currency. */
export interface OfferedOption {
  id: number;
  kind: OptionKind;
  name: string;
  description: string;
  inventory: number;
  occupancyFrom: number;
  occupancyTo: number;
  durationFrom: number;
  durationTo: number;
  adultPrice: number;
  flight: OfferedFlight | null;
  room: OfferedRoom | null;
}

/** The option's occupancy as the domain's party rule (fitsParty) and the option lists read it. */
export const occupancyOf = (option: Pick<OfferedOption, 'occupancyFrom' | 'occupancyTo'>) => ({ from: option.occupancyFrom, to: option.occupancyTo });

export interface DepartureOffer {
  departureId: number;
  startDate: string;
  capacity: number;
  status: DepartureStatus;
  /** Null when the departure has no price in the currency asked for. */
  pricePerPerson: number | null;
  /** Hotels of the itinerary, in order of stay. */
  hotels: { accommodationId: number; name: string; nights: number }[];
  /** Flight groups first (in group order), then rooms (in hotel order), extras and additional nights. */
  options: OfferedOption[];
}

const KIND_ORDER: Record<OptionKind, number> = { flight: 0, room: 1, extra: 2, additional_night: 3 };

/**
 * Everything a departure offers in one currency, in three queries whatever its
 * size. `lockDeparture` takes the departure row FOR NO KEY UPDATE: every
 * transaction that allocates on a departure takes that lock first, so they run
 * one at a time per departure and each sees what the previous one committed.
 * NO KEY, because the lock guards the departure's counters, not its key: a
 * booking created on the departure meanwhile (its foreign key takes KEY SHARE)
 * is not kept waiting.
 */
export async function loadOffer(
  db: Database,
  departureId: number,
  currency: CurrencyCode,
  options: { lockDeparture?: boolean } = {},
): Promise<DepartureOffer | null> {
  const departureQuery = db
    .select({
      id: departures.id,
      startDate: departures.startDate,
      capacity: departures.capacity,
      status: departures.status,
      pricePerPerson: departurePrices.pricePerPerson,
    })
    .from(departures)
    .leftJoin(departurePrices, and(eq(departurePrices.departureId, departures.id), eq(departurePrices.currency, currency)))
    .where(eq(departures.id, departureId));
  // The row lock is taken first and alone, so the option reads below never wait inside it.
  const [departure] = options.lockDeparture ? await departureQuery.for('no key update', { of: departures }) : await departureQuery;
  if (!departure) return null;

  const [hotelRows, optionRows] = await Promise.all([
    db
      .select({ accommodationId: departureAccommodations.accommodationId, name: accommodations.name, nights: departureAccommodations.nights })
      .from(departureAccommodations)
      .innerJoin(accommodations, eq(accommodations.id, departureAccommodations.accommodationId))
      .where(eq(departureAccommodations.departureId, departureId))
      .orderBy(asc(departureAccommodations.position), asc(departureAccommodations.accommodationId)),
    db
      .select({
        option: departureOptions,
        adultPrice: optionPrices.adultPrice,
        flight: flights,
        group: { id: flightOptionGroups.id, name: flightOptionGroups.name, rateOption: flightOptionGroups.rateOption, position: flightOptionGroups.position },
        hotelName: accommodations.name,
        hotelPosition: departureAccommodations.position,
      })
      .from(departureOptions)
      // An option with no price in the booking's currency cannot be sold in it, so it is not offered.
      .innerJoin(optionPrices, and(eq(optionPrices.optionId, departureOptions.id), eq(optionPrices.currency, currency)))
      .leftJoin(flights, eq(flights.optionId, departureOptions.id))
      .leftJoin(flightOptionGroups, eq(flightOptionGroups.id, departureOptions.flightGroupId))
      .leftJoin(accommodations, eq(accommodations.id, departureOptions.accommodationId))
      .leftJoin(
        departureAccommodations,
        and(eq(departureAccommodations.departureId, departureOptions.departureId), eq(departureAccommodations.accommodationId, departureOptions.accommodationId)),
      )
      // A closed option is not offered to new selections; bookings that have it keep their components.
      .where(and(eq(departureOptions.departureId, departureId), eq(departureOptions.closed, false))),
  ]);

  const sortKey = (row: (typeof optionRows)[number]) => [
    KIND_ORDER[row.option.kind],
    row.group?.position ?? row.hotelPosition ?? 0,
    row.option.position,
    row.option.id,
  ];
  optionRows.sort((a, b) => {
    const [ka, kb] = [sortKey(a), sortKey(b)];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return 0;
  });

  return {
    departureId: departure.id,
    startDate: departure.startDate,
    capacity: departure.capacity,
    status: departure.status,
    pricePerPerson: departure.pricePerPerson,
    hotels: hotelRows,
    options: optionRows.map(({ option, adultPrice, flight, group, hotelName }) => ({
      id: option.id,
      kind: option.kind,
      name: option.name,
      description: option.description,
      inventory: option.inventory,
      occupancyFrom: option.occupancyFrom,
      occupancyTo: option.occupancyTo,
      durationFrom: option.durationFrom,
      durationTo: option.durationTo,
      adultPrice,
      flight:
        option.kind === 'flight' && flight && group
          ? { ...flight, groupId: group.id, groupName: group.name, rateOption: group.rateOption }
          : null,
      room:
        option.kind === 'room' && option.accommodationId !== null && option.accommodationName && option.roomType
          ? {
              accommodationId: option.accommodationId,
              accommodationName: option.accommodationName,
              hotelName: hotelName ?? option.accommodationName,
              roomType: option.roomType,
            }
          : null,
    })),
  };
}

/**
 * Locks the option rows a transaction is about to allocate, in id order so two
 * transactions never wait on each other crosswise, and reads their inventory
 * as it is now: an operator's change to it either commits before this or waits.
 * NO KEY: the allocations written under the lock reference these rows.
 */
export async function lockOptions(db: Database, optionIds: readonly number[]): Promise<Map<number, number>> {
  if (optionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: departureOptions.id, inventory: departureOptions.inventory })
    .from(departureOptions)
    .where(inArray(departureOptions.id, [...optionIds]))
    .orderBy(asc(departureOptions.id))
    .for('no key update');
  return new Map(rows.map((row) => [row.id, row.inventory]));
}

/**
 * Locks the departure row for a transaction about to allocate on it (a
 * confirmation re-taking lapsed holds) and reads its capacity as it is now;
 * null when there is no such departure. The same lock loadOffer takes with
 * lockDeparture, and the first of ADR 0002's order after the booking's. NO
 * KEY: the lock guards the departure's places, not its row, so bookings
 * created on the departure meanwhile are not kept waiting.
 */
export async function lockDepartureForAllocation(db: Database, departureId: number): Promise<{ capacity: number } | null> {
  const [departure] = await db.select({ capacity: departures.capacity }).from(departures).where(eq(departures.id, departureId)).for('no key update');
  return departure ?? null;
}
