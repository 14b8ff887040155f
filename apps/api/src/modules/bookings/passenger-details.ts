import type { BookingStatus } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Correspondence } from '../../db/json-types.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { bookingPassengers, bookings } from './schema.ts';

const { departures } = catalogueReadModel;

/**
 * The details a customer completes after booking (the account's Passenger
 * information tab): one passenger's section at a time, and where final
 * documents go. The account area decides who may save what; the rows are
 * written here.
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

/** Saves sections of the booking's passenger; answers the passenger as saved. */
export async function savePassengerDetails(tx: Database, input: { bookingId: number; passengerId: number; details: PassengerDetails; now: Date }): Promise<PassengerRow> {
  const [after] = await tx
    .update(bookingPassengers)
    .set({ ...input.details, updatedAt: input.now })
    .where(and(eq(bookingPassengers.id, input.passengerId), eq(bookingPassengers.bookingId, input.bookingId)))
    .returning();
  return after!;
}

/** Saves where the booking's final documents go. */
export async function saveCorrespondence(tx: Database, bookingId: number, correspondence: Correspondence, now: Date): Promise<void> {
  await tx.update(bookings).set({ correspondence, updatedAt: now }).where(eq(bookings.id, bookingId));
}
