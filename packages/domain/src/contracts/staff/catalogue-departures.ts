import { z } from 'zod/mini';
import { CATALOGUE_MESSAGES, DEPARTURE_STATUSES } from '../../catalogue/management.ts';
import { idSchema } from '../../input-values.ts';
import { CURRENCIES, type CurrencyCode } from '../../money.ts';
import { DEPOSIT_PERCENT_RANGE } from '../../pricing/deposit.ts';
import { MAX_MONEY_MINOR } from '../../staff/money.ts';
import { staffReasonSchema } from '../../staff/reason.ts';
import { requiredIsoDate } from '../../validation.ts';
import { dataEnvelope, defineEndpoint, isoDateSchema, isoDateTimeSchema } from '../common.ts';
import { managedOptionSchema } from './catalogue-options.ts';
import { catalogueTourParamsSchema, reasonBodySchema } from './catalogue-tours.ts';

/**
 * A tour's departures as staff manage them (issue 27): dates, status,
 * places, the price per person in every currency and whether the catalogue
 * lists it. Places can never be set below what is sold and held; a price
 * applies to new holds only, since a booking keeps the prices it was
 * given (its components' unit prices). A departure's version is the ETag
 * of the departure and of its options together.
 */

/** A whole number of minor units from 0, which a PostgreSQL integer holds. */
export const priceSchema = z
  .number({ error: CATALOGUE_MESSAGES.price })
  .check(z.int({ error: CATALOGUE_MESSAGES.price, abort: true }), z.minimum(0, CATALOGUE_MESSAGES.price), z.maximum(MAX_MONEY_MINOR, CATALOGUE_MESSAGES.price));

/** A price in every currency the site sells in. */
export const pricesSchema = z.object(Object.fromEntries(CURRENCIES.map((currency) => [currency, priceSchema])) as Record<CurrencyCode, typeof priceSchema>);
export type PricesInput = z.infer<typeof pricesSchema>;

/** A count of places, rooms, seats or units, from 0. */
export const stockSchema = (message: string) =>
  z.number({ error: message }).check(z.int({ error: message, abort: true }), z.minimum(0, message), z.maximum(100_000, message));

const departureFields = z.object({
  start_date: requiredIsoDate(CATALOGUE_MESSAGES.startDate),
  end_date: requiredIsoDate(CATALOGUE_MESSAGES.endDate),
  status: z.enum(DEPARTURE_STATUSES, { error: CATALOGUE_MESSAGES.status }),
  hidden: z.boolean(),
  places: stockSchema(CATALOGUE_MESSAGES.places),
  prices: pricesSchema,
  /** Days before the start the balance falls due, where this departure differs from the operator's rule; null: the operator's. */
  balance_due_days: z._default(
    z.nullable(
      z
        .number({ error: CATALOGUE_MESSAGES.balanceDueDays })
        .check(z.int({ error: CATALOGUE_MESSAGES.balanceDueDays, abort: true }), z.minimum(0, CATALOGUE_MESSAGES.balanceDueDays), z.maximum(365, CATALOGUE_MESSAGES.balanceDueDays)),
    ),
    null,
  ),
  /** The deposit's percentage of the total, where this departure differs from the operator's 15%; null: the operator's. New bookings are sold under it. */
  deposit_percent: z._default(
    z.nullable(
      z
        .number({ error: CATALOGUE_MESSAGES.depositPercent })
        .check(
          z.int({ error: CATALOGUE_MESSAGES.depositPercent, abort: true }),
          z.minimum(DEPOSIT_PERCENT_RANGE.min, CATALOGUE_MESSAGES.depositPercent),
          z.maximum(DEPOSIT_PERCENT_RANGE.max, CATALOGUE_MESSAGES.depositPercent),
        ),
    ),
    null,
  ),
});
const datesOrdered = <T extends { start_date: string; end_date: string }>() =>
  z.refine<T>((departure) => departure.end_date >= departure.start_date, {
    path: ['end_date'],
    message: CATALOGUE_MESSAGES.datesOrdered,
  });

export const departureInputSchema = departureFields.check(datesOrdered());
export type DepartureInput = z.input<typeof departureInputSchema>;
export type DepartureValues = z.output<typeof departureInputSchema>;

export const departureChangeBodySchema = z.extend(departureFields, { reason: staffReasonSchema }).check(datesOrdered());

export const catalogueDepartureParamsSchema = z.object({ departure: idSchema });

export const managedDepartureSchema = z.object({
  id: z.number(),
  tour: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  status: z.enum(DEPARTURE_STATUSES),
  hidden: z.boolean(),
  places: z.number(),
  prices: pricesSchema,
  balance_due_days: z.nullable(z.number()),
  deposit_percent: z.nullable(z.number()),
  /** Places sold, and held by bookings in progress now. */
  sold: z.number(),
  held: z.number(),
  /** Ever booked: it can be closed, not deleted. */
  booked: z.boolean(),
  version: z.number(),
  updated_at: isoDateTimeSchema,
  /** Flights (by group), rooms (by hotel), extras and additional nights, in the order the site shows them. */
  options: z.array(managedOptionSchema),
});
export type ManagedDeparture = z.infer<typeof managedDepartureSchema>;

/** The ETag of a departure (with its options) at a version. */
export const departureEtag = (departure: { id: number; version: number }): string => `"departure-${departure.id}-v${departure.version}"`;

export const createCatalogueDeparture = defineEndpoint({
  method: 'POST',
  path: '/staff/catalogue/tours/:tour/departures',
  params: catalogueTourParamsSchema,
  body: departureChangeBodySchema,
  response: dataEnvelope(managedDepartureSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Adds a departure to a tour with its places and prices; 409 when the tour already has one on that date',
});

export const getCatalogueDeparture = defineEndpoint({
  method: 'GET',
  path: '/staff/catalogue/departures/:departure',
  params: catalogueDepartureParamsSchema,
  response: dataEnvelope(managedDepartureSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'A departure with its prices, options and what is sold and held of each; its version is the ETag',
});

export const updateCatalogueDeparture = defineEndpoint({
  method: 'PUT',
  path: '/staff/catalogue/departures/:departure',
  params: catalogueDepartureParamsSchema,
  body: departureChangeBodySchema,
  response: dataEnvelope(managedDepartureSchema),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary:
    'Changes dates, status, places, visibility and prices with the reason; If-Match required (412 when stale); places never below what is sold and held (409 saying how many); a price applies to new holds only',
});

/** A POST: the reason travels in the body, and a DELETE carries none. */
export const deleteCatalogueDeparture = defineEndpoint({
  method: 'POST',
  path: '/staff/catalogue/departures/:departure/delete',
  params: catalogueDepartureParamsSchema,
  body: reasonBodySchema,
  response: dataEnvelope(z.object({ id: z.number(), deleted: z.literal(true) })),
  auth: 'staff',
  permission: 'catalogue.edit',
  summary: 'Deletes a departure that was never booked; If-Match required; 409 once booked (close it instead)',
});
