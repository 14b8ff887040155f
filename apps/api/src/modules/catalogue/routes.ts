import { type CurrencyCode, findTour, getTourDeparture, getTourDetail, isIsoDate, listCatalogue, operatorDate, tourKindOf, brandChannelName } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { notFound, validationFailed } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { answerCached, publicCacheControl } from '../../plugins/read-cache.ts';
import { isBookableOnline } from './booking-window.ts';
import { tourMedia } from './media.ts';
import { catalogueOut, departureMonths, leadPrices, pictureOut, tourDepartureOut } from './present.ts';
import * as catalogue from './repository.ts';
import { departureRoomTypes, loadTourPage } from './tour-page.ts';

/** Calendar dates travel without a zone and are read as local dates (ADR 0001). */
const localDateTime = (date: string) => `${date}T00:00:00`;

/**
 * The catalogue, tour pages and tour lookup are the same for every visitor,
 * so they are served from the read cache (plugins/read-cache.ts) with an ETag
 * and public Cache-Control. Places left may be up to READ_CACHE_TTL_MS old on
 * another replica; booking never relies on them (selections read the database).
 */
export async function catalogueRoutes(app: FastifyInstance) {
  await app.register(tourMedia);
  const cacheControl = publicCacheControl(app.config.readCacheTtlMs);

  /** The catalogue's rows, shared by every filter of the list. */
  const catalogueEntries = () =>
    app.readCache.get('catalogue:entries', () => {
      const now = app.clock.now();
      return catalogue.listCatalogue(app.db, operatorDate(now), app.clock.databaseNow());
    });

  registerEndpoint(app, listCatalogue, async (request, reply) =>
    answerCached(app, request, reply, {
      endpoint: listCatalogue,
      key: `catalogue:${JSON.stringify(request.query)}`,
      cacheControl,
      compute: async () => {
        const entries = await catalogueEntries();
        return { data: { items: catalogueOut(entries, request.query, app.clock.now()), months: departureMonths(entries) } };
      },
    }),
  );

  registerEndpoint(app, getTourDetail, async (request, reply) =>
    answerCached(app, request, reply, {
      endpoint: getTourDetail,
      key: `tour:${request.params.code.toUpperCase()}`,
      cacheControl,
      compute: () => tourDetail(request.params.code),
    }),
  );

  async function tourDetail(code: string) {
    const now = app.clock.now();
    const page = await loadTourPage(app.db, code, operatorDate(now), app.clock.databaseNow());
    if (!page) throw notFound(`No tour ${code.toUpperCase()}.`);
    const { tour } = page;
    // Departures one after another: each reads its rooms in a few queries, and a tour has a handful.
    const departures = [];
    for (const departure of page.departures) {
      departures.push(tourDepartureOut(tour, departure, await departureRoomTypes(app.db, departure.id, app.clock.databaseNow()), now));
    }
    return {
      data: {
        id: tour.id,
        code: tour.code,
        name: tour.name,
        description: tour.description,
        brand_channel: tour.brandChannel,
        brand_channel_name: brandChannelName(tour.brandChannel),
        kind: tourKindOf(tour.brandChannel),
        summary: page.summary,
        pictures: page.pictures.map(pictureOut),
        itinerary: page.itinerary,
        included: page.included,
        hotels: page.hotels,
        speakers: page.speakers,
        departures,
        next_departure: departures[0] ?? null,
        lead_prices: leadPrices(page.departures),
      },
    };
  }

  registerEndpoint(app, getTourDeparture, async (request, reply) => {
    const { code, date } = request.params;
    if (!isIsoDate(date)) throw validationFailed({ date: 'Use a real date in the format YYYY-MM-DD' });
    return answerCached(app, request, reply, {
      endpoint: getTourDeparture,
      key: `departure:${code.toUpperCase()}:${date}`,
      cacheControl,
      compute: async () => {
        const now = app.clock.now();
        const found = await catalogue.findDeparture(app.db, code, date, app.clock.databaseNow());
        if (!found) throw notFound(`No departure of tour ${code.toUpperCase()} on ${date}.`);
        const roomTypes = await departureRoomTypes(app.db, found.departure.id, app.clock.databaseNow());
        return { data: tourDepartureOut(found.tour, found.departure, roomTypes, now) };
      },
    });
  });

  registerEndpoint(app, findTour, async (request, reply) => {
    const { tour: code, departure: startDate, currency } = request.query;
    // The contract checks the shape; a calendar date that does not exist (2027-02-30) is caught here.
    if (!isIsoDate(startDate)) throw validationFailed({ departure: 'Use a real date in the format YYYY-MM-DD' });
    return answerCached(app, request, reply, {
      endpoint: findTour,
      key: `find:${code.toUpperCase()}:${startDate}:${currency}`,
      cacheControl,
      compute: () => foundTour(code, startDate, currency),
    });
  });

  async function foundTour(code: string, startDate: string, currency: CurrencyCode) {
    const now = app.clock.now();
    const found = await catalogue.findDeparture(app.db, code, startDate, app.clock.databaseNow());
    if (!found) throw notFound(`No departure of tour ${code.toUpperCase()} on ${startDate}.`);
    const { tour, speakers, departure } = found;
    const price = departure.prices.find((p) => p.currency === currency);
    if (!price) throw notFound(`Departure ${startDate} of tour ${tour.code} has no price in ${currency}.`);
    return {
      data: {
        id: tour.id,
        name: tour.name,
        code: tour.code,
        start: localDateTime(departure.startDate),
        end: localDateTime(departure.endDate),
        departure_id: departure.id,
        brand_channel: tour.brandChannel,
        price,
        speakers,
        available_to_book: isBookableOnline({ ...departure, brandChannel: tour.brandChannel }, now),
      },
    };
  }
}
