import { sql } from 'drizzle-orm';
import { DEPARTURE_STATUSES } from '@tours/domain';
import { boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, currencyCode, id, minorUnits, updatedAt } from '../../../db/columns.ts';

/** A tour product, identified by its code (for example MHW-VIE) in every URL and call. */
export const tours = pgTable(
  'tours',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Brand channel code of the reservations system (spec section 3); unknown codes read as 'N/A'. */
    brandChannel: integer('brand_channel').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Goes up with every staff change of the tour or its texts: the ETag an edit names as If-Match. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // Codes travel in URLs and are compared exactly, so they are stored in one case.
    check('tours_code_upper', sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 20`),
  ],
);

export const speakers = pgTable('speakers', {
  id: id(),
  title: text('title').notNull(),
  forename: text('forename').notNull(),
  surname: text('surname').notNull(),
  biography: text('biography').notNull().default(''),
});

export const tourSpeakers = pgTable(
  'tour_speakers',
  {
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    speakerId: integer('speaker_id')
      .notNull()
      .references(() => speakers.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.speakerId] })],
);

/** Open, on request or closed (the domain's DEPARTURE_STATUSES and what each means). */
export const departureStatus = pgEnum('departure_status', DEPARTURE_STATUSES);

/**
 * One dated run of a tour. Places held and sold are not stored here: they are
 * derived from the allocations (inventory.ts), so there is one record of every
 * place and an expired hold frees its place without a sweeper.
 */
export const departures = pgTable(
  'departures',
  {
    id: id(),
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'restrict' }),
    /** Calendar dates, read as local dates (ADR 0001). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    capacity: integer('capacity').notNull(),
    /** The operator may put a departure on request or close it without touching its places. */
    status: departureStatus('status').notNull().default('open'),
    /** Left out of the catalogue's lists; an open hidden departure is booked by its link only. */
    hidden: boolean('hidden').notNull().default(false),
    /** Days before the start its balance falls due, where it differs from the operator's BALANCE_DUE_DAYS (null: the operator's). */
    balanceDueDays: integer('balance_due_days'),
    /** The deposit's percentage of a booking's total, where it differs from the operator's DEPOSIT_PERCENT (null: the operator's). */
    depositPercent: integer('deposit_percent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Goes up with every staff change of the departure, its prices or its options: their ETag. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    unique('departures_tour_start_unique').on(t.tourId, t.startDate),
    index('departures_start_date_idx').on(t.startDate),
    check('departures_capacity_non_negative', sql`${t.capacity} >= 0`),
    check('departures_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
    check('departures_balance_due_days_range', sql`${t.balanceDueDays} is null or ${t.balanceDueDays} between 0 and 365`),
    check('departures_deposit_percent_range', sql`${t.depositPercent} is null or ${t.depositPercent} between 0 and 100`),
  ],
);

/** Price per person of a departure, one row per currency. */
export const departurePrices = pgTable(
  'departure_prices',
  {
    departureId: integer('departure_id')
      .notNull()
      .references(() => departures.id, { onDelete: 'cascade' }),
    currency: currencyCode('currency').notNull(),
    pricePerPerson: minorUnits('price_per_person').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.departureId, t.currency] }),
    check('departure_prices_non_negative', sql`${t.pricePerPerson} >= 0`),
  ],
);
