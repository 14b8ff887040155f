import { createHash } from 'node:crypto';
import { TOUR_PICTURE_LIMITS, TOUR_PICTURE_MESSAGES, tourPictureEtag, type StaffTourPicture } from '@tours/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { notFound, validationFailed } from '../../../lib/http-error.ts';
import { assertIfMatch } from '../../../lib/if-match.ts';
import { recordStaffChange } from '../../audit/index.ts';
import { pictureOut } from '../present.ts';
import { tourPictures } from '../schema/content.ts';
import { tours } from '../schema/departures.ts';
import type { PreparedPicture } from './resize.ts';

/**
 * A tour's pictures as staff change them (permission catalogue.edit). Each
 * change is one transaction with its audit entry (the reason typed, before
 * and after), holds the tour's row while it renumbers, and checks the
 * version the member read: a picture's ETag for its description or its
 * removal, the whole list's for a new order. The files are the file
 * storage's and are written or removed outside the transaction (routes.ts).
 */

export interface ChangeContext {
  actorId: number;
  reason: string;
  requestId: string;
}

type TourRef = { id: number; code: string; name: string };
type PictureRecord = typeof tourPictures.$inferSelect;

const ENTITY = 'tour_picture';

export async function tourByCode(db: Database, code: string): Promise<TourRef | null> {
  const [tour] = await db.select({ id: tours.id, code: tours.code, name: tours.name }).from(tours).where(eq(tours.code, code.toUpperCase()));
  return tour ?? null;
}

/** The tour's row held until the change commits, so two changes of its pictures take turns (positions stay 0..n-1). */
async function lockTour(tx: Database, code: string): Promise<TourRef> {
  const [tour] = await tx
    .select({ id: tours.id, code: tours.code, name: tours.name })
    .from(tours)
    .where(eq(tours.code, code.toUpperCase()))
    .for('no key update');
  if (!tour) throw notFound(TOUR_PICTURE_MESSAGES.noTour);
  return tour;
}

export const picturesOf = (db: Database, tourId: number): Promise<PictureRecord[]> =>
  db.select().from(tourPictures).where(eq(tourPictures.tourId, tourId)).orderBy(asc(tourPictures.position));

/** The list's ETag: its pictures, their order and versions. Any upload, removal, move or description change makes another. */
export function picturesEtag(tourId: number, pictures: readonly Pick<PictureRecord, 'id' | 'position' | 'version'>[]): string {
  const digest = createHash('sha256')
    .update(pictures.map((picture) => `${picture.id}:${picture.position}:${picture.version}`).join(','))
    .digest('base64url')
    .slice(0, 16);
  return `"tour-pictures-${tourId}-${digest}"`;
}

export interface TourPicturesView {
  tour: TourRef;
  items: StaffTourPicture[];
  etag: string;
}

export function presentPictures(tour: TourRef, pictures: PictureRecord[]): TourPicturesView {
  return {
    tour,
    etag: picturesEtag(tour.id, pictures),
    items: pictures.map((picture) => ({
      id: picture.id,
      position: picture.position,
      file_stem: picture.fileStem,
      version: picture.version,
      etag: tourPictureEtag(picture),
      uploaded: picture.uploaded,
      picture: pictureOut(picture),
    })),
  };
}

/** Before the files are made: an upload to an unknown tour, or one over the limit, wastes no resizing. */
export async function assertRoomForPicture(db: Database, code: string): Promise<TourRef> {
  const tour = await tourByCode(db, code);
  if (!tour) throw notFound(TOUR_PICTURE_MESSAGES.noTour);
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(tourPictures).where(eq(tourPictures.tourId, tour.id));
  if (count >= TOUR_PICTURE_LIMITS.maxPictures) throw validationFailed({ file: TOUR_PICTURE_MESSAGES.tooManyPictures });
  return tour;
}

/** The new picture goes last; its files are already stored under `fileStem`. */
export async function addPicture(db: Database, code: string, picture: PreparedPicture & { fileStem: string; alt: string }, context: ChangeContext): Promise<TourPicturesView> {
  return db.transaction(async (tx) => {
    const tour = await lockTour(tx, code);
    const existing = await picturesOf(tx, tour.id);
    if (existing.length >= TOUR_PICTURE_LIMITS.maxPictures) throw validationFailed({ file: TOUR_PICTURE_MESSAGES.tooManyPictures });
    if (existing.some((row) => row.fileStem === picture.fileStem)) throw validationFailed({ file: TOUR_PICTURE_MESSAGES.duplicate });
    const [added] = await tx
      .insert(tourPictures)
      .values({
        tourId: tour.id,
        position: existing.length,
        fileStem: picture.fileStem,
        alt: picture.alt,
        width: picture.width,
        height: picture.height,
        widths: picture.widths,
        formats: picture.formats,
        uploaded: true,
      })
      .returning();
    await recordStaffChange(tx, {
      staffMemberId: context.actorId,
      reason: context.reason,
      action: 'catalogue.tour-picture-added',
      entityType: ENTITY,
      entityId: added!.id,
      requestId: context.requestId,
      detail: { tour: tour.code },
      before: null,
      after: { tour: tour.code, position: added!.position, alt: added!.alt, fileStem: added!.fileStem, width: added!.width, height: added!.height },
    });
    return presentPictures(tour, [...existing, added!]);
  });
}

