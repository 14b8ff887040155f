import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { id } from '../../../db/columns.ts';
import { tours } from './departures.ts';

/**
 * What the tour page says about a tour: a summary, the day-by-day itinerary,
 * what the price includes and its pictures. Kept apart from `tours`, which the
 * booking flow reads on every call, so long texts never travel with it.
 * Hotels are not here: departures name the hotels they stay in (inventory.ts).
 */
export const tourContent = pgTable('tour_content', {
  tourId: integer('tour_id')
    .primaryKey()
    .references(() => tours.id, { onDelete: 'cascade' }),
  summary: text('summary').notNull(),
});

export const tourItineraryDays = pgTable(
  'tour_itinerary_days',
  {
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    /** Day 1 is the start date; a day trip or a talk has one day. */
    day: integer('day').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.day] }), check('tour_itinerary_days_day_positive', sql`${t.day} >= 1`)],
);

/** 'What is included', one line each, in the order the page lists them. */
export const tourInclusions = pgTable(
  'tour_inclusions',
  {
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.position] })],
);

/**
 * A picture of a tour. The files are rendered ahead of time (scripts/render-tour-pictures.mjs)
 * into media/tours as `${fileStem}-${width}.avif|webp` for every width listed;
 * the stem carries a hash of the drawing, so the files can be cached for ever.
 * Position 0 is the tour's main picture (its card and the page's hero).
 */
export const tourPictures = pgTable(
  'tour_pictures',
  {
    id: id(),
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileStem: text('file_stem').notNull(),
    /** Required: every picture is described for people who cannot see it. */
    alt: text('alt').notNull(),
    /** Intrinsic size of the largest file, which gives the aspect ratio the page reserves. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull(),
  },
  (t) => [
    unique('tour_pictures_tour_position_unique').on(t.tourId, t.position),
    check('tour_pictures_alt_present', sql`length(trim(${t.alt})) > 0`),
    check('tour_pictures_size_positive', sql`${t.width} > 0 and ${t.height} > 0`),
    // A stem becomes part of a URL path: letters, digits, dots and hyphens only.
    check('tour_pictures_file_stem_safe', sql`${t.fileStem} ~ '^[a-z0-9][a-z0-9.-]*$'`),
  ],
);
