import type { PostPaymentDetails } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { serviceFailure, validationFailed } from '../../lib/http-error.ts';
import { retryTransient } from '../../lib/pg-errors.ts';
import { bookingTotals, hasLiveSelections } from '../bookings/totals.ts';
import { confirmBookingCore, lockBookingForSettlement } from './core.ts';
import { PlacesGoneError } from './convert-holds.ts';
import { answerFor } from './follow-up.ts';
import { settlementContext } from './settle-payment.ts';

export const PAYMENT_REQUIRED = 'This booking has an amount to pay: pay it by card, then confirm with the payment id.';

/**
 * A booking a promotion brings to a total of 0 has nothing to pay, so it is
 * confirmed without a card payment, through the same confirmation core. Any
 * other booking needs its payment first. No money was taken, so when the
 * places are gone the visitor is told so (availability error), not flagged.
 */
export async function confirmWithoutPayment(
  app: FastifyInstance,
  input: { bookingId: number; requestId: string; siteOrigin?: string | null },
): Promise<PostPaymentDetails> {
  try {
    return await retryTransient(() =>
      app.db.transaction(async (tx) => {
        const booking = await lockBookingForSettlement(tx, input.bookingId);
        const { details } = await bookingTotals(tx, booking.id, booking.currency, booking.brandChannel);
        if (details.total_price.value > 0) throw validationFailed({ payment_id: PAYMENT_REQUIRED });
        if (booking.reference === null && !(await hasLiveSelections(tx, booking.id, app.clock.now()))) {
          throw serviceFailure('The booking’s places are no longer held. Please start the booking again.', 409);
        }
        if (booking.reference !== null) return answerFor(booking);
        return confirmBookingCore(tx, { ...settlementContext(app, input.requestId, input.siteOrigin), bookingId: booking.id, purpose: null, paymentId: null, actor: 'visitor' });
      }),
    );
  } catch (error) {
    if (error instanceof PlacesGoneError) throw serviceFailure('The places on this booking are no longer available.', 409);
    throw error;
  }
}
