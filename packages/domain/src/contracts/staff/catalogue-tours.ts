import { z } from 'zod/mini';
import { BRAND_CHANNELS, type BrandChannelCode } from '../../brand-channels.ts';
import { CATALOGUE_MESSAGES, DEPARTURE_STATUSES, TOUR_CODE_PATTERN } from '../../catalogue/management.ts';
import { idSchema, textChecks } from '../../input-values.ts';
import { staffReasonSchema } from '../../staff/reason.ts';
import { optionalText, requiredText } from '../../validation.ts';
import { TOUR_KINDS } from '../catalogue.ts';
import { dataEnvelope, defineEndpoint, isoDateSchema, isoDateTimeSchema, itemsEnvelope } from '../common.ts';

/**
 * Tours as staff manage them (issue 27, permission catalogue.edit): the code,
 * name, brand channel (which decides the kind: a day trip, an online talk, a
 * tour), texts of the tour page, the itinerary by day, what is included and
 * the expert speakers. A tour's version is its ETag: of two people editing
 * it, the second save gets 412. Its code cannot change once it is booked.
 */

const BRAND_CHANNEL_CODES = Object.keys(BRAND_CHANNELS).map(Number) as BrandChannelCode[];

export const tourCodeSchema = z
  .string({ error: CATALOGUE_MESSAGES.codeFormat })
  .check(z.trim(), z.toUpperCase(), z.regex(TOUR_CODE_PATTERN, CATALOGUE_MESSAGES.codeFormat));

/** One of the reservations system's brand channel codes: a closed list, as a literal of its values (so every tool reading the schema knows them). */
export const brandChannelSchema = z.literal(BRAND_CHANNEL_CODES, { error: CATALOGUE_MESSAGES.brandChannel });

export const itineraryDaySchema = z.object({
  title: requiredText(CATALOGUE_MESSAGES.itineraryTitle, 120),
  description: optionalText(4000, { lines: true }),
});

export const speakerInputSchema = z.object({
  title: optionalText(20),
  forename: requiredText(CATALOGUE_MESSAGES.speakerName, 60),
  surname: requiredText(CATALOGUE_MESSAGES.speakerName, 60),
  biography: optionalText(2000, { lines: true }),
});

/** Everything of a tour a form edits; the same schema checks the console's form and the API's body. */
export const tourInputSchema = z.object({
  code: tourCodeSchema,
  name: requiredText(CATALOGUE_MESSAGES.nameRequired, 120),
  brand_channel: brandChannelSchema,
  /** One line for cards and lists. */
  description: optionalText(300),
  /** The tour page's opening paragraphs. */
  summary: optionalText(4000, { lines: true }),
  itinerary: z.array(itineraryDaySchema).check(z.maxLength(60)),
  inclusions: z.array(requiredText(CATALOGUE_MESSAGES.inclusion, 200)).check(z.maxLength(40)),
  speakers: z.array(speakerInputSchema).check(z.maxLength(20)),
});
export type TourInput = z.input<typeof tourInputSchema>;
export type TourValues = z.output<typeof tourInputSchema>;

export const tourChangeBodySchema = z.extend(tourInputSchema, {
  reason: staffReasonSchema,
});
export const reasonBodySchema = z.object({ reason: staffReasonSchema });

export const catalogueTourParamsSchema = z.object({ tour: idSchema });

export const managedDepartureSummarySchema = z.object({
  id: z.number(),
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  status: z.enum(DEPARTURE_STATUSES),
  hidden: z.boolean(),
  places: z.number(),
  /** Places sold or held now. */
  taken: z.number(),
  booked: z.boolean(),
});

export const managedTourSchema = z.extend(tourInputSchema, {
  id: z.number(),
  kind: z.enum(TOUR_KINDS),
  /** Any departure of it was ever booked: its code is fixed and it cannot be deleted. */
  booked: z.boolean(),
  version: z.number(),
  updated_at: isoDateTimeSchema,
  departures: z.array(managedDepartureSummarySchema),
});
export type ManagedTour = z.infer<typeof managedTourSchema>;

export const managedTourRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  brand_channel: z.number(),
  kind: z.enum(TOUR_KINDS),
  departures: z.number(),
  /** The first departure from today, if any. */
  next_departure: z.nullable(isoDateSchema),
  booked: z.boolean(),
});
export type ManagedTourRow = z.infer<typeof managedTourRowSchema>;

export const catalogueTourSearchSchema = z.object({
  /** Part of a code or a name, any case. */
  q: z.optional(z.string().check(...textChecks({ max: 100 }))),
});

/** The ETag of a tour at a version: the same on every replica. */
export const tourEtag = (tour: { id: number; version: number }): string => `"tour-${tour.id}-v${tour.version}"`;

export const listCatalogueTours = defineEndpoint({
  method: 'GET',
  path: '/staff/catalogue/tours',
  query: catalogueTourSearchSchema,
  response: itemsEnvelope(managedTourRowSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Every tour (or those whose code or name contains q), by code, with its departures counted',
});

export const getCatalogueTour = defineEndpoint({
  method: 'GET',
  path: '/staff/catalogue/tours/:tour',
  params: catalogueTourParamsSchema,
  response: dataEnvelope(managedTourSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'A tour as staff edit it, with its departures; its version is the ETag to send back as If-Match',
});

export const createCatalogueTour = defineEndpoint({
  method: 'POST',
  path: '/staff/catalogue/tours',
  body: tourChangeBodySchema,
  response: dataEnvelope(managedTourSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Adds a tour with the reason; 409 with a field message when the code is taken',
});

export const updateCatalogueTour = defineEndpoint({
  method: 'PUT',
  path: '/staff/catalogue/tours/:tour',
  params: catalogueTourParamsSchema,
  body: tourChangeBodySchema,
  response: dataEnvelope(managedTourSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: "Replaces a tour's details with the reason; If-Match required (428 without, 412 when stale); the code is fixed once booked (409)",
});

/** A POST: the reason travels in the body, and a DELETE carries none. */
export const deleteCatalogueTour = defineEndpoint({
  method: 'POST',
  path: '/staff/catalogue/tours/:tour/delete',
  params: catalogueTourParamsSchema,
  body: reasonBodySchema,
  response: dataEnvelope(z.object({ id: z.number(), deleted: z.literal(true) })),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Deletes a tour that was never booked, with its departures and pictures; If-Match required; 409 once booked',
});
