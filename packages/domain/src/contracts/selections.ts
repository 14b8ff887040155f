import { z } from 'zod/mini';
import { currencyCodeSchema, minorUnitsSchema } from '../money.ts';
import { DEPOSIT_PERCENT, DEPOSIT_PERCENT_RANGE } from '../pricing/deposit.ts';
import { positiveId } from '../input-values.ts';
import { VALIDATION } from '../messages.ts';
import { passengerIdSchema } from '../booking/participant-form.ts';
import { dataEnvelope, defineEndpoint, isoDateSchema } from './common.ts';

/**
 * What the customer chose (spec section 3, Selections) and the prices the
 * server answers with. The client sends only component and passenger ids; the
 * API prices everything from its own records (ADR 0001).
 */

export const allocationSchema = z.object({
  component_id: positiveId(),
  passenger_ids: z
    .array(passengerIdSchema)
    .check(
      z.minLength(1, VALIDATION.passengersRequired),
      z.refine((ids) => new Set(ids).size === ids.length, VALIDATION.duplicatePassenger),
    ),
});
export type Allocation = z.infer<typeof allocationSchema>;

const allocationList = z._default(
  z
    .array(allocationSchema)
    .check(z.refine((list) => new Set(list.map((entry) => entry.component_id)).size === list.length, VALIDATION.duplicateComponent)),
  [],
);

export const allocationsSchema = z.object({
  accommodation: allocationList,
  extras: allocationList,
  flights: allocationList,
});
export type Allocations = z.infer<typeof allocationsSchema>;
export type AllocationKind = keyof Allocations;

export const selectionsBodySchema = z.object({
  /** Only day trips and online talks send the tour alone; here it is optional and must be the booking's tour. */
  tour_id: z.optional(positiveId()),
  allocations: allocationsSchema,
});
export type SelectionsBody = z.input<typeof selectionsBodySchema>;

export const selectionBodySchema = z.object({ tour_id: positiveId() });

/**
 * The reservations system once answered 'XXX' before a currency was fixed;
 * the spec reads that as GBP. Only 'XXX' is mapped: any other unknown code is
 * an error, never silently a pound.
 */
export const prePaymentCurrencySchema = z.union([currencyCodeSchema, z.pipe(z.literal('XXX'), z.transform(() => 'GBP' as const))]);
const prePaymentMoneySchema = z.object({ currency_code: prePaymentCurrencySchema, value: minorUnitsSchema });

/**
 * The figures of spec section 9, all in minor units except the head count.
 * Additional nights count with the extras here, as the reservations system
 * files them; `lines` below has each of them on its own line.
 */
export const priceBreakdownSchema = z.object({
  price_per_person: minorUnitsSchema,
  participants: z.number().check(z.int(), z.minimum(0)),
  flights: minorUnitsSchema,
  extras: minorUnitsSchema,
  accommodation: minorUnitsSchema,
  /** Zero or negative: the promotion, never more than the rest of the total. */
  discount: minorUnitsSchema.check(z.refine((value) => value <= 0, 'A discount is zero or negative')),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

/** What a priced line of the booking is: the tour place, an allocated option, or a promotion. */
export const PRICED_LINE_KINDS = ['tour', 'flight', 'extra', 'room', 'additional_night', 'promotion'] as const;
export type PricedLineKind = (typeof PRICED_LINE_KINDS)[number];

/**
 * One line of the booking as the server priced it: amount = unit_price x
 * quantity, except a promotion, whose amount is capped so the total never
 * goes below zero. Quantity is the participants (tour) or the passengers
 * allocated (options); 1 for a promotion. Minor units of the booking currency.
 */
export const pricedLineSchema = z.object({
  kind: z.enum(PRICED_LINE_KINDS),
  /** The component's name ('BA 702 London Heathrow (LHR) to Vienna (VIE)', 'Promotional code WELCOME100'), shown as text. */
  label: z.string(),
  quantity: z.number().check(z.int(), z.minimum(0)),
  unit_price: minorUnitsSchema,
  amount: minorUnitsSchema,
});
export type PricedLine = z.infer<typeof pricedLineSchema>;

/**
 * Pre-payment details: total_price is the grand total with any promotion
 * already deducted, so it is also the full amount to pay; deposit is 0 where
 * the tour takes no deposit. The lines add up to total_price exactly.
 */
export const prePaymentDetailsSchema = z.object({
  total_price: prePaymentMoneySchema,
  deposit: prePaymentMoneySchema,
  /** The percentage of the total the deposit is (the booking's own: DEPOSIT_PERCENT unless its departure sets another); 0 where none is taken. Figures restored from before it was sent read the operator's. */
  deposit_percent: z._default(z.number().check(z.int(), z.minimum(DEPOSIT_PERCENT_RANGE.min), z.maximum(DEPOSIT_PERCENT_RANGE.max)), DEPOSIT_PERCENT),
  breakdown: priceBreakdownSchema,
  // A page restored from before the lines existed reads none until its fresh figures arrive, rather than losing its details.
  lines: z._default(z.array(pricedLineSchema), []),
  /**
   * 'YYYY-MM-DD' the balance falls due (BALANCE_DUE_DAYS before departure, the API's setting): the web words it
   * with balanceDueSentence and never works it out itself. Null in figures restored from before it was sent.
   */
  balance_due: z._default(z.nullable(isoDateSchema), null),
});
export type PrePaymentDetails = z.infer<typeof prePaymentDetailsSchema>;

export const submitSelections = defineEndpoint({
  method: 'POST',
  path: '/bookings/selections',
  body: selectionsBodySchema,
  response: dataEnvelope(prePaymentDetailsSchema),
  auth: 'booking',
  summary: 'Allocates flights, extras and rooms to passengers and answers the priced totals (SERVICE_FAILURE: no availability)',
});

export const submitSelection = defineEndpoint({
  method: 'POST',
  path: '/bookings/selection',
  body: selectionBodySchema,
  response: dataEnvelope(prePaymentDetailsSchema),
  auth: 'booking',
  summary: 'Day trips and online talks: selects the tour alone and answers the priced totals (deposit 0)',
});
