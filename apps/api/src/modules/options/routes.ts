import { fitsParty, listAccommodationOptions, listExtraOptions, listFlightOptions, listPromotions, listTourComponents, type Endpoint } from '@tours/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { PRIVATE_NO_STORE, sendSerialized, serializeAnswer } from '../../plugins/read-cache.ts';
import { appliedPromotions, listComponents, recordQuoteReason, sessionOf, type BookingSession } from '../bookings/index.ts';
import { extraOptions, flightGroups, loadOffer, occupancyOf, roomOptions, type Presenting } from '../catalogue/index.ts';
import { takenExcept, unitsLeft, unitsTakenByBooking } from '../inventory/index.ts';

/** The booking's token opens its own tour's lists only. */
function ownTour(request: FastifyRequest, tourId: number): BookingSession {
  const session = sessionOf(request);
  if (tourId !== session.tourId) throw forbidden('This booking is for another tour.');
  return session;
}

export async function optionRoutes(app: FastifyInstance) {
  // Every answer here is one booking's: no browser or shared cache may keep it.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
    done();
  });

  /**
   * The departure's offer in one currency and everything taken on it (by
   * booking), shared by every booking of the departure, so they come from the
   * read cache; with them, each booking's answers as sent, so a booking that
   * reads its list again costs neither the presenting nor the serialising.
   * They live and go with the entry they were worked out from (the TTL, or
   * this replica's next write), so no answer outlives the offer it shows.
   */
  const departureOffer = (session: BookingSession) =>
    app.readCache.get(`offer:${session.departureId}:${session.currency}`, async () => {
      const [offer, byBooking] = await Promise.all([
        loadOffer(app.db, session.departureId, session.currency),
        unitsTakenByBooking(app.db, session.departureId, app.clock.databaseNow()),
      ]);
      return { offer, byBooking, answers: new Map<string, string>() };
    });

  /**
   * One of the booking's option lists: the departure's options in the
   * booking's currency, with what is left of each for this booking, worked
   * out in memory from the shared offer. The lists only inform the choice:
   * selections check the stock again in the database, under the departure's lock.
   */
  async function optionList<E extends Endpoint>(
    reply: FastifyReply,
    endpoint: E,
    session: BookingSession,
    present: (view: Presenting) => z.input<E['response']>,
    /** Runs before the answer is sent, whether it was worked out now or read from the cache. */
    beforeSend?: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const { offer, byBooking, answers } = await departureOffer(session);
    if (!offer) throw notFound('The booking’s departure no longer exists.');
    // All a list depends on besides the shared entry: the booking (its own holds) and its party (which rooms fit).
    const key = `${endpoint.path}:${session.bookingId}:${session.participants}`;
    let body = answers.get(key);
    if (body === undefined) {
      body = serializeAnswer(endpoint, present({ offer, taken: takenExcept(byBooking, session.bookingId), currency: session.currency }));
      answers.set(key, body);
    }
    await beforeSend?.();
    return sendSerialized(reply, body);
  }

  /**
   * The three option lists only read, and only inform the choice: they may
   * take a booking session this replica verified within the cache's TTL
   * (plugins/booking-auth.ts). Selections and every other write ask the
   * database for the session on every call.
   */
  const readOnly = { config: { bookingSessionFromReadCache: true } };

  registerEndpoint(
    app,
    listFlightOptions,
    (request, reply) => optionList(reply, listFlightOptions, ownTour(request, request.params.id), (view) => ({ data: { items: flightGroups(view) } })),
    readOnly,
  );

  registerEndpoint(
    app,
    listAccommodationOptions,
    async (request, reply) => {
      const session = ownTour(request, request.params.id);
      let soldOut = false;
      return optionList(
        reply,
        listAccommodationOptions,
        session,
        (view) => {
          const items = roomOptions(view);
          // Hotels with no room left for this party: the spec's data.code, which the client reads as availability false.
          const party = session.participants;
          const roomForParty = view.offer.options.some(
            (option) =>
              option.room && fitsParty(option.kind, occupancyOf(option), party) && unitsLeft(option.inventory, view.taken.byOption.get(option.id)) >= party,
          );
          soldOut = view.offer.hotels.length > 0 && !roomForParty;
          const hotels = view.offer.hotels.map(({ name, nights }) => ({ name, nights }));
          return { data: soldOut ? { hotels, items, code: 'SERVICE_FAILURE' as const } : { hotels, items } };
        },
        // The site goes no further: the visitor is told a quote was created, and staff are to call them back. An
        // answer read again from this booking's cached one was marked when it was first worked out.
        async () => soldOut && recordQuoteReason(app.db, { bookingId: session.bookingId, reason: 'rooms-sold-out', requestId: request.id }),
      );
    },
    readOnly,
  );

  registerEndpoint(
    app,
    listExtraOptions,
    (request, reply) => optionList(reply, listExtraOptions, ownTour(request, request.params.id), (view) => ({ data: { items: extraOptions(view) } })),
    readOnly,
  );

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
