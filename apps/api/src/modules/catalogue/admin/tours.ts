import { CATALOGUE_MESSAGES, tourEtag, type BrandChannelCode, tourKindOf, type ManagedTour, type ManagedTourRow, type TourValues } from '@tours/domain';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/http-error.ts';
import { assertIfMatch } from '../../../lib/if-match.ts';
import { containing } from '../../../lib/sql-like.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../../lib/pg-errors.ts';
import { sqlOperatorDate, type Instant } from '../../../lib/clock.ts';
import { tourContent, tourInclusions, tourItineraryDays } from '../schema/content.ts';
import { departures, speakers, tourSpeakers, tours } from '../schema/departures.ts';
import { audit, conflictOn, differences, type CatalogueChange } from './change.ts';
import { anyBooked, bookedSql, inUse, NOTHING_TAKEN, takenOn } from './stock.ts';

/**
 * Tours as staff manage them: the row, the tour page's texts, the itinerary,
 * what is included and the speakers, written together in one transaction.
 * The catalogue module is the only writer of these tables (ADR 0017).
 */

export async function listTours(db: Database, q: string | undefined, now: Instant): Promise<ManagedTourRow[]> {
  const search = q?.trim() ? containing(q.trim()) : null;
  // Written out with an alias: drizzle leaves a lone table's columns unqualified, which a subquery would read as its own.
  const rows = await queryRows<{ id: number; code: string; name: string; brand_channel: number; departures: number; next_departure: string | null; booked: boolean }>(
    db,
    sql`select t.id, t.code, t.name, t.brand_channel,
        cast((select count(*) from ${departures} d where d.tour_id = t.id) as integer) as departures,
        (select cast(min(d.start_date) as text) from ${departures} d where d.tour_id = t.id and d.start_date >= ${sqlOperatorDate(now)}) as next_departure,
        ${bookedSql(sql`(select d.id from ${departures} d where d.tour_id = t.id)`)} as booked
      from ${tours} t
      ${search ? sql`where t.code ilike ${search} or t.name ilike ${search}` : sql``}
      order by t.code`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    code: row.code,
    name: row.name,
    brand_channel: Number(row.brand_channel),
    kind: tourKindOf(Number(row.brand_channel)),
    departures: Number(row.departures),
    next_departure: row.next_departure,
    booked: Boolean(row.booked),
  }));
}

/** What a form edits of a tour, as stored: the before and after of its audit entries. */
async function tourValues(db: Database, tourId: number): Promise<(TourValues & { id: number; version: number; updatedAt: Date }) | null> {
  const [tour] = await db.select().from(tours).where(eq(tours.id, tourId));
  if (!tour) return null;
  const [content, itinerary, inclusions, speakerRows] = await Promise.all([
    db.select({ summary: tourContent.summary }).from(tourContent).where(eq(tourContent.tourId, tourId)),
    db.select().from(tourItineraryDays).where(eq(tourItineraryDays.tourId, tourId)).orderBy(asc(tourItineraryDays.day)),
    db.select().from(tourInclusions).where(eq(tourInclusions.tourId, tourId)).orderBy(asc(tourInclusions.position)),
    db
      .select({ title: speakers.title, forename: speakers.forename, surname: speakers.surname, biography: speakers.biography })
      .from(tourSpeakers)
      .innerJoin(speakers, eq(speakers.id, tourSpeakers.speakerId))
      .where(eq(tourSpeakers.tourId, tourId))
      .orderBy(asc(tourSpeakers.position)),
  ]);
  return {
    id: tour.id,
    version: tour.version,
    updatedAt: tour.updatedAt,
    code: tour.code,
    name: tour.name,
    // Stored by this module from the same closed list (brandChannelSchema), so read back as one of its codes.
    brand_channel: tour.brandChannel as BrandChannelCode,
    description: tour.description,
    summary: content[0]?.summary ?? '',
    itinerary: itinerary.map((day) => ({ title: day.title, description: day.description })),
    inclusions: inclusions.map((line) => line.text),
    speakers: speakerRows,
  };
}

export async function readTour(db: Database, tourId: number, now: Instant): Promise<ManagedTour | null> {
  const values = await tourValues(db, tourId);
  if (!values) return null;
  const departureRows = await db.select().from(departures).where(eq(departures.tourId, tourId)).orderBy(asc(departures.startDate));
  const taken = await takenOn(db, departureRows.map((row) => row.id), now);
  const { id, version, updatedAt, ...fields } = values;
  return {
    ...fields,
    id,
    version,
    updated_at: updatedAt.toISOString(),
    kind: tourKindOf(fields.brand_channel),
    booked: departureRows.some((row) => taken.has(row.id)),
    departures: departureRows.map((row) => {
      const places = taken.get(row.id)?.get(null) ?? NOTHING_TAKEN;
      return {
        id: row.id,
        start_date: row.startDate,
        end_date: row.endDate,
        status: row.status,
        hidden: row.hidden,
        places: row.capacity,
        taken: inUse(places),
        booked: taken.has(row.id),
      };
    }),
  };
}

