import { fitsParty, listAccommodationOptions, listExtraOptions, listFlightOptions, listPromotions, listTourComponents } from '@tours/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { appliedPromotions, listComponents } from '../bookings/repository.ts';
import { sessionOf, type BookingSession } from '../bookings/session.ts';
import { PRIVATE_NO_STORE } from '../../plugins/read-cache.ts';
import { takenExcept, unitsLeft, unitsTakenByBooking } from '../inventory/availability.ts';
import { extraOptions, flightGroups, roomOptions } from './present.ts';
import { loadOffer, occupancyOf } from './repository.ts';

/** The booking's token opens its own tour's lists only. */
function ownTour(request: FastifyRequest, tourId: number): BookingSession {
  const session = sessionOf(request);
  if (tourId !== session.tourId) throw forbidden('This booking is for another tour.');
  return session;
}

export async function optionRoutes(app: FastifyInstance) {
  // Every answer here is one booking's: no browser or shared cache may keep it.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  /**
   * The departure's options in the booking's currency, with what is left of
   * each for this booking. The departure's offer and everything taken on it
   * (by booking) are shared by every booking of the departure, so they come
   * from the read cache; this booking's view is worked out from them in
   * memory. The lists only inform the choice: selections check the stock again
   * in the database, under the departure's lock.
   */
  async function presenting(session: BookingSession) {
    const { offer, byBooking } = await app.readCache.get(`offer:${session.departureId}:${session.currency}`, async () => {
      const [offer, byBooking] = await Promise.all([
        loadOffer(app.db, session.departureId, session.currency),
        unitsTakenByBooking(app.db, session.departureId, app.clock.databaseNow()),
      ]);
      return { offer, byBooking };
    });
    if (!offer) throw notFound('The booking’s departure no longer exists.');
    return { offer, taken: takenExcept(byBooking, session.bookingId), currency: session.currency };
  }

  registerEndpoint(app, listFlightOptions, async (request) => {
    const session = ownTour(request, request.params.id);
    return { data: { items: flightGroups(await presenting(session)) } };
  });

  registerEndpoint(app, listAccommodationOptions, async (request) => {
    const session = ownTour(request, request.params.id);
    const view = await presenting(session);
    const items = roomOptions(view);
    // Hotels with no room left for this party: the spec's data.code, which the client reads as availability false.
    const party = session.participants;
    const roomForParty = view.offer.options.some(
      (option) =>
        option.room &&
        fitsParty(option.kind, occupancyOf(option), party) &&
        unitsLeft(option.inventory, view.taken.byOption.get(option.id)) >= party,
    );
    const soldOut = view.offer.hotels.length > 0 && !roomForParty;
    const hotels = view.offer.hotels.map(({ name, nights }) => ({ name, nights }));
    return { data: soldOut ? { hotels, items, code: 'SERVICE_FAILURE' as const } : { hotels, items } };
  });

  registerEndpoint(app, listExtraOptions, async (request) => {
    const session = ownTour(request, request.params.id);
    return { data: { items: extraOptions(await presenting(session)) } };
  });

  registerEndpoint(app, listTourComponents, async (request) => {
    const session = ownTour(request, request.params.id);
    const rows = await listComponents(app.db, session.bookingId);
    return {
      data: {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          component_type: row.componentType,
          price: { value: row.price, currency_code: row.currency },
        })),
      },
    };
  });

  registerEndpoint(app, listPromotions, async (request) => {
    const session = ownTour(request, request.params.id);
    const rows = await appliedPromotions(app.db, session.bookingId);
    return { data: { items: rows.map((row) => ({ id: row.id, name: row.code, description: row.description })) } };
  });
}
