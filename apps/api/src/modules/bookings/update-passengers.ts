import { awaitsSettlement, VALIDATION, type UpdatedPassengers, type updatedPassengersSchema, type UpdatePassengersBody } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import type { Instant } from '../../lib/clock.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-error.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { releaseBookingHolds } from '../inventory/index.ts';
import { isKnownSource } from '../marketing/index.ts';
import { hasPayment, withdrawOpenRequests } from '../payments/index.ts';
import { bookedPassengers, createBookingIn, passengerColumns, sourceColumns } from './create.ts';
import { lockBooking } from './repository.ts';
import { bookingPassengers, bookings } from './schema.ts';
import type { BookingSession } from './session.ts';

const { departures, tours } = catalogueReadModel;

export interface UpdatePassengers {
  session: BookingSession;
  body: UpdatePassengersBody;
  now: Date;
  /** The database's 'now': a booking started again gets a fresh session (and holds' end) by the database's clock. */
  databaseNow: Instant;
  requestId: string;
}

export interface UpdatedBooking {
  answer: z.input<typeof updatedPassengersSchema>;
  /** The booking whose payment requests were withdrawn, for the provider to be told once committed; null when none were. */
  withdrawnFrom: number | null;
}

/**
 * Step 1 again, on the booking being made (PUT /bookings/passengers), in one
 * transaction that takes the booking row first, as the selections do.
 *
 * The same number of participants keeps the booking: each passenger's details
 * are updated in place (ids unchanged, so the selections and their holds stay
 * valid) and the marketing source replaced. Nothing is priced by the
 * passengers' details, so the open payment requests stand.
 *
 * Another number of participants makes the selections and their prices wrong
 * for the party, so the booking is started again: the old one is cancelled,
 * its held places and units released at once (not left to lapse with its
 * token), its open payment requests withdrawn, its token revoked, and a new
 * booking made for the same departure, checked like POST /bookings (places
 * left, booking window). Either all of it happens or none.
 *
 * A booking already paid or settled is never changed here: 409 CONFLICT.
 */
export async function updatePassengers(db: Database, input: UpdatePassengers): Promise<UpdatedBooking> {
  const { session, body, now } = input;
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, session.bookingId);
    if (!booking) throw notFound('The booking no longer exists.');
    if (!awaitsSettlement(booking)) throw conflict(`This booking is ${booking.status} and can no longer be changed online.`);
    // A payment the provider reported (pending or taken), applied or not, still belongs to this booking as it was.
    if (await hasPayment(tx, session.bookingId)) throw conflict('A payment has been made on this booking, so it can no longer be changed online.');
    if (!(await isKnownSource(tx, body.source))) throw validationFailed({ 'source.subsource_id': VALIDATION.howHeardRequired });

    if (body.passengers.length === booking.passengerIds.length) {
      const passengers = bookedPassengers(body.passengers);
      for (const [index, passenger] of passengers.entries()) {
        await tx
          .update(bookingPassengers)
          .set({ ...passengerColumns(passenger), updatedAt: now })
          .where(and(eq(bookingPassengers.bookingId, session.bookingId), eq(bookingPassengers.position, index + 1)));
      }
      await tx.update(bookings).set({ ...sourceColumns(body.source), updatedAt: now }).where(eq(bookings.id, session.bookingId));
      await recordAudit(tx, {
        actor: 'visitor',
        action: 'booking.passengers_updated',
        entityType: 'booking',
        entityId: session.bookingId,
        bookingId: session.bookingId,
        requestId: input.requestId,
        detail: { passengers: passengers.length },
      });
      const answer: UpdatedPassengers = {
        booking: {
          id: session.bookingId,
          status: booking.status,
          currency: session.currency,
          passengers: passengers.map((p, index) => ({ ...p, id: booking.passengerIds[index]! })),
        },
        token: null,
      };
      return { answer, withdrawnFrom: null };
    }

    const [departure] = await tx
      .select({ code: tours.code, startDate: departures.startDate })
      .from(departures)
      .innerJoin(tours, eq(tours.id, departures.tourId))
      .where(eq(departures.id, session.departureId));
    if (!departure) throw notFound('The booking’s departure no longer exists.');

    // Released first, so the new booking counts the places this one held as free.
    await releaseBookingHolds(tx, session.bookingId, now);
    const withdrawn = await withdrawOpenRequests(tx, session.bookingId, now);
    await tx
      .update(bookings)
      .set({ status: 'Cancelled', tokenHash: null, tokenExpiresAt: null, updatedAt: now })
      .where(eq(bookings.id, session.bookingId));
    const created = await createBookingIn(
      tx,
      {
        brand_channel: session.brandChannel,
        currency: session.currency,
        tour_code: departure.code,
        departure_date: departure.startDate,
        departure_id: session.departureId,
        passengers: body.passengers,
        source: body.source,
      },
      // The booking started again is still the same customer's.
      { now, databaseNow: input.databaseNow, requestId: input.requestId, customerId: session.customerId },
    );
    await recordAudit(tx, {
      actor: 'visitor',
      action: 'booking.replaced',
      entityType: 'booking',
      entityId: session.bookingId,
      bookingId: session.bookingId,
      requestId: input.requestId,
      detail: {
        reason: 'participant count changed',
        from: booking.passengerIds.length,
        to: body.passengers.length,
        replacedBy: created.booking.id,
        paymentRequestsWithdrawn: withdrawn,
      },
    });
    return { answer: created, withdrawnFrom: withdrawn > 0 ? session.bookingId : null };
  });
}
