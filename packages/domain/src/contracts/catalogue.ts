import { z } from 'zod/mini';
import { isDayTrip, isOnlineTalk } from '../brand-channels.ts';
import { text, wholeNumberParam } from '../input-values.ts';
import { VALIDATION } from '../messages.ts';
import { currencyCodeSchema, moneySchema } from '../money.ts';
import { dataEnvelope, defineEndpoint, isoDateSchema, itemsEnvelope } from './common.ts';

export const speakerSchema = z.object({ title: z.string(), forename: z.string(), surname: z.string() });
export type Speaker = z.infer<typeof speakerSchema>;

/** A bookable tour departure as `/tours/find` answers it (spec section 3, Tour). */
export const tourSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  code: z.string(),
  /** Departure start as an ISO date-time. */
  start: z.string(),
  end: z.string(),
  departure_id: z.number().check(z.int()),
  brand_channel: z.number().check(z.int()),
  price: moneySchema,
  speakers: z.array(speakerSchema),
  available_to_book: z.boolean(),
});
export type Tour = z.infer<typeof tourSchema>;

export const findTourQuerySchema = z.object({
  tour: text({ max: 20, required: VALIDATION.valueRequired }),
  departure: isoDateSchema,
  currency: z._default(currencyCodeSchema, 'GBP'),
});

export const findTour = defineEndpoint({
  method: 'GET',
  path: '/tours/find',
  query: findTourQuerySchema,
  response: dataEnvelope(tourSchema),
  auth: 'none',
  summary: 'Finds a tour departure by tour code and start date',
});

/**
 * Our own tour pages: /tours lists the tours and /tours/{code} shows one.
 * A departure carries its price in every currency, so the currency switch
 * never refetches; places, rooms and whether it can be booked online come
 * from the inventory at the moment of the call.
 */

/** How the /tours filter names what a tour is (its brand channel decides). */
export const TOUR_KINDS = ['tour', 'day_trip', 'online_talk'] as const;
export type TourKind = (typeof TOUR_KINDS)[number];

/** What each kind is called: one tour ('Day trip', the console's lists) and many ('Day trips', the /tours filter). */
export const TOUR_KIND_NAMES: Readonly<Record<TourKind, { one: string; many: string }>> = {
  tour: { one: 'Tour', many: 'Tours' },
  day_trip: { one: 'Day trip', many: 'Day trips' },
  online_talk: { one: 'Online talk', many: 'Online talks' },
};

export function tourKindOf(brandChannel: number | null | undefined): TourKind {
  if (isDayTrip(brandChannel)) return 'day_trip';
  if (isOnlineTalk(brandChannel)) return 'online_talk';
  return 'tour';
}

/** A calendar month, 'YYYY-MM'. */
export const monthSchema = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month in the format YYYY-MM'));

/** One file of a picture: the same picture in one format at one width (JPEG for uploaded pictures only, the <img> fallback). */
export const pictureVariantSchema = z.object({
  format: z.enum(['avif', 'webp', 'jpeg']),
  width: z.number().check(z.int(), z.positive()),
  url: z.string(),
});

export const tourPictureSchema = z.object({
  alt: z.string(),
  /** Intrinsic size of the largest variant: the page reserves its aspect ratio before it loads. */
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
  variants: z.array(pictureVariantSchema),
});
export type TourPicture = z.infer<typeof tourPictureSchema>;

/** Room types of a departure as the inventory has them now; `rooms_left` 0 is sold out. */
export const departureRoomTypeSchema = z.object({
  type: z.string(),
  /** How many people one room takes. */
  occupancy: z.object({ from: z.number().check(z.int()), to: z.number().check(z.int()) }),
  rooms_left: z.number().check(z.int(), z.minimum(0)),
});
export type DepartureRoomType = z.infer<typeof departureRoomTypeSchema>;

export const catalogueDepartureSchema = z.object({
  departure_id: z.number().check(z.int()),
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  /** False: 'on request' (closed by the operator, no place left, or past the booking rule). */
  available_to_book: z.boolean(),
  places_left: z.number().check(z.int(), z.minimum(0)),
  prices: z.array(moneySchema),
});
export type CatalogueDeparture = z.infer<typeof catalogueDepartureSchema>;

export const catalogueTourSchema = z.object({
  id: z.number().check(z.int()),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  brand_channel: z.number().check(z.int()),
  brand_channel_name: z.string(),
  kind: z.enum(TOUR_KINDS),
  speakers: z.array(speakerSchema),
  /** The tour's main picture, if it has one. */
  picture: z.nullable(tourPictureSchema),
  /** The departures the filters let through, soonest first (every future one without filters). */
  departures: z.array(catalogueDepartureSchema),
  /** The first of `departures`. */
  next_departure: z.nullable(catalogueDepartureSchema),
  /** The lowest price per person of `departures`, in each currency. */
  lead_prices: z.array(moneySchema),
});
export type CatalogueTour = z.infer<typeof catalogueTourSchema>;

export const CATALOGUE_SEARCH_MAX = 100;

/** A price filter in minor units, compared with prices the database holds as integers. */
const priceFilter = wholeNumberParam({ min: 0, wholeMessage: 'Use a whole amount in minor units', minMessage: 'Use an amount of 0 or more' });

