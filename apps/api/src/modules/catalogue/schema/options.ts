import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { departures } from './departures.ts';
import { currencyCode, id, minorUnits } from '../../../db/columns.ts';

/** A hotel. Departures list the hotels they stay in; room options belong to one of them. */
export const accommodations = pgTable('accommodations', {
  id: id(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  description: text('description').notNull().default(''),
});

export const departureAccommodations = pgTable(
  'departure_accommodations',
  {
    departureId: integer('departure_id')
      .notNull()
      .references(() => departures.id, { onDelete: 'cascade' }),
    accommodationId: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id, { onDelete: 'restrict' }),
    /** Order of stay on the itinerary. */
    position: integer('position').notNull().default(0),
    nights: integer('nights').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.departureId, t.accommodationId] }),
    check('departure_accommodations_nights_non_negative', sql`${t.nights} >= 0`),
  ],
);

/** A group of flights a passenger picks one from; rate_option 'Mandatory' marks a compulsory group. */
export const flightOptionGroups = pgTable(
  'flight_option_groups',
  {
    id: id(),
    departureId: integer('departure_id')
      .notNull()
      .references(() => departures.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rateOption: text('rate_option').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('flight_option_groups_id_departure_unique').on(t.id, t.departureId)],
);

export const OPTION_KINDS = ['flight', 'room', 'extra', 'additional_night'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];
export const optionKind = pgEnum('option_kind', OPTION_KINDS);

/**
 * Everything sold on top of the tour place: flights, room types, extras and
 * additional nights. One table gives every option the same pricing, occupancy
 * and inventory, and lets an allocation point at any of them.
 */
export const departureOptions = pgTable(
  'departure_options',
  {
    id: id(),
    departureId: integer('departure_id')
      .notNull()
      .references(() => departures.id, { onDelete: 'cascade' }),
    kind: optionKind('kind').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Units on sale in total; what is available is this minus active allocations. */
    inventory: integer('inventory').notNull(),
    occupancyFrom: integer('occupancy_from').notNull().default(1),
    occupancyTo: integer('occupancy_to').notNull().default(1),
    /** Nights covered, for rooms and additional nights. */
    durationFrom: integer('duration_from').notNull().default(0),
    durationTo: integer('duration_to').notNull().default(0),
    flightGroupId: integer('flight_group_id'),
    accommodationId: integer('accommodation_id'),
    /** The reservations system's own spelling of the hotel name; the web matches it to hotels accent- and case-insensitively. */
    accommodationName: text('accommodation_name'),
    /** Single, Double or Twin. */
    roomType: text('room_type'),
    position: integer('position').notNull().default(0),
    /** Closed by staff: not offered to new bookings; the bookings that have it keep it. */
    closed: boolean('closed').notNull().default(false),
  },
  (t) => [
    unique('departure_options_id_departure_unique').on(t.id, t.departureId),
    index('departure_options_departure_kind_idx').on(t.departureId, t.kind),
    foreignKey({
      name: 'departure_options_flight_group_fk',
      columns: [t.flightGroupId, t.departureId],
      foreignColumns: [flightOptionGroups.id, flightOptionGroups.departureId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'departure_options_accommodation_fk',
      columns: [t.departureId, t.accommodationId],
      foreignColumns: [departureAccommodations.departureId, departureAccommodations.accommodationId],
    }),
    check('departure_options_inventory_non_negative', sql`${t.inventory} >= 0`),
    check('departure_options_occupancy_range', sql`${t.occupancyFrom} >= 1 and ${t.occupancyTo} >= ${t.occupancyFrom}`),
    check('departure_options_duration_range', sql`${t.durationFrom} >= 0 and ${t.durationTo} >= ${t.durationFrom}`),
    check('departure_options_flight_has_group', sql`(${t.kind} = 'flight') = (${t.flightGroupId} is not null)`),
    check(
      'departure_options_room_has_hotel',
      sql`(${t.kind} = 'room') = (${t.accommodationId} is not null and ${t.roomType} is not null and ${t.accommodationName} is not null)`,
    ),
  ],
);

/** Flight details of a `flight` option. */
export const flights = pgTable('flights', {
  optionId: integer('option_id')
    .primaryKey()
    .references(() => departureOptions.id, { onDelete: 'cascade' }),
  flightNumber: text('flight_number').notNull(),
  airlineName: text('airline_name').notNull(),
  cabinClassName: text('cabin_class_name').notNull(),
  departureAirport: text('departure_airport').notNull(),
  arrivalAirport: text('arrival_airport').notNull(),
  departureAt: timestamp('departure_at', { withTimezone: true, mode: 'date' }).notNull(),
  arrivalAt: timestamp('arrival_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Adult price per person of an option, one row per currency. */
export const optionPrices = pgTable(
  'option_prices',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => departureOptions.id, { onDelete: 'cascade' }),
    currency: currencyCode('currency').notNull(),
    adultPrice: minorUnits('adult_price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.currency] }), check('option_prices_non_negative', sql`${t.adultPrice} >= 0`)],
);
