import { eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tourPictures } from './schema/content.ts';

/** A picture whose files were rendered ahead of time into media/tours (scripts/render-tour-pictures.mjs): the demo's. */
export interface RenderedPicture {
  fileStem: string;
  alt: string;
  width: number;
  height: number;
  widths: readonly number[];
}

/**
 * Adds pictures whose files are already in media/tours to a tour, after the
 * pictures it has, in the caller's transaction. The demo seed's way to give
 * its tours their drawings; staff upload theirs (the files made then).
 */
export async function addRenderedPictures(db: Database, tourId: number, pictures: readonly RenderedPicture[]): Promise<void> {
  if (pictures.length === 0) return;
  const [last] = await db.select({ position: max(tourPictures.position) }).from(tourPictures).where(eq(tourPictures.tourId, tourId));
  const first = last?.position == null ? 0 : last.position + 1;
  await db.insert(tourPictures).values(pictures.map((picture, index) => ({ tourId, position: first + index, ...picture, widths: [...picture.widths] })));
}
