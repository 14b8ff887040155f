import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
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
 * A picture of a tour, its files named `${fileStem}-${width}.${format}` for every width and format listed.
 * The demo's are rendered ahead of time (scripts/render-tour-pictures.mjs) into media/tours, AVIF and WebP;
 * the ones staff upload are resized by the catalogue (pictures/) into AVIF, WebP and JPEG and kept in the
 * file storage (modules/file-storage). Either way the stem carries a hash of the picture, so the files can
 * be cached for ever. Position 0 is the tour's main picture (its card and the page's hero).
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
    /** The formats its files exist in, the <img>'s fallback last: 'avif', 'webp' and, for uploaded pictures, 'jpeg'. */
    formats: text('formats').array().notNull().default(sql`'{avif,webp}'::text[]`),
    /** True for a picture staff uploaded (its files are in the file storage), false for the demo's files in media/tours. */
    uploaded: boolean('uploaded').notNull().default(false),
    /** Goes up with each change of the picture (description, position); its ETag is made from it. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    unique('tour_pictures_tour_position_unique').on(t.tourId, t.position),
    check('tour_pictures_alt_present', sql`length(trim(${t.alt})) > 0`),
    check('tour_pictures_size_positive', sql`${t.width} > 0 and ${t.height} > 0`),
    // A stem becomes part of a URL path: letters, digits, dots and hyphens only.
    check('tour_pictures_file_stem_safe', sql`${t.fileStem} ~ '^[a-z0-9][a-z0-9.-]*$'`),
  ],
);
