import { CURRENCIES, type CurrencyCode, type ManagedDeparture, type ManagedOption, type PricesInput, type RoomType } from '@tours/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { Instant } from '../../../lib/clock.ts';
import { departurePrices, departures, tours } from '../schema/departures.ts';
import { accommodations, departureAccommodations, departureOptions, flightOptionGroups, flights, optionPrices } from '../schema/options.ts';
import { NOTHING_TAKEN, takenOn } from './stock.ts';

const KIND_ORDER = { flight: 0, room: 1, extra: 2, additional_night: 3 } as const;

/** Prices by currency from rows of one record; a currency with no row reads 0, which the form shows for staff to fill in. */
export function pricesOf(rows: { currency: CurrencyCode; value: number }[]): PricesInput {
  const prices = Object.fromEntries(CURRENCIES.map((currency) => [currency, 0])) as PricesInput;
  for (const row of rows) prices[row.currency] = row.value;
  return prices;
}

/** The departure's row, its tour's code and name, and its prices: what its audit entries compare. */
export async function departureRecord(db: Database, departureId: number) {
  const [row] = await db
    .select({ departure: departures, tour: { id: tours.id, code: tours.code, name: tours.name } })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(eq(departures.id, departureId));
  if (!row) return null;
  const priceRows = await db.select().from(departurePrices).where(eq(departurePrices.departureId, departureId));
  return { ...row, prices: pricesOf(priceRows.map((price) => ({ currency: price.currency, value: price.pricePerPerson }))) };
}

/** A departure as staff edit it: its fields, prices, what is sold and held, and every option with its own. */
export async function readDeparture(db: Database, departureId: number, now: Instant): Promise<ManagedDeparture | null> {
  const record = await departureRecord(db, departureId);
  if (!record) return null;
  const [optionRows, taken] = await Promise.all([
    db
      .select({
        option: departureOptions,
        flight: flights,
        group: { name: flightOptionGroups.name, rateOption: flightOptionGroups.rateOption, position: flightOptionGroups.position },
        hotel: { name: accommodations.name, city: accommodations.city, description: accommodations.description },
        hotelPosition: departureAccommodations.position,
      })
      .from(departureOptions)
      .leftJoin(flights, eq(flights.optionId, departureOptions.id))
      .leftJoin(flightOptionGroups, eq(flightOptionGroups.id, departureOptions.flightGroupId))
      .leftJoin(accommodations, eq(accommodations.id, departureOptions.accommodationId))
      .leftJoin(
        departureAccommodations,
        and(eq(departureAccommodations.departureId, departureOptions.departureId), eq(departureAccommodations.accommodationId, departureOptions.accommodationId)),
      )
      .where(eq(departureOptions.departureId, departureId)),
    takenOn(db, [departureId], now),
  ]);
  const rows = optionRows;
  const ids = rows.map((row) => row.option.id);
  const priceRows = ids.length === 0 ? [] : await db.select().from(optionPrices).where(inArray(optionPrices.optionId, ids));
  const byDeparture = taken.get(departureId) ?? new Map();
  const places = byDeparture.get(null) ?? NOTHING_TAKEN;

  const options: (ManagedOption & { order: number[] })[] = [];
  for (const { option, flight, group, hotel, hotelPosition } of rows) {
    const used = byDeparture.get(option.id) ?? NOTHING_TAKEN;
    options.push({
      order: [KIND_ORDER[option.kind], group?.position ?? hotelPosition ?? 0, option.position, option.id],
      id: option.id,
      kind: option.kind,
      name: option.name,
      description: option.description,
      stock: option.inventory,
      sold: used.sold,
      held: used.held,
      booked: used.booked,
      occupancy_from: option.occupancyFrom,
      occupancy_to: option.occupancyTo,
      nights: option.durationFrom,
      closed: option.closed,
      prices: pricesOf(priceRows.filter((price) => price.optionId === option.id).map((price) => ({ currency: price.currency, value: price.adultPrice }))),
      room:
        option.kind === 'room' && hotel
          ? {
              hotel_name: hotel.name,
              city: hotel.city,
              hotel_description: hotel.description,
              accommodation_name: option.accommodationName ?? hotel.name,
              room_type: option.roomType as RoomType,
            }
          : null,
      flight:
        option.kind === 'flight' && flight && group
          ? {
              group_name: group.name,
              rate_option: group.rateOption,
              flight_number: flight.flightNumber,
              airline_name: flight.airlineName,
              cabin_class_name: flight.cabinClassName,
              departure_airport: flight.departureAirport,
              arrival_airport: flight.arrivalAirport,
              departure_at: flight.departureAt.toISOString(),
              arrival_at: flight.arrivalAt.toISOString(),
            }
          : null,
    });
  }
  options.sort((a, b) => {
    for (let i = 0; i < a.order.length; i++) if (a.order[i] !== b.order[i]) return a.order[i]! - b.order[i]!;
    return 0;
  });

  const { departure, tour, prices } = record;
  return {
    id: departure.id,
    tour,
    start_date: departure.startDate,
    end_date: departure.endDate,
    status: departure.status,
    hidden: departure.hidden,
    places: departure.capacity,
    prices,
    balance_due_days: departure.balanceDueDays,
    deposit_percent: departure.depositPercent,
    sold: places.sold,
    held: places.held,
    booked: byDeparture.size > 0,
    version: departure.version,
    updated_at: departure.updatedAt.toISOString(),
    options: options.map(({ order: _order, ...option }) => option),
  };
}
