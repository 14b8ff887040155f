import { z } from 'zod';
import { currencyCodeSchema, moneySchema } from '../money.ts';
import { dataEnvelope, defineEndpoint, isoDateSchema, itemsEnvelope } from './common.ts';

export const speakerSchema = z.object({ title: z.string(), forename: z.string(), surname: z.string() });
export type Speaker = z.infer<typeof speakerSchema>;

/** A bookable tour departure as `/tours/find` answers it (spec section 3, Tour). */
export const tourSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** Departure start as an ISO date-time. */
  start: z.string(),
  end: z.string(),
  departure_id: z.number().int(),
  brand_channel: z.number().int(),
  price: moneySchema,
  speakers: z.array(speakerSchema),
  available_to_book: z.boolean(),
});
export type Tour = z.infer<typeof tourSchema>;

export const findTourQuerySchema = z.object({
  tour: z.string().trim().min(1, 'Value is required').max(20),
  departure: isoDateSchema,
  currency: currencyCodeSchema.default('GBP'),
});

export const findTour = defineEndpoint({
  method: 'GET',
  path: '/tours/find',
  query: findTourQuerySchema,
  response: dataEnvelope(tourSchema),
  auth: 'none',
  summary: 'Finds a tour departure by tour code and start date',
});

/** Our own `/tours` catalogue page: every tour with its departures. */
export const catalogueDepartureSchema = z.object({
  departure_id: z.number().int(),
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  available_to_book: z.boolean(),
  places_left: z.number().int().min(0),
  prices: z.array(moneySchema),
});
export type CatalogueDeparture = z.infer<typeof catalogueDepartureSchema>;

export const catalogueTourSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  brand_channel: z.number().int(),
  brand_channel_name: z.string(),
  speakers: z.array(speakerSchema),
  departures: z.array(catalogueDepartureSchema),
});
export type CatalogueTour = z.infer<typeof catalogueTourSchema>;

export const listCatalogue = defineEndpoint({
  method: 'GET',
  path: '/tours',
  response: itemsEnvelope(catalogueTourSchema),
  auth: 'none',
  summary: 'Lists every tour with its departures for the catalogue page',
});

export const marketingSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subsources: z.array(z.object({ id: z.number().int(), name: z.string() })),
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
export const geolocationResponseSchema = z.object({ ip: z.string(), country: z.string().nullable() });
export type GeolocationResponse = z.infer<typeof geolocationResponseSchema>;
