import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { tourContent, tourInclusions, tourItineraryDays, tourPictures, tours } from '../schema/index.ts';
import { TOUR_PICTURE_FILES } from './data/tour-picture-files.ts';
import type { TourContentSeed } from './data/tour-content.ts';

/**
 * Writes each tour's page content (summary, itinerary, inclusions, pictures)
 * for the tours that have none yet. A database seeded before tour pages
 * existed gets them on its next start; one that has them is left alone.
 */
export async function seedTourContent(db: Database, content: Record<string, TourContentSeed>): Promise<void> {
  const codes = Object.keys(content);
  if (codes.length === 0) return;
  const tourRows = await db.select({ id: tours.id, code: tours.code }).from(tours).where(inArray(tours.code, codes));
  const existing = new Set(
    (
      await db
        .select({ tourId: tourContent.tourId })
        .from(tourContent)
        .where(
          inArray(
            tourContent.tourId,
            tourRows.map((tour) => tour.id),
          ),
        )
    ).map((row) => row.tourId),
  );
  await refreshPictureFiles(db, tourRows, content);
  const missing = tourRows.filter((tour) => !existing.has(tour.id));
  if (missing.length === 0) return;

  const seeds = missing.map((tour) => ({ tourId: tour.id, seed: content[tour.code]! }));
  await db.insert(tourContent).values(seeds.map(({ tourId, seed }) => ({ tourId, summary: seed.summary })));
  await db
    .insert(tourItineraryDays)
    .values(seeds.flatMap(({ tourId, seed }) => seed.itinerary.map((day, index) => ({ tourId, day: index + 1, ...day }))));
  await db
    .insert(tourInclusions)
    .values(seeds.flatMap(({ tourId, seed }) => seed.included.map((text, position) => ({ tourId, position, text }))));
  await db.insert(tourPictures).values(seeds.flatMap(({ tourId, seed }) => pictureRows(tourId, seed)));
}

function pictureRows(tourId: number, seed: TourContentSeed) {
  return seed.pictures.map((picture, position) => {
    const file = TOUR_PICTURE_FILES[picture.id];
    return { tourId, position, alt: picture.alt, fileStem: file.fileStem, width: file.width, height: file.height, widths: [...file.widths] };
  });
}

/**
 * A redrawn picture gets new file names and the old files are gone, so a
 * database seeded before the redraw is pointed at the new ones. Only then:
 * a tour whose demo pictures all still have their files keeps what staff
 * made of it (order, descriptions, removals, uploads); and uploaded
 * pictures are never touched, only moved after the demo's.
 */
async function refreshPictureFiles(db: Database, tourRows: { id: number; code: string }[], content: Record<string, TourContentSeed>) {
  const rendered = new Set(Object.values(TOUR_PICTURE_FILES).map((file) => file.fileStem as string));
  const stored = await db
    .select({ id: tourPictures.id, tourId: tourPictures.tourId, position: tourPictures.position, fileStem: tourPictures.fileStem, uploaded: tourPictures.uploaded })
    .from(tourPictures)
    .where(
      inArray(
        tourPictures.tourId,
        tourRows.map((tour) => tour.id),
      ),
    );
  for (const tour of tourRows) {
    const have = stored.filter((row) => row.tourId === tour.id);
    if (!have.some((row) => !row.uploaded && !rendered.has(row.fileStem))) continue;
    const want = pictureRows(tour.id, content[tour.code]!);
    const uploaded = have.filter((row) => row.uploaded).sort((a, b) => a.position - b.position);
    await db.delete(tourPictures).where(and(eq(tourPictures.tourId, tour.id), eq(tourPictures.uploaded, false)));
    // Out of the way first: positions are unique within a tour.
    for (const [index, row] of uploaded.entries()) await db.update(tourPictures).set({ position: -1 - index }).where(eq(tourPictures.id, row.id));
    await db.insert(tourPictures).values(want);
    for (const [index, row] of uploaded.entries()) await db.update(tourPictures).set({ position: want.length + index }).where(eq(tourPictures.id, row.id));
  }
}
