import { DEFAULT_CURRENCY, roomOptionSchema, roomTypeAvailability, type DepartureRoomType, type Speaker } from '@tours/domain';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Instant } from '../../lib/clock.ts';
import { unitsTaken } from '../inventory/index.ts';
import { loadOffer } from './offer.ts';
import { listedDeparture } from './repository.ts';
import { roomOptions } from './option-lists.ts';
import { tourContent, tourInclusions, tourItineraryDays, tourPictures } from './schema/content.ts';
import { departures, speakers, tourSpeakers, tours } from './schema/departures.ts';
import { accommodations, departureAccommodations } from './schema/options.ts';
import { withPlacesAndPrices, type DepartureWithPlaces, type PictureRow, type TourRow } from './repository.ts';

export interface TourPage {
  tour: TourRow;
  /** Falls back to the tour's one-line description when no page content was written. */
  summary: string;
  itinerary: { day: number; title: string; description: string }[];
  included: string[];
  pictures: PictureRow[];
  speakers: (Speaker & { biography: string })[];
  /** Hotels of the departures still ahead, in order of stay, each once. */
  hotels: { name: string; city: string; description: string }[];
  departures: DepartureWithPlaces[];
}

/** Everything the tour page shows, by tour code (any case); null for an unknown code. */
export async function loadTourPage(db: Database, code: string, today: string, now: Instant): Promise<TourPage | null> {
  const [tour] = await db.select().from(tours).where(eq(tours.code, code.toUpperCase()));
  if (!tour) return null;
  const [content, days, inclusions, pictures, speakerRows, departureRows] = await Promise.all([
    db.select().from(tourContent).where(eq(tourContent.tourId, tour.id)),
    db.select().from(tourItineraryDays).where(eq(tourItineraryDays.tourId, tour.id)).orderBy(asc(tourItineraryDays.day)),
    db.select().from(tourInclusions).where(eq(tourInclusions.tourId, tour.id)).orderBy(asc(tourInclusions.position)),
    db.select().from(tourPictures).where(eq(tourPictures.tourId, tour.id)).orderBy(asc(tourPictures.position)),
    db
      .select({ title: speakers.title, forename: speakers.forename, surname: speakers.surname, biography: speakers.biography })
      .from(tourSpeakers)
      .innerJoin(speakers, eq(speakers.id, tourSpeakers.speakerId))
      .where(eq(tourSpeakers.tourId, tour.id))
      .orderBy(asc(tourSpeakers.position)),
    db
      .select()
      .from(departures)
      .where(and(eq(departures.tourId, tour.id), gt(departures.startDate, today), listedDeparture))
      .orderBy(asc(departures.startDate)),
  ]);
  const departureIds = departureRows.map((departure) => departure.id);
  const [withPlaces, hotelRows] = await Promise.all([
    withPlacesAndPrices(db, departureRows, now),
    departureIds.length === 0
      ? []
      : db
          .select({ id: accommodations.id, name: accommodations.name, city: accommodations.city, description: accommodations.description })
          .from(departureAccommodations)
          .innerJoin(accommodations, eq(accommodations.id, departureAccommodations.accommodationId))
          .innerJoin(departures, eq(departures.id, departureAccommodations.departureId))
          .where(inArray(departureAccommodations.departureId, departureIds))
          .orderBy(asc(departures.startDate), asc(departureAccommodations.position)),
  ]);
  const hotels = new Map<number, TourPage['hotels'][number]>();
  for (const { id, ...hotel } of hotelRows) if (!hotels.has(id)) hotels.set(id, hotel);

  return {
    tour,
    summary: content[0]?.summary ?? tour.description,
    itinerary: days.map(({ day, title, description }) => ({ day, title, description })),
    included: inclusions.map((inclusion) => inclusion.text),
    pictures,
    speakers: speakerRows,
    hotels: [...hotels.values()],
    departures: withPlaces,
  };
}

/**
 * The room types a departure has left now, read as the booking's own option
 * lists read them (loadOffer, unitsTaken, roomOptions) and judged by the
 * domain's step 3a rule. Rooms are priced in every currency, so the default
 * one serves to list them.
 */
export async function departureRoomTypes(db: Database, departureId: number, now: Instant): Promise<DepartureRoomType[]> {
  const [offer, taken] = await Promise.all([loadOffer(db, departureId, DEFAULT_CURRENCY), unitsTaken(db, departureId, now)]);
  if (!offer || offer.hotels.length === 0) return [];
  const rooms = z.array(roomOptionSchema).parse(roomOptions({ offer, taken, currency: DEFAULT_CURRENCY }));
  return roomTypeAvailability(rooms);
}
