import { brandChannelName, findTour, isIsoDate, listCatalogue, operatorDate } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { notFound, validationFailed } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { isBookableOnline } from './booking-window.ts';
import * as catalogue from './repository.ts';

/** Calendar dates travel without a zone and are read as local dates (ADR 0001). */
const localDateTime = (date: string) => `${date}T00:00:00`;

export async function catalogueRoutes(app: FastifyInstance) {
  registerEndpoint(app, listCatalogue, async () => {
    const now = app.clock.now();
    const entries = await catalogue.listCatalogue(app.db, operatorDate(now), now);
    return {
      data: {
        items: entries.map(({ tour, speakers, departures }) => ({
          id: tour.id,
          code: tour.code,
          name: tour.name,
          description: tour.description,
          brand_channel: tour.brandChannel,
          brand_channel_name: brandChannelName(tour.brandChannel),
          speakers,
          departures: departures.map((departure) => ({
            departure_id: departure.id,
            start_date: departure.startDate,
            end_date: departure.endDate,
            available_to_book: isBookableOnline({ ...departure, brandChannel: tour.brandChannel }, now),
            places_left: departure.placesLeft,
            prices: departure.prices,
          })),
        })),
      },
    };
  });

  registerEndpoint(app, findTour, async (request) => {
    const { tour: code, departure: startDate, currency } = request.query;
    // The contract checks the shape; a calendar date that does not exist (2027-02-30) is caught here.
    if (!isIsoDate(startDate)) throw validationFailed({ departure: 'Use a real date in the format YYYY-MM-DD' });
    const now = app.clock.now();
    const found = await catalogue.findDeparture(app.db, code, startDate, now);
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
  });
}
