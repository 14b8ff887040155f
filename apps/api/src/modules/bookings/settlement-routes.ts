import { awaitsSettlement, CONFIRM_GRACE_SECONDS, getBookingSettlement, postPaymentDetailsOf, type BookingSettlement } from '@tours/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { bookings } from './schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { sessionOf } from './session.ts';

/**
 * The booking's settlement as it stands, read from the booking alone: a
 * booking still awaiting settlement has no outcome yet; any other answers
 * what POST /bookings/confirm would (the domain's postPaymentDetailsOf).
 */
export async function bookingSettlement(db: Database, bookingId: number): Promise<BookingSettlement> {
  const [booking] = await db
    .select({ id: bookings.id, status: bookings.status, reference: bookings.reference })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) throw notFound('The booking no longer exists.');
  return { outcome: awaitsSettlement(booking) ? null : postPaymentDetailsOf(booking) };
}

/**
 * GET /bookings/settlement: how a page whose confirmation calls go
 * unanswered learns what the server settled by itself (the provider's
 * notification, reconciliation). Read from the database on every call, never
 * from the hot-read cache, so a settlement made on another replica shows at
 * once. It takes the booking token within the grace POST /bookings/confirm
 * takes it, since the page asks it while that confirmation is still owed.
 */
export function settlementRoute(app: FastifyInstance): void {
  registerEndpoint(
    app,
    getBookingSettlement,
    async (request) => ({ data: await bookingSettlement(app.db, sessionOf(request).bookingId) }),
    { config: { bookingTokenGraceSeconds: CONFIRM_GRACE_SECONDS } },
  );
}