/** Writes the tour page's texts, itinerary, inclusions and speakers as given, replacing what was there. */
async function writeTourTexts(tx: Database, tourId: number, values: TourValues): Promise<void> {
  await tx.insert(tourContent).values({ tourId, summary: values.summary }).onConflictDoUpdate({ target: tourContent.tourId, set: { summary: values.summary } });
  await tx.delete(tourItineraryDays).where(eq(tourItineraryDays.tourId, tourId));
  if (values.itinerary.length > 0) await tx.insert(tourItineraryDays).values(values.itinerary.map((day, index) => ({ tourId, day: index + 1, ...day })));
  await tx.delete(tourInclusions).where(eq(tourInclusions.tourId, tourId));
  if (values.inclusions.length > 0) await tx.insert(tourInclusions).values(values.inclusions.map((text, position) => ({ tourId, position, text })));

  // Speakers are rows of their own; this tour's are replaced, and those no other tour names go with them.
  const previous = await tx.select({ id: tourSpeakers.speakerId }).from(tourSpeakers).where(eq(tourSpeakers.tourId, tourId));
  await tx.delete(tourSpeakers).where(eq(tourSpeakers.tourId, tourId));
  if (previous.length > 0) {
    const ids = previous.map((row) => row.id);
    await tx.delete(speakers).where(and(inArray(speakers.id, ids), notExists(tx.select().from(tourSpeakers).where(eq(tourSpeakers.speakerId, speakers.id)))));
  }
  if (values.speakers.length > 0) {
    const added = await tx.insert(speakers).values(values.speakers).returning({ id: speakers.id });
    await tx.insert(tourSpeakers).values(added.map((speaker, position) => ({ tourId, speakerId: speaker.id, position })));
  }
}

const codeTaken = () => conflictOn({ code: CATALOGUE_MESSAGES.codeTaken });

export async function createTour(db: Database, values: TourValues, change: CatalogueChange): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [tour] = await tx
        .insert(tours)
        .values({ code: values.code, name: values.name, brandChannel: values.brand_channel, description: values.description })
        .returning({ id: tours.id });
      await writeTourTexts(tx, tour!.id, values);
      await audit(tx, change, { action: 'catalogue.tour-added', entityType: 'tour', entityId: tour!.id, before: null, after: { ...values } });
      return tour!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** Locks the tour's row and checks it is as the caller read it. */
async function lockTour(tx: Database, tourId: number, ifMatch: readonly string[]) {
  const [locked] = await tx.select({ id: tours.id, version: tours.version }).from(tours).where(eq(tours.id, tourId)).for('update');
  if (!locked) throw notFound(CATALOGUE_MESSAGES.notFound);
  assertIfMatch(ifMatch, tourEtag(locked), CATALOGUE_MESSAGES.staleTour);
  const before = await tourValues(tx, tourId);
  const departureIds = (await tx.select({ id: departures.id }).from(departures).where(eq(departures.tourId, tourId))).map((row) => row.id);
  return { before: before!, departureIds };
}

export async function updateTour(db: Database, tourId: number, ifMatch: readonly string[], values: TourValues, change: CatalogueChange): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const { before, departureIds } = await lockTour(tx, tourId, ifMatch);
      const { id: _id, version: _version, updatedAt: _updatedAt, ...was } = before;
      const changed = differences<TourValues>(was, values);
      if (!changed) return;
      if (values.code !== was.code && (await anyBooked(tx, departureIds))) throw conflictOn({ code: CATALOGUE_MESSAGES.codeBooked });
      await tx
        .update(tours)
        .set({ code: values.code, name: values.name, brandChannel: values.brand_channel, description: values.description, version: sql`${tours.version} + 1`, updatedAt: change.now })
        .where(eq(tours.id, tourId));
      await writeTourTexts(tx, tourId, values);
      await audit(tx, change, { action: 'catalogue.tour-changed', entityType: 'tour', entityId: tourId, ...changed });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'tours_code_unique')) throw codeTaken();
    throw error;
  }
}

export async function deleteTour(db: Database, tourId: number, ifMatch: readonly string[], change: CatalogueChange): Promise<void> {
  await db.transaction(async (tx) => {
    const { before, departureIds } = await lockTour(tx, tourId, ifMatch);
    if (await anyBooked(tx, departureIds)) throw conflict(CATALOGUE_MESSAGES.tourBooked);
    try {
      // A savepoint: a booking that holds nothing yet still names its departure, and the foreign key says so.
      await tx.transaction(async (inner) => {
        await inner.delete(departures).where(eq(departures.tourId, tourId));
        await inner.delete(tours).where(eq(tours.id, tourId));
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(CATALOGUE_MESSAGES.tourBooked);
      throw error;
    }
    const { id: _id, version: _version, updatedAt: _updatedAt, ...was } = before;
    await audit(tx, change, { action: 'catalogue.tour-deleted', entityType: 'tour', entityId: tourId, before: { ...was }, after: null });
  });
}
