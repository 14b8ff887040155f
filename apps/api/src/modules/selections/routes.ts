import { emptyAllocations, omitsTravelAndAccommodation, submitSelection, submitSelections as submitSelectionsEndpoint } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { forbidden, validationFailed } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { recordQuoteReason, sessionOf, withBalanceDue, type BookingSession } from '../bookings/index.ts';
import { cancelWithdrawnRequests } from '../payments/index.ts';
import { SoldOut } from './refuse-sold-out.ts';
import { submitSelections, type SubmitSelections } from './service.ts';

export const OTHER_TOUR = 'This booking is for another tour.';

function ensureOwnTour(session: BookingSession, tourId: number | undefined) {
  if (tourId !== undefined && tourId !== session.tourId) throw forbidden(OTHER_TOUR);
}

export async function selectionRoutes(app: FastifyInstance) {
  /**
   * The selections, submitted. A refusal for something sold out ends the
   * visitor's booking at the availability-error screen ('A quote has been
   * created…'): the booking keeps why, for staff to call back.
   */
  async function submit(input: SubmitSelections) {
    try {
      return await submitSelections(app.db, input);
    } catch (error) {
      if (error instanceof SoldOut) await recordQuoteReason(app.db, { bookingId: input.session.bookingId, reason: error.quoteReason, requestId: input.requestId });
      throw error;
    }
  }

  registerEndpoint(app, submitSelectionsEndpoint, async (request) => {
    const session = sessionOf(request);
    ensureOwnTour(session, request.body.tour_id);
    if (omitsTravelAndAccommodation(session.brandChannel)) {
      throw validationFailed({ allocations: 'Day trips and online talks have no travel arrangements or rooms: send the tour alone to /bookings/selection' });
    }
    const { details, withdrawnRequests } = await submit({ session, allocations: request.body.allocations, clock: app.clock, requestId: request.id });
    if (withdrawnRequests > 0) await cancelWithdrawnRequests(app, session.bookingId);
    return { data: withBalanceDue(details, session, app.config.balances.dueDays) };
  });

  registerEndpoint(app, submitSelection, async (request) => {
    const session = sessionOf(request);
    ensureOwnTour(session, request.body.tour_id);
    if (!omitsTravelAndAccommodation(session.brandChannel)) {
      throw validationFailed({ tour_id: 'Only day trips and online talks are booked with the tour alone: send the selections to /bookings/selections' });
    }
    const { details, withdrawnRequests } = await submit({ session, allocations: emptyAllocations(), clock: app.clock, requestId: request.id });
    if (withdrawnRequests > 0) await cancelWithdrawnRequests(app, session.bookingId);
    return { data: withBalanceDue(details, session, app.config.balances.dueDays) };
  });
}
