import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { siteOriginOrNull } from '../../lib/site-origin.ts';
import { staffSessionOf } from '../../plugins/staff-auth.ts';
import { lockBookingForChange, readBookingForChange, type BookingForChange } from '../bookings/index.ts';
import { settlementContext, type BookingFacts, type StaffDecision } from '../confirmation/index.ts';

export const NO_SUCH_BOOKING = 'No booking has this id.';

/** Booking ids are PostgreSQL integers: a larger number names no booking, and would fail the query rather than answer it. */
const MAX_ROW_ID = 2_147_483_647;

/** The booking, locked for the staff member's decision (the first lock, as every writer of a booking takes); 404 when there is none. */
export async function lockStaffBooking(tx: Database, bookingId: number): Promise<BookingForChange> {
  const booking = bookingId > MAX_ROW_ID ? null : await lockBookingForChange(tx, bookingId);
  if (!booking) throw notFound(NO_SUCH_BOOKING);
  return booking;
}

/** The booking as it stands, without a lock (a preview, an answer); 404 when there is none. */
export async function readStaffBooking(db: Database, bookingId: number): Promise<BookingForChange> {
  const booking = bookingId > MAX_ROW_ID ? null : await readBookingForChange(db, bookingId);
  if (!booking) throw notFound(NO_SUCH_BOOKING);
  return booking;
}

/** Who decides, for the confirmation core and the e-mails: the e-mails link to the site's own address (ADR 0008), else the console's origin. */
export function staffDecision(app: FastifyInstance, request: FastifyRequest): StaffDecision & { staffMemberId: number } {
  const staffMemberId = staffSessionOf(request).member.id;
  return { ...settlementContext(app, request.id, siteOriginOrNull(request)), actor: `staff:${staffMemberId}`, staffMemberId };
}

/** What a booking's e-mails say of it. */
export const factsOf = (booking: BookingForChange): BookingFacts => ({
  id: booking.id,
  reference: booking.reference ?? String(booking.id),
  tourName: booking.tourName,
  startDate: booking.startDate,
  endDate: booking.endDate,
  currency: booking.currency,
  agentBooking: booking.agentId !== null,
});