async function lockPicture(tx: Database, tour: TourRef, pictureId: number, ifMatch: readonly string[]): Promise<PictureRecord> {
  const [picture] = await tx
    .select()
    .from(tourPictures)
    .where(and(eq(tourPictures.id, pictureId), eq(tourPictures.tourId, tour.id)))
    .for('update');
  if (!picture) throw notFound(TOUR_PICTURE_MESSAGES.noPicture);
  assertIfMatch(ifMatch, tourPictureEtag(picture), TOUR_PICTURE_MESSAGES.stalePicture);
  return picture;
}

export async function changeAlt(db: Database, code: string, pictureId: number, ifMatch: readonly string[], alt: string, context: ChangeContext): Promise<TourPicturesView> {
  return db.transaction(async (tx) => {
    const tour = await lockTour(tx, code);
    const before = await lockPicture(tx, tour, pictureId, ifMatch);
    if (before.alt !== alt) {
      await tx
        .update(tourPictures)
        .set({ alt, version: sql`${tourPictures.version} + 1` })
        .where(eq(tourPictures.id, before.id));
      await recordStaffChange(tx, {
        staffMemberId: context.actorId,
        reason: context.reason,
        action: 'catalogue.tour-picture-described',
        entityType: ENTITY,
        entityId: before.id,
        requestId: context.requestId,
        detail: { tour: tour.code },
        before: { alt: before.alt },
        after: { alt },
      });
    }
    return presentPictures(tour, await picturesOf(tx, tour.id));
  });
}

/** Positions are unique within a tour: moved out of the way (negative) first, then to their places. */
async function renumber(tx: Database, order: readonly number[]): Promise<void> {
  const positions = (offset: (index: number) => number) =>
    sql.join(
      order.map((id, index) => sql`(${id}::int, ${offset(index)}::int)`),
      sql`, `,
    );
  const move = async (values: SQL) =>
    tx.execute(sql`update tour_pictures set position = moved.position from (values ${values}) as moved(id, position) where tour_pictures.id = moved.id`);
  await move(positions((index) => -1 - index));
  await move(positions((index) => index));
}

export async function reorderPictures(db: Database, code: string, ifMatch: readonly string[], order: readonly number[], context: ChangeContext): Promise<TourPicturesView> {
  return db.transaction(async (tx) => {
    const tour = await lockTour(tx, code);
    const before = await picturesOf(tx, tour.id);
    assertIfMatch(ifMatch, picturesEtag(tour.id, before), TOUR_PICTURE_MESSAGES.stalePictures);
    const ids = before.map((picture) => picture.id);
    if (order.length !== ids.length || !order.every((id) => ids.includes(id))) throw validationFailed({ order: TOUR_PICTURE_MESSAGES.orderIncomplete });
    if (order.some((id, index) => ids[index] !== id)) {
      await renumber(tx, order);
      await recordStaffChange(tx, {
        staffMemberId: context.actorId,
        reason: context.reason,
        action: 'catalogue.tour-pictures-reordered',
        entityType: 'tour',
        entityId: tour.id,
        requestId: context.requestId,
        detail: { tour: tour.code },
        before: { order: ids },
        after: { order: [...order] },
      });
    }
    return presentPictures(tour, await picturesOf(tx, tour.id));
  });
}

/** Removes the picture and closes the gap; answers the list and the stem, whose files the caller removes once no picture names it. */
export async function removePicture(
  db: Database,
  code: string,
  pictureId: number,
  ifMatch: readonly string[],
  context: ChangeContext,
): Promise<{ view: TourPicturesView; removed: PictureRecord }> {
  return db.transaction(async (tx) => {
    const tour = await lockTour(tx, code);
    const removed = await lockPicture(tx, tour, pictureId, ifMatch);
    await tx.delete(tourPictures).where(eq(tourPictures.id, removed.id));
    const rest = await picturesOf(tx, tour.id);
    if (rest.some((picture, index) => picture.position !== index)) await renumber(tx, rest.map((picture) => picture.id));
    await recordStaffChange(tx, {
      staffMemberId: context.actorId,
      reason: context.reason,
      action: 'catalogue.tour-picture-removed',
      entityType: ENTITY,
      entityId: removed.id,
      requestId: context.requestId,
      detail: { tour: tour.code },
      before: { tour: tour.code, position: removed.position, alt: removed.alt, fileStem: removed.fileStem },
      after: null,
    });
    return { view: presentPictures(tour, await picturesOf(tx, tour.id)), removed };
  });
}

/** Whether any tour still shows the files of a stem (the same upload may be on two tours). */
export async function stemInUse(db: Database, fileStem: string): Promise<boolean> {
  const [row] = await db.select({ id: tourPictures.id }).from(tourPictures).where(eq(tourPictures.fileStem, fileStem)).limit(1);
  return row !== undefined;
}
