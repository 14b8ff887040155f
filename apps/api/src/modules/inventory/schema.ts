import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgEnum, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookingComponents, bookingPassengers, bookings } from '../bookings/schema.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { departureOptions } from '../catalogue/schema/options.ts';

export const ALLOCATION_STATES = ['held', 'sold', 'released'] as const;
export type AllocationState = (typeof ALLOCATION_STATES)[number];
export const allocationState = pgEnum('allocation_state', ALLOCATION_STATES);

/**
 * The single record of every place and option unit taken by a booking. A row
 * with no option is a place on the departure itself. Held rows count until
 * they expire; sold rows count until released. Availability is always capacity
 * (or inventory) minus the active rows, so nothing is counted twice.
 */
export const allocations = pgTable(
  'allocations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer('booking_id').notNull(),
    departureId: integer('departure_id').notNull(),
    optionId: integer('option_id'),
    componentId: integer('component_id'),
    passengerId: integer('passenger_id'),
    quantity: integer('quantity').notNull().default(1),
    state: allocationState('state').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'allocations_booking_departure_fk',
      columns: [t.bookingId, t.departureId],
      foreignColumns: [bookings.id, bookings.departureId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'allocations_option_departure_fk',
      columns: [t.optionId, t.departureId],
      foreignColumns: [departureOptions.id, departureOptions.departureId],
    }),
    foreignKey({
      name: 'allocations_passenger_booking_fk',
      columns: [t.passengerId, t.bookingId],
      foreignColumns: [bookingPassengers.id, bookingPassengers.bookingId],
    }),
    foreignKey({
      name: 'allocations_component_booking_fk',
      columns: [t.componentId, t.bookingId],
      foreignColumns: [bookingComponents.id, bookingComponents.bookingId],
    }),
    // One active allocation per booking, option (or place) and passenger; coalesce makes 'no option' a value.
    uniqueIndex('allocations_active_unique')
      .on(t.bookingId, sql`coalesce(${t.optionId}, 0)`, sql`coalesce(${t.passengerId}, 0)`)
      .where(sql`${t.state} <> 'released'`),
    index('allocations_departure_state_idx').on(t.departureId, t.state),
    index('allocations_option_state_idx').on(t.optionId, t.state),
    // The sweeper's search: live holds by expiry, small because holds are short-lived.
    index('allocations_held_expiry_idx').on(t.expiresAt).where(sql`${t.state} = 'held'`),
    check('allocations_quantity_positive', sql`${t.quantity} > 0`),
    check('allocations_hold_expires', sql`${t.state} <> 'held' or ${t.expiresAt} is not null`),
  ],
);
