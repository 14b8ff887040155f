import { z } from 'zod/mini';
import { CATALOGUE_MESSAGES, FLIGHT_RATE_OPTIONS, ROOM_TYPES } from '../../catalogue/management.ts';
import { CURRENCIES, type CurrencyCode } from '../../money.ts';
import { MAX_MONEY_MINOR } from '../../staff/money.ts';
import { optionalText, requiredText } from '../../validation.ts';
import { staffReasonSchema } from '../../staff/reason.ts';
import { isoDateTimeSchema } from '../common.ts';

/**
 * What a departure sells on top of its places (issue 27): rooms in its
 * hotels, flights in flight groups, extras and additional nights, each with
 * a stock, an occupancy and an adult price per person in every currency.
 * One schema per kind; the console's forms and the API both check with it.
 */

const optionPrice = z
  .number({ error: CATALOGUE_MESSAGES.price })
  .check(z.int({ error: CATALOGUE_MESSAGES.price, abort: true }), z.minimum(0, CATALOGUE_MESSAGES.price), z.maximum(MAX_MONEY_MINOR, CATALOGUE_MESSAGES.price));
const optionPrices = z.object(Object.fromEntries(CURRENCIES.map((currency) => [currency, optionPrice])) as Record<CurrencyCode, typeof optionPrice>);

const count = (message: string, min = 0, max = 100_000) =>
  z.number({ error: message }).check(z.int({ error: message, abort: true }), z.minimum(min, message), z.maximum(max, message));

const sold = {
  name: requiredText(CATALOGUE_MESSAGES.optionName, 120),
  description: optionalText(1000, { lines: true }),
  /** Units on sale in total: rooms, seats or units. */
  stock: count(CATALOGUE_MESSAGES.stock),
  occupancy_from: count(CATALOGUE_MESSAGES.occupancy, 1, 20),
  occupancy_to: count(CATALOGUE_MESSAGES.occupancy, 1, 20),
  prices: optionPrices,
  /** A closed option is not offered to new bookings; those who booked it keep it. */
  closed: z.boolean(),
};

const occupancyOrdered = <T extends { occupancy_from: number; occupancy_to: number }>() =>
  z.refine<T>((option) => option.occupancy_to >= option.occupancy_from, {
    path: ['occupancy_to'],
    message: CATALOGUE_MESSAGES.occupancy,
  });

/**
 * An airport as the flights step and the tickets show it: its IATA code
 * ('LHR', any case), or its name with the code in brackets ('London
 * Heathrow (LHR)'), which the option's name and the site then show in full.
 */
const airport = z.string({ error: CATALOGUE_MESSAGES.airport }).check(
  z.trim(),
  z.overwrite((value) => (/^[a-z]{3}$/i.test(value) ? value.toUpperCase() : value)),
  z.regex(/^(?:[A-Z]{3}|[\p{L}\p{N}][\p{L}\p{N} .,'’&/-]{0,78} \([A-Z]{3}\))$/u, CATALOGUE_MESSAGES.airport),
);

const roomFields = {
  kind: z.literal('room'),
  ...sold,
  hotel: z.object({
    name: requiredText(CATALOGUE_MESSAGES.hotelName, 120),
    city: requiredText(CATALOGUE_MESSAGES.hotelCity, 80),
    /** What the tour page says of the hotel; empty leaves what it says as it is. */
    description: optionalText(1000, { lines: true }),
  }),
  /**
   * How the reservations system spells the hotel on this room option
   * ('HOTEL KONIGSHOF'); the site matches it to the hotel accent- and
   * case-insensitively. Empty: the hotel's name.
   */
  accommodation_name: optionalText(120),
  room_type: z.enum(ROOM_TYPES, { error: CATALOGUE_MESSAGES.roomType }),
  /** Nights at this hotel on the itinerary. */
  nights: count(CATALOGUE_MESSAGES.nights, 0, 60),
};

const flightFields = {
  kind: z.literal('flight'),
  stock: count(CATALOGUE_MESSAGES.stock),
  prices: optionPrices,
  closed: z.boolean(),
  group: z.object({
    name: requiredText(CATALOGUE_MESSAGES.flightGroup, 120),
    rate_option: z.enum(FLIGHT_RATE_OPTIONS, {
      error: CATALOGUE_MESSAGES.rateOption,
    }),
  }),
  flight_number: requiredText(CATALOGUE_MESSAGES.flightNumber, 12),
  airline_name: requiredText(CATALOGUE_MESSAGES.airline, 80),
  cabin_class_name: requiredText(CATALOGUE_MESSAGES.cabinClass, 40),
  departure_airport: airport,
  arrival_airport: airport,
  departure_at: isoDateTimeSchema,
  arrival_at: isoDateTimeSchema,
};
const arrivesAfterDeparting = <T extends { departure_at: string; arrival_at: string }>() =>
  z.refine<T>((flight) => Date.parse(flight.arrival_at) > Date.parse(flight.departure_at), { path: ['arrival_at'], message: CATALOGUE_MESSAGES.flightTimes });

const extraFields = { kind: z.literal('extra'), ...sold };
const additionalNightFields = { kind: z.literal('additional_night'), ...sold, nights: count(CATALOGUE_MESSAGES.nights, 0, 60) };

/**
 * Each kind a plain object and the kinds one discriminated union, which
 * every reader of a schema understands (forms, the OpenAPI document, the
 * fuzz walker); a change is the same with the reason it is made for.
 */
export const optionInputSchema = z.discriminatedUnion('kind', [
  z.object(roomFields).check(occupancyOrdered()),
  z.object(flightFields).check(arrivesAfterDeparting()),
  z.object(extraFields).check(occupancyOrdered()),
  z.object(additionalNightFields).check(occupancyOrdered()),
]);
const reason = { reason: staffReasonSchema };
export const optionChangeBodySchema = z.discriminatedUnion('kind', [
  z.object({ ...roomFields, ...reason }).check(occupancyOrdered()),
  z.object({ ...flightFields, ...reason }).check(arrivesAfterDeparting()),
  z.object({ ...extraFields, ...reason }).check(occupancyOrdered()),
  z.object({ ...additionalNightFields, ...reason }).check(occupancyOrdered()),
]);
export type OptionInput = z.input<typeof optionInputSchema>;
export type OptionValues = z.output<typeof optionInputSchema>;

export const managedOptionSchema = z.object({
  id: z.number(),
  kind: z.enum(['flight', 'room', 'extra', 'additional_night']),
  name: z.string(),
  description: z.string(),
  stock: z.number(),
  sold: z.number(),
  held: z.number(),
  occupancy_from: z.number(),
  occupancy_to: z.number(),
  nights: z.number(),
  closed: z.boolean(),
  booked: z.boolean(),
  prices: optionPrices,
  room: z.nullable(
    z.object({
      hotel_name: z.string(),
      city: z.string(),
      hotel_description: z.string(),
      /** The reservations system's spelling of the hotel on this option (the hotel's name unless it differs). */
      accommodation_name: z.string(),
      room_type: z.enum(ROOM_TYPES),
    }),
  ),
  flight: z.nullable(
    z.object({
      group_name: z.string(),
      rate_option: z.string(),
      flight_number: z.string(),
      airline_name: z.string(),
      cabin_class_name: z.string(),
      departure_airport: z.string(),
      arrival_airport: z.string(),
      departure_at: isoDateTimeSchema,
      arrival_at: isoDateTimeSchema,
    }),
  ),
});
export type ManagedOption = z.infer<typeof managedOptionSchema>;