/** Filters of GET /tours. Prices are per person in minor units of `currency`, compared with each departure's price. */
export const catalogueQuerySchema = z
  .object({
    month: z.optional(monthSchema),
    kind: z.optional(z.enum(TOUR_KINDS, { message: 'Choose tour, day_trip or online_talk' })),
    q: z.optional(text({ max: CATALOGUE_SEARCH_MAX, maxMessage: `Search with at most ${CATALOGUE_SEARCH_MAX} characters` })),
    currency: z._default(currencyCodeSchema, 'GBP'),
    price_min: z.optional(priceFilter),
    price_max: z.optional(priceFilter),
  })
  .check(
    z.refine((query) => query.price_min === undefined || query.price_max === undefined || query.price_min <= query.price_max, {
      path: ['price_max'],
      message: 'The highest price must not be below the lowest',
    }),
  );
export type CatalogueQuery = z.input<typeof catalogueQuerySchema>;

export const listCatalogue = defineEndpoint({
  method: 'GET',
  path: '/tours',
  query: catalogueQuerySchema,
  response: dataEnvelope(
    z.object({
      items: z.array(catalogueTourSchema),
      /** Every month with a future departure, whatever the filters, for the month filter. */
      months: z.array(monthSchema),
    }),
  ),
  auth: 'none',
  summary: 'Lists tours by next departure, filtered by month, kind, price and search',
});

/** A departure on the tour page and on step 1: what can be bought, before any form is filled in. */
export const tourDepartureSchema = z.extend(catalogueDepartureSchema, {
  /** The domain's booking rule now: confirmable, optional (under five weeks) or closed. */
  booking_mode: z.enum(['confirmable', 'optional', 'closed']),
  /** Empty when the departure has no hotel (day trips, talks). */
  room_types: z.array(departureRoomTypeSchema),
});
export type TourDeparture = z.infer<typeof tourDepartureSchema>;

export const tourDetailSchema = z.extend(z.omit(catalogueTourSchema, { picture: true, departures: true, speakers: true }), {
  summary: z.string(),
  pictures: z.array(tourPictureSchema),
  itinerary: z.array(z.object({ day: z.number().check(z.int(), z.positive()), title: z.string(), description: z.string() })),
  included: z.array(z.string()),
  hotels: z.array(z.object({ name: z.string(), city: z.string(), description: z.string() })),
  speakers: z.array(z.extend(speakerSchema, { biography: z.string() })),
  departures: z.array(tourDepartureSchema),
});
export type TourDetail = z.infer<typeof tourDetailSchema>;

export const tourCodeParamsSchema = z.object({ code: text({ max: 20, required: VALIDATION.valueRequired }) });

export const getTourDetail = defineEndpoint({
  method: 'GET',
  path: '/tours/:code',
  params: tourCodeParamsSchema,
  response: dataEnvelope(tourDetailSchema),
  auth: 'none',
  summary: 'One tour: summary, itinerary, hotels, inclusions, speakers, pictures and every future departure',
});

export const getTourDeparture = defineEndpoint({
  method: 'GET',
  path: '/tours/:code/departures/:date',
  params: z.extend(tourCodeParamsSchema, { date: isoDateSchema }),
  response: dataEnvelope(tourDepartureSchema),
  auth: 'none',
  summary: 'One departure: places left, room types left and whether it can be booked online',
});

/** Every room type gone: a departure with hotels that no party can sleep at. */
export const roomsSoldOut = (departure: Pick<TourDeparture, 'room_types'>): boolean =>
  departure.room_types.length > 0 && departure.room_types.every((room) => room.rooms_left === 0);

/**
 * What the tour page and step 1 offer to book online: open to booking (the
 * API's rule, `available_to_book`), a place left and, where it has hotels, a
 * room left. Anything else is 'on request'.
 */
export const departureBookableOnline = (
  departure: Pick<CatalogueDeparture, 'available_to_book' | 'places_left'> & Partial<Pick<TourDeparture, 'room_types'>>,
): boolean => departure.available_to_book && departure.places_left > 0 && !roomsSoldOut({ room_types: departure.room_types ?? [] });

export const marketingSourceSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  subsources: z.array(z.object({ id: z.number().check(z.int()), name: z.string() })),
});
export type MarketingSource = z.infer<typeof marketingSourceSchema>;

/** The source sent with every online booking, with its 'Other' subsource (spec section 9). */
export const ONLINE_MARKETING_SOURCE_ID = 63;
export const OTHER_MARKETING_SUBSOURCE_ID = 165;

export const listMarketingSources = defineEndpoint({
  method: 'GET',
  path: '/config/marketing-sources',
  response: itemsEnvelope(marketingSourceSchema),
  auth: 'none',
  summary: 'Marketing sources and their subsources for "How did you hear about us?"',
});

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
export const health = defineEndpoint({
  method: 'GET',
  path: '/health',
  response: healthResponseSchema,
  auth: 'none',
  summary: 'Answers 200 when the database answers',
});

/** The sandbox IP-geolocation service answers in the shape of the common public ones. */
export const geolocationResponseSchema = z.object({ ip: z.string(), country: z.nullable(z.string()) });
export type GeolocationResponse = z.infer<typeof geolocationResponseSchema>;
