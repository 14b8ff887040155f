import { passportCoversTour, VALIDATION, type BookingStatus, type Correspondence as CorrespondenceChoice, type PassengerSection, type PassengerUpdate } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Correspondence } from '../../db/json-types.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-error.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { bookingPassengers, bookings } from './schema.ts';

const { departures } = catalogueReadModel;

/**
 * The details a customer completes after booking (the account's Passenger
 * information tab), and staff complete on their behalf (the console): one
 * passenger's section at a time, and where final documents go. Both save
 * through savePassengerSection and saveCorrespondence, with the domain's
 * schemas and rules; each caller decides who may save when (its window)
 * and writes its own audit entry.
 */
export type PassengerRow = typeof bookingPassengers.$inferSelect;

/** The sections a customer saves after booking, in their columns' terms. */
export type PassengerDetails = Partial<Pick<PassengerRow, 'apis' | 'insurance' | 'joiningInformation' | 'arrivalTime'>>;

/**
 * The booking row a save changes, locked for the save so a cancellation
 * cannot slip in between the check and the write, with what the checks
 * need; null when there is none. Always locked before a passenger row, the
 * order other writers of a booking take too.
 */
export async function lockBookingForDetails(
  tx: Database,
  bookingId: number,
): Promise<{ status: BookingStatus; endDate: string; correspondence: Correspondence | null } | null> {
  const [booking] = await tx
    .select({ status: bookings.status, endDate: departures.endDate, correspondence: bookings.correspondence })
    .from(bookings)
    .innerJoin(departures, eq(departures.id, bookings.departureId))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings });
  return booking ?? null;
}

/** The booking's passenger, locked for a save; null when it is not one of this booking's. */
export async function lockPassenger(tx: Database, bookingId: number, passengerId: number): Promise<PassengerRow | null> {
  const [passenger] = await tx
    .select()
    .from(bookingPassengers)
    .where(and(eq(bookingPassengers.id, passengerId), eq(bookingPassengers.bookingId, bookingId)))
    .for('update');
  return passenger ?? null;
}

/** The booking's passenger as it stands (no lock); null when it is not one of this booking's. */
export async function passengerOf(db: Database, bookingId: number, passengerId: number): Promise<PassengerRow | null> {
  const [passenger] = await db
    .select()
    .from(bookingPassengers)
    .where(and(eq(bookingPassengers.id, passengerId), eq(bookingPassengers.bookingId, bookingId)));
  return passenger ?? null;
}

/** Where the booking's final documents go, as stored; undefined when there is no such booking. */
export async function correspondenceOf(db: Database, bookingId: number): Promise<Correspondence | null | undefined> {
  const [booking] = await db.select({ correspondence: bookings.correspondence }).from(bookings).where(eq(bookings.id, bookingId));
  return booking ? booking.correspondence : undefined;
}

/** Saves sections of the booking's passenger; answers the passenger as saved. */
export async function savePassengerDetails(tx: Database, input: { bookingId: number; passengerId: number; details: PassengerDetails; now: Date }): Promise<PassengerRow> {
  const [after] = await tx
    .update(bookingPassengers)
    .set({ ...input.details, updatedAt: input.now })
    .where(and(eq(bookingPassengers.id, input.passengerId), eq(bookingPassengers.bookingId, input.bookingId)))
    .returning();
  return after!;
}

/** A correspondence choice as stored: a half-typed alternate address is not kept once another choice is made. */
export function storedCorrespondence(choice: CorrespondenceChoice): Correspondence {
  return { send_to: choice.send_to, alternate_address: choice.send_to === 'alternate_address' ? choice.alternate_address : null };
}

/** Saves where the booking's final documents go. */
export async function saveCorrespondence(tx: Database, bookingId: number, correspondence: Correspondence, now: Date): Promise<void> {
  await tx.update(bookings).set({ correspondence, updatedAt: now }).where(eq(bookings.id, bookingId));
}

