import { CURRENCIES, type CurrencyCode, type Speaker } from '@tours/domain';
import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Instant } from '../../lib/clock.ts';
import { tourPictures } from './schema/content.ts';
import { departurePrices, departures, speakers, tourSpeakers, tours } from './schema/departures.ts';
import { placesLeft, placesTaken } from '../inventory/index.ts';

export type TourRow = typeof tours.$inferSelect;

/** The domain's isListed in SQL: neither closed nor hidden. Found by its link, a departure that is not listed still answers. */
export const listedDeparture = and(ne(departures.status, 'closed'), eq(departures.hidden, false))!;
export type DepartureRow = typeof departures.$inferSelect;

export interface DepartureWithPlaces extends DepartureRow {
  placesLeft: number;
  prices: { value: number; currency: CurrencyCode }[];
}

export async function speakersByTour(db: Database, tourIds: number[]): Promise<Map<number, Speaker[]>> {
  const byTour = new Map<number, Speaker[]>();
  if (tourIds.length === 0) return byTour;
  const rows = await db
    .select({ tourId: tourSpeakers.tourId, title: speakers.title, forename: speakers.forename, surname: speakers.surname })
    .from(tourSpeakers)
    .innerJoin(speakers, eq(speakers.id, tourSpeakers.speakerId))
    .where(inArray(tourSpeakers.tourId, tourIds))
    .orderBy(asc(tourSpeakers.tourId), asc(tourSpeakers.position));
  for (const { tourId, ...speaker } of rows) byTour.set(tourId, [...(byTour.get(tourId) ?? []), speaker]);
  return byTour;
}

/**
 * Departures with their places left and prices in every currency, in four
 * queries whatever the count. Holds count while live by `now`, the database's
 * clock (Clock.databaseNow()), as every replica judges them.
 */
export async function withPlacesAndPrices(db: Database, rows: DepartureRow[], now: Instant): Promise<DepartureWithPlaces[]> {
  const ids = rows.map((row) => row.id);
  const [taken, priceRows] = await Promise.all([
    placesTaken(db, ids, now),
    ids.length === 0 ? [] : db.select().from(departurePrices).where(inArray(departurePrices.departureId, ids)),
  ]);
  return rows.map((row) => ({
    ...row,
    placesLeft: placesLeft(row.capacity, taken.get(row.id)),
    prices: priceRows
      .filter((price) => price.departureId === row.id)
      .sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency))
      .map((price) => ({ value: price.pricePerPerson, currency: price.currency })),
  }));
}

export type PictureRow = typeof tourPictures.$inferSelect;

export interface CatalogueEntry {
  tour: TourRow;
  speakers: Speaker[];
  departures: DepartureWithPlaces[];
  /** The tour's main picture (position 0). */
  picture: PictureRow | null;
}

/** Every tour with its main picture and the departures still ahead of `today`, soonest first. */
export async function listCatalogue(db: Database, today: string, now: Instant): Promise<CatalogueEntry[]> {
  const [tourRows, departureRows, pictureRows] = await Promise.all([
    db.select().from(tours).orderBy(asc(tours.name)),
    db.select().from(departures).where(and(gt(departures.startDate, today), listedDeparture)).orderBy(asc(departures.startDate)),
    db.select().from(tourPictures).where(eq(tourPictures.position, 0)),
  ]);
  const [speakerMap, departureList] = await Promise.all([
    speakersByTour(
      db,
      tourRows.map((tour) => tour.id),
    ),
    withPlacesAndPrices(db, departureRows, now),
  ]);
  return tourRows.map((tour) => ({
    tour,
    speakers: speakerMap.get(tour.id) ?? [],
    departures: departureList.filter((departure) => departure.tourId === tour.id),
    picture: pictureRows.find((picture) => picture.tourId === tour.id) ?? null,
  }));
}

export interface FoundDeparture {
  tour: TourRow;
  speakers: Speaker[];
  departure: DepartureWithPlaces;
}

/** A tour's departure by tour code (any case) and start date; null when either is unknown. */
export async function findDeparture(db: Database, code: string, startDate: string, now: Instant): Promise<FoundDeparture | null> {
  const [row] = await db
    .select({ tour: tours, departure: departures })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(and(eq(tours.code, code.toUpperCase()), eq(departures.startDate, startDate)));
  if (!row) return null;
  const [speakerMap, [departure]] = await Promise.all([speakersByTour(db, [row.tour.id]), withPlacesAndPrices(db, [row.departure], now)]);
  return { tour: row.tour, speakers: speakerMap.get(row.tour.id) ?? [], departure: departure! };
}

/** A departure's booking window and places, by id. */
export async function departureById(db: Database, departureId: number): Promise<DepartureRow | null> {
  const [row] = await db.select().from(departures).where(eq(departures.id, departureId));
  return row ?? null;
}
