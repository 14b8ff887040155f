import { createBooking, getBookingTour, updatePassengers } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { retryTransient } from '../../lib/pg-errors.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { departureById, isBookableOnline } from '../catalogue/index.ts';
import { signedInCustomerId } from '../customers/index.ts';
import { unitsTaken } from '../inventory/index.ts';
import { cancelWithdrawnRequests } from '../payments/index.ts';
import { createBooking as create } from './create.ts';
import { sessionOf } from './session.ts';
import { settlementRoute } from './settlement-routes.ts';
import { updatePassengers as update } from './update-passengers.ts';

export async function bookingRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    createBooking,
    async (request, reply) => {
      const customerId = await signedInCustomerId(app, request, reply);
      // A lock or pool wait that ran out (hundreds of buyers at once) rolled the booking back: it is created again, a few times at most.
      const context = { now: app.clock.now(), databaseNow: app.clock.databaseNow(), requestId: request.id, customerId };
      return { data: await retryTransient(() => create(app.db, request.body, context)) };
    },
    { status: 201 },
  );

  registerEndpoint(app, updatePassengers, async (request) => {
    const session = sessionOf(request);
    const { answer, withdrawnFrom } = await update(app.db, { session, body: request.body, now: app.clock.now(), databaseNow: app.clock.databaseNow(), requestId: request.id });
    // After the commit: the provider closes the forms of the old booking's withdrawn requests.
    if (withdrawnFrom !== null) await cancelWithdrawnRequests(app, withdrawnFrom);
    return { data: answer };
  });

  registerEndpoint(app, getBookingTour, async (request) => {
    const session = sessionOf(request);
    const now = app.clock.now();
    const [departure, taken] = await Promise.all([
      departureById(app.db, session.departureId),
      unitsTaken(app.db, session.departureId, app.clock.databaseNow(), session.bookingId),
    ]);
    // The booking's own holds are its to keep, so only others' count against it.
    const placesLeft = departure ? departure.capacity - taken.places : 0;
    const bookable =
      departure !== null &&
      isBookableOnline({ ...departure, placesLeft, brandChannel: session.brandChannel }, now) &&
      placesLeft >= session.participants;
    if (!bookable) throw new HttpError(404, 'NO_RESULTS', 'This departure can no longer be booked online.');
    return { data: { id: session.tourId, name: session.tourName } };
  });

  settlementRoute(app);
}
