import { DETAILS_LOCKED_MESSAGE, passengerDetailsEditable, updateCorrespondence, updatePassenger } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { recordAudit } from '../audit/index.ts';
import {
  BOOKING_NOT_FOUND,
  changedFields,
  lockBookingForDetails,
  presentCorrespondence,
  presentPassenger,
  saveCorrespondence,
  savePassengerSection,
  storedCorrespondence,
  type DetailsWindow,
} from '../bookings/index.ts';
import { ownedBookingId } from './owned-booking.ts';

/**
 * The Passenger information tab's saves (spec sections 2 and 7, issue #12):
 * one section of one passenger per call, and where final documents go,
 * through the bookings module's savePassengerSection (which staff saves use too).
 *
 * Order of answers: the booking must be the signed-in customer's and the
 * passenger one of its own (else the one 404, before anything else is said
 * about it); then the booking must still take changes (409); then the rules
 * that need the booking (the passport must outlast the tour: 400).
 */

/** The customer's window: a Confirmed or Optional booking whose tour has not ended (the domain's rule). */
const customerWindow: DetailsWindow = (booking, now) => passengerDetailsEditable({ status: booking.status, end_date: booking.endDate }, now);

/**
 * The booking row a save changes, locked for the save (bookings'
 * lockBookingForDetails): before the passenger's, the order every writer of
 * a booking takes.
 */
async function lockBooking(tx: Database, bookingId: number) {
  const booking = await lockBookingForDetails(tx, bookingId);
  // ownedBookingId found it a moment ago; a booking is never deleted, but say the same thing if it were.
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  return booking;
}

export async function passengerRoutes(app: FastifyInstance) {
  registerEndpoint(app, updatePassenger, async (request) => {
    const { bookingId, customer } = await ownedBookingId(app, request, request.params.booking);
    const passengerId = request.params.passenger;

    const saved = await app.db.transaction(async (tx) => {
      const { section, after, changed } = await savePassengerSection(tx, {
        bookingId,
        passengerId,
        update: request.body,
        now: app.clock.now(),
        mayEdit: customerWindow,
        notFoundMessage: BOOKING_NOT_FOUND,
        lockedMessage: DETAILS_LOCKED_MESSAGE,
      });
      // A save that changes nothing (a replay, a double click, a retry after a lost answer) is answered as it stands: no write, no audit entry.
      if (changed.length === 0) return after;
      await recordAudit(tx, {
        actor: `customer:${customer.id}`,
        action: 'passenger.details_updated',
        entityType: 'passenger',
        entityId: passengerId,
        bookingId,
        requestId: request.id,
        detail: { section, changed },
      });
      return after;
    });
    return { data: presentPassenger(saved) };
  });

  registerEndpoint(app, updateCorrespondence, async (request) => {
    const { bookingId, customer } = await ownedBookingId(app, request, request.params.booking);
    const stored = storedCorrespondence(request.body);

    await app.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!customerWindow(booking, app.clock.now())) throw conflict(DETAILS_LOCKED_MESSAGE);
      const changed = changedFields(booking.correspondence, stored, 'correspondence');
      // The same choice again (a replay) changes nothing: no write, no audit entry.
      if (changed.length === 0) return;
      await saveCorrespondence(tx, bookingId, stored, app.clock.now());
      await recordAudit(tx, {
        actor: `customer:${customer.id}`,
        action: 'booking.correspondence_updated',
        entityType: 'booking',
        entityId: bookingId,
        bookingId,
        requestId: request.id,
        // The choice itself is no one's personal data; the address is, so only which of its lines changed.
        detail: { section: 'correspondence', send_to: stored.send_to, changed },
      });
    });
    return { data: presentCorrespondence(stored)! };
  });
}