/** Who may save details now: the account area's window (Confirmed or Optional, tour not ended), or the staff's. */
export type DetailsWindow = (booking: { status: BookingStatus; endDate: string }, now: Date) => boolean;

export interface SectionSave {
  section: PassengerSection;
  before: PassengerRow;
  after: PassengerRow;
  /** Names of the fields the save changed ('apis.document_number'); empty when it changed nothing and nothing was written. */
  changed: string[];
}

/** The section's new value in its column's terms. */
function columnsFor(update: PassengerUpdate, section: PassengerSection): PassengerDetails {
  switch (section) {
    case 'apis':
      return { apis: update.apis! };
    case 'insurance':
      return { insurance: update.insurance! };
    case 'joining_information':
      return { joiningInformation: update.joining_information! };
    case 'arrival_time':
      return { arrivalTime: update.arrival_time! };
  }
}

/** A section's stored value, by its name in the contract. */
export const sectionValue = (row: PassengerRow, section: PassengerSection): unknown =>
  ({ apis: row.apis, insurance: row.insurance, joining_information: row.joiningInformation, arrival_time: row.arrivalTime })[section];

/**
 * Names of the fields a save changed, never their values: an audit entry can
 * say what changed without copying passport numbers or addresses.
 */
export function changedFields(before: unknown, after: unknown, prefix = ''): string[] {
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
  // A section answered for the first time lists every field it now has.
  if (isRecord(after) && (before === null || before === undefined)) return changedFields({}, after, prefix);
  if (!isRecord(after) || !isRecord(before)) return JSON.stringify(before ?? null) === JSON.stringify(after ?? null) ? [] : [prefix || 'value'];
  // Sorted: jsonb hands keys back in its own order, and the log should read the same whichever way a value came.
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((key) => changedFields(before[key], after[key], prefix ? `${prefix}.${key}` : key));
}

/** Passenger ids are PostgreSQL integers: a larger number names no passenger, and would fail the query rather than answer it. */
const MAX_ROW_ID = 2_147_483_647;

/**
 * Saves one section (the body let exactly one through) of a booking's
 * passenger, in the caller's transaction. In this order: the booking and
 * the passenger must exist and belong together (else 404 with
 * `notFoundMessage`), the booking must be within the caller's window (409
 * with `lockedMessage`), the passport must outlast the tour (400). A save
 * that changes nothing (a replay, a double click) writes nothing.
 */
export async function savePassengerSection(
  tx: Database,
  input: { bookingId: number; passengerId: number; update: PassengerUpdate; now: Date; mayEdit: DetailsWindow; notFoundMessage: string; lockedMessage: string },
): Promise<SectionSave> {
  if (input.passengerId > MAX_ROW_ID) throw notFound(input.notFoundMessage);
  const section = (['apis', 'insurance', 'joining_information', 'arrival_time'] as const).find((key) => input.update[key] !== undefined)!;
  const booking = await lockBookingForDetails(tx, input.bookingId);
  if (!booking) throw notFound(input.notFoundMessage);
  const before = await lockPassenger(tx, input.bookingId, input.passengerId);
  // Before the booking's state: a passenger of another booking is as unknown here as a booking of another customer.
  if (!before) throw notFound(input.notFoundMessage);
  if (!input.mayEdit(booking, input.now)) throw conflict(input.lockedMessage);
  if (input.update.apis && !passportCoversTour(input.update.apis.expiry_date, booking.endDate)) {
    throw validationFailed({ 'apis.expiry_date': VALIDATION.passportExpiresBeforeTour });
  }
  const columns = columnsFor(input.update, section);
  const changed = changedFields(sectionValue(before, section), sectionValue({ ...before, ...columns }, section), section);
  if (changed.length === 0) return { section, before, after: before, changed };
  const after = await savePassengerDetails(tx, { bookingId: input.bookingId, passengerId: input.passengerId, details: columns, now: input.now });
  return { section, before, after, changed };
}
