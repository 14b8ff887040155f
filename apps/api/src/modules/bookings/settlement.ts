import { ATTENTION_REASONS, type AttentionCode, type BookingStatus } from '@tours/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { bookings } from './schema.ts';

const { departures, tours } = catalogueReadModel;

/**
 * The booking's side of settlement (modules/confirmation orchestrates it):
 * the row locks every settlement of a booking takes its turn on, and the
 * status and attention marks it leaves. The reference is given by
 * reference.ts (settleWithReference).
 */

/**
 * The booking row, locked: every settlement of a booking takes its turn on it.
 * FOR UPDATE, not NO KEY: settling gives the booking its reference, a unique
 * column (a key), so the stronger lock is taken at once rather than upgraded
 * halfway through.
 */
export async function lockBookingForSettlement(db: Database, bookingId: number) {
  const [booking] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      reference: bookings.reference,
      departureId: bookings.departureId,
      currency: bookings.currency,
      brandChannel: tours.brandChannel,
      depositPercent: bookings.depositPercent,
      tourName: tours.name,
      startDate: departures.startDate,
      endDate: departures.endDate,
      balanceDueDays: departures.balanceDueDays,
    })
    .from(bookings)
    .innerJoin(departures, eq(departures.id, bookings.departureId))
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings });
  if (!booking) throw notFound('The booking no longer exists.');
  return booking;
}
export type SettlingBooking = Awaited<ReturnType<typeof lockBookingForSettlement>>;

/**
 * The booking a payment is being recorded on, locked so racing records of one
 * payment take turns. NO KEY: the payments row written under it references
 * the booking, whose keys do not change here.
 */
export async function lockBookingForPayment(db: Database, bookingId: number): Promise<{ currency: SettlingBooking['currency']; reference: string | null }> {
  const [booking] = await db
    .select({ currency: bookings.currency, reference: bookings.reference })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('no key update');
  if (!booking) throw notFound('The booking no longer exists.');
  return booking;
}

/**
 * The booking's status, locked while staff's attention is asked for. NO KEY:
 * only the status and the attention flag change; rows referencing the
 * booking may still be written.
 */
export async function lockBookingStatus(db: Database, bookingId: number): Promise<{ id: number; status: BookingStatus; reference: string | null }> {
  const [booking] = await db
    .select({ id: bookings.id, status: bookings.status, reference: bookings.reference })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('no key update');
  if (!booking) throw notFound('The booking no longer exists.');
  return booking;
}

/** Staff must look at the booking, for this reason (its code, and the words staff read); its status becomes `status`. */
export async function markNeedsAttention(db: Database, bookingId: number, input: { status: BookingStatus; attention: AttentionCode }): Promise<void> {
  await db
    .update(bookings)
    .set({ status: input.status, needsAttention: true, attentionCode: input.attention, attentionReason: ATTENTION_REASONS[input.attention] })
    .where(eq(bookings.id, bookingId));
}
