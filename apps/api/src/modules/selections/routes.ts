import { emptyAllocations, omitsTravelAndAccommodation, submitSelection, submitSelections } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { forbidden, validationFailed } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { sessionOf, withBalanceDue, type BookingSession } from '../bookings/index.ts';
import { cancelWithdrawnRequests } from '../payments/index.ts';
import { submitSelections as submit } from './service.ts';

export const OTHER_TOUR = 'This booking is for another tour.';

function ensureOwnTour(session: BookingSession, tourId: number | undefined) {
  if (tourId !== undefined && tourId !== session.tourId) throw forbidden(OTHER_TOUR);
}

export async function selectionRoutes(app: FastifyInstance) {
  registerEndpoint(app, submitSelections, async (request) => {
    const session = sessionOf(request);
    ensureOwnTour(session, request.body.tour_id);
    if (omitsTravelAndAccommodation(session.brandChannel)) {
      throw validationFailed({ allocations: 'Day trips and online talks have no travel arrangements or rooms: send the tour alone to /bookings/selection' });
    }
    const { details, withdrawnRequests } = await submit(app.db, { session, allocations: request.body.allocations, clock: app.clock, requestId: request.id });
    if (withdrawnRequests > 0) await cancelWithdrawnRequests(app, session.bookingId);
    return { data: withBalanceDue(details, session.startDate, app.config.balances.dueDays) };
  });

  registerEndpoint(app, submitSelection, async (request) => {
    const session = sessionOf(request);
    ensureOwnTour(session, request.body.tour_id);
    if (!omitsTravelAndAccommodation(session.brandChannel)) {
      throw validationFailed({ tour_id: 'Only day trips and online talks are booked with the tour alone: send the selections to /bookings/selections' });
    }
    const { details, withdrawnRequests } = await submit(app.db, { session, allocations: emptyAllocations(), clock: app.clock, requestId: request.id });
    if (withdrawnRequests > 0) await cancelWithdrawnRequests(app, session.bookingId);
    return { data: withBalanceDue(details, session.startDate, app.config.balances.dueDays) };
  });
}
