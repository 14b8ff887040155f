import {
  MANDATORY_RATE_OPTION,
  type CurrencyCode,
  type extraOptionSchema,
  type flightOptionGroupSchema,
  type roomOptionSchema,
} from '@tours/domain';
import type { z } from 'zod';
import { unitsLeft, type UnitsTaken } from '../inventory/index.ts';
import { occupancyOf, type DepartureOffer, type OfferedOption } from './offer.ts';

/**
 * The option lists in the reservations system's shapes (domain contracts,
 * options.ts). Prices are in the booking's currency; `available` is what this
 * booking could take now: stock minus the live holds and sales of others.
 */

/** Answers are checked and serialised by the contract, so they are written as its input. */
type FlightOptionGroup = z.input<typeof flightOptionGroupSchema>;
type RoomOption = z.input<typeof roomOptionSchema>;
type ExtraOption = z.input<typeof extraOptionSchema>;

export interface Presenting {
  offer: DepartureOffer;
  taken: UnitsTaken;
  currency: CurrencyCode;
}

const money = (value: number, currency: CurrencyCode) => ({ value, currency_code: currency });

function common(option: OfferedOption, { taken, currency }: Presenting) {
  return {
    inventory_details: { available: unitsLeft(option.inventory, taken.byOption.get(option.id)) },
    pricing: { override_rules: { adult_price: money(option.adultPrice, currency) } },
  };
}

/** Stored as the UTC reading of the airline's local time, so it is printed without an offset, as a timetable shows it. */
const localDateTime = (instant: Date) => instant.toISOString().slice(0, 19);

/**
 * Each flight is its own choosable group (the component id allocations name),
 * carrying its group's rate option: the client allocates mandatory ones to
 * everybody and lets each passenger pick one optional flight or their own
 * arrangements. Sold-out flights stay listed with available 0; the client hides them.
 */
export function flightGroups(presenting: Presenting): FlightOptionGroup[] {
  return presenting.offer.options.flatMap((option): FlightOptionGroup[] => {
    const flight = option.flight;
    if (!flight) return [];
    return [
      {
        id: option.id,
        name: flight.groupName,
        rate_option: flight.rateOption,
        flights: [
          {
            id: option.id,
            flight_number: flight.flightNumber,
            cabin_class_name: flight.cabinClassName,
            departure_airport: flight.departureAirport,
            arrival_airport: flight.arrivalAirport,
            departure_date_time: localDateTime(flight.departureAt),
            arrival_date_time: localDateTime(flight.arrivalAt),
            airline_name: flight.airlineName,
            is_mandatory: flight.rateOption === MANDATORY_RATE_OPTION,
            ...common(option, presenting),
          },
        ],
      },
    ];
  });
}

export function roomOptions(presenting: Presenting): RoomOption[] {
  return presenting.offer.options.flatMap((option): RoomOption[] => {
    const room = option.room;
    if (!room) return [];
    return [
      {
        id: option.id,
        name: option.name,
        price: money(option.adultPrice, presenting.currency),
        type: { name: room.roomType },
        accommodation: { name: room.accommodationName },
        occupancy: occupancyOf(option),
        duration: { from: option.durationFrom, to: option.durationTo },
        ...common(option, presenting),
      },
    ];
  });
}

/** Extras and additional nights together, as the reservations system lists them; the client tells them apart by name. */
export function extraOptions(presenting: Presenting): ExtraOption[] {
  return presenting.offer.options
    .filter((option) => option.kind === 'extra' || option.kind === 'additional_night')
    .map(
      (option): ExtraOption => ({
        id: option.id,
        name: option.name,
        description: option.description,
        occupancy: occupancyOf(option),
        ...common(option, presenting),
      }),
    );
}
