import { fitsParty, listAccommodationOptions, listExtraOptions, listFlightOptions, listPromotions, listTourComponents } from '@tours/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { appliedPromotions, listComponents } from '../bookings/repository.ts';
import { sessionOf, type BookingSession } from '../bookings/session.ts';
import { unitsTaken, unitsLeft } from '../inventory/availability.ts';
import { extraOptions, flightGroups, roomOptions } from './present.ts';
import { loadOffer, occupancyOf } from './repository.ts';

/** The booking's token opens its own tour's lists only. */
function ownTour(request: FastifyRequest, tourId: number): BookingSession {
  const session = sessionOf(request);
  if (tourId !== session.tourId) throw forbidden('This booking is for another tour.');
  return session;
}

export async function optionRoutes(app: FastifyInstance) {
  /** The departure's options in the booking's currency, with what is left of each for this booking. */
  async function presenting(session: BookingSession) {
    const [offer, taken] = await Promise.all([
      loadOffer(app.db, session.departureId, session.currency),
      unitsTaken(app.db, session.departureId, app.clock.databaseNow(), session.bookingId),
    ]);
    if (!offer) throw notFound('The booking’s departure no longer exists.');
    return { offer, taken, currency: session.currency };
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
