import type { BookingStatus, CurrencyCode } from '@tours/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { bookings } from './schema.ts';

const { departures, tours } = catalogueReadModel;

/**
 * The booking's side of the staff console's decisions (issue 26): the row
 * locked for a change, and the status and flag marks a decision leaves.
 * Who decides and why is the caller's (modules/booking-actions); settling a
 * booking that awaits its reference is the confirmation core's.
 */

export interface BookingForChange {
  id: number;
  status: BookingStatus;
  reference: string | null;
  currency: CurrencyCode;
  departureId: number;
  brandChannel: number;
  /** The deposit percentage the booking was sold under: a cancellation keeps that deposit. */
  depositPercent: number;
  tourName: string;
  startDate: string;
  endDate: string;
  /** The departure's own days before the start the balance falls due (null: the operator's). */
  balanceDueDays: number | null;
  agentId: number | null;
  needsAttention: boolean;
  attentionReason: string | null;
  confirmedDate: Date | null;
}

/**
 * The booking row, locked FOR UPDATE for a staff decision: first, as every
 * writer of a booking takes it (settlement, a balance payment, the account's
 * saves), so a decision and a customer acting at the same moment take turns.
 * Null when there is no such booking.
 */
export async function lockBookingForChange(db: Database, bookingId: number): Promise<BookingForChange | null> {
  const [booking] = await selectForChange(db, bookingId).for('update', { of: bookings });
  return booking ?? null;
}

/** The same booking, read without a lock (a preview, an answer). */
export async function readBookingForChange(db: Database, bookingId: number): Promise<BookingForChange | null> {
  const [booking] = await selectForChange(db, bookingId);
  return booking ?? null;
}

function selectForChange(db: Database, bookingId: number) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      reference: bookings.reference,
      currency: bookings.currency,
      departureId: bookings.departureId,
      brandChannel: tours.brandChannel,
      depositPercent: bookings.depositPercent,
      tourName: tours.name,
      startDate: departures.startDate,
      endDate: departures.endDate,
      balanceDueDays: departures.balanceDueDays,
      agentId: bookings.agentId,
      needsAttention: bookings.needsAttention,
      attentionReason: bookings.attentionReason,
      confirmedDate: bookings.confirmedDate,
    })
    .from(bookings)
    .innerJoin(departures, eq(departures.id, bookings.departureId))
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(eq(bookings.id, bookingId));
}

/** The booking is Cancelled; it no longer holds anything (the caller releases its units) and leaves the customer's lists. */
export async function markCancelled(db: Database, bookingId: number, now: Date): Promise<void> {
  await db.update(bookings).set({ status: 'Cancelled', updatedAt: now }).where(eq(bookings.id, bookingId));
}

/** A settled Optional booking staff have checked is Confirmed from now. */
export async function confirmSettledOptional(db: Database, bookingId: number, now: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ status: 'Confirmed', confirmedDate: now, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'Optional'), isNotNull(bookings.reference)));
}

/** Staff have dealt with what the booking was flagged for. */
export async function clearNeedsAttention(db: Database, bookingId: number, now: Date): Promise<void> {
  await db.update(bookings).set({ needsAttention: false, attentionReason: null, attentionCode: null, updatedAt: now }).where(eq(bookings.id, bookingId));
}
