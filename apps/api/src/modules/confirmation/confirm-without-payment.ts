import type { PostPaymentDetails } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { serviceFailure, validationFailed } from '../../lib/http-error.ts';
import { retryTransient } from '../../lib/pg-errors.ts';
import { bookingTotals, lockBookingForSettlement, type SettlingBooking } from '../bookings/index.ts';
import { hasLiveSelections } from '../inventory/index.ts';
import { confirmBookingCore } from './core.ts';
import { PlacesGoneError } from './convert-holds.ts';
import { answerFor } from './follow-up.ts';
import { settlementContext } from './settle-payment.ts';

export const PAYMENT_REQUIRED = 'This booking has an amount to pay: pay it by card, then confirm with the payment id.';

/**
 * Decides, with the booking row locked, whether it may be confirmed without
 * a payment, and answers who confirms it (the audit log's actor); throws to
 * refuse. Runs again on a replayed call, when the booking is already settled.
 */
export type UnpaidConfirmationCheck = (tx: Database, booking: SettlingBooking) => Promise<string>;

/** The visitor's own confirmation without payment: only for a total of 0. */
const nothingToPay: UnpaidConfirmationCheck = async (tx, booking) => {
  const { details } = await bookingTotals(tx, booking.id, booking.currency, booking);
  if (details.total_price.value > 0) throw validationFailed({ payment_id: PAYMENT_REQUIRED });
  return 'visitor';
};

/**
 * A booking a promotion brings to a total of 0 has nothing to pay, so it is
 * confirmed without a card payment, through the same confirmation core. Any
 * other booking needs its payment first, unless `authorise` says otherwise
 * (a travel agent's booking, whose balance the agent settles). No money was
 * taken, so when the places are gone the visitor is told so (availability
 * error), not flagged.
 */
export async function confirmWithoutPayment(
  app: FastifyInstance,
  input: { bookingId: number; requestId: string; siteOrigin?: string | null; authorise?: UnpaidConfirmationCheck },
): Promise<PostPaymentDetails> {
  const authorise = input.authorise ?? nothingToPay;
  try {
    return await retryTransient(() =>
      app.db.transaction(async (tx) => {
        const booking = await lockBookingForSettlement(tx, input.bookingId);
        const actor = await authorise(tx, booking);
        if (booking.reference === null && !(await hasLiveSelections(tx, booking.id, app.clock.databaseNow()))) {
          throw serviceFailure('The booking’s places are no longer held. Please start the booking again.', 409);
        }
        if (booking.reference !== null) return answerFor(booking);
        await app.faults.fire(booking.id, 'before-booking-update', tx);
        return confirmBookingCore(tx, { ...settlementContext(app, input.requestId, input.siteOrigin), bookingId: booking.id, purpose: null, paymentId: null, actor });
      }),
    );
  } catch (error) {
    if (error instanceof PlacesGoneError) throw serviceFailure('The places on this booking are no longer available.', 409);
    throw error;
  }
}
