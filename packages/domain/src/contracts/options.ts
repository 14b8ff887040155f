import { z } from 'zod/mini';
import { moneyCodeSchema } from '../money.ts';
import { idSchema } from '../input-values.ts';
import { dataEnvelope, defineEndpoint, itemsEnvelope } from './common.ts';
import type { AllocationKind } from './selections.ts';

/**
 * The bookable options of the active booking's tour (spec section 3, Options)
 * and the calls that list them. Field names are the reservations system's.
 * Every option the customer can allocate is a component with a numeric id;
 * 'own arrangements' for flights is a choice the client keeps, not a component.
 */

export const COMPONENT_TYPES = {
  tour: 'Tour',
  flight: 'Flight',
  accommodation: 'Accommodation',
  extra: 'Extra',
  additionalNight: 'AdditionalNight',
  promotionalCode: 'PromotionalCode',
} as const;
export type ComponentType = (typeof COMPONENT_TYPES)[keyof typeof COMPONENT_TYPES];

/** What a departure sells on top of the tour place. */
export const OPTION_KINDS = ['flight', 'room', 'extra', 'additional_night'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** The booking component each kind of option becomes once allocated. */
export const COMPONENT_TYPE_OF_KIND = {
  flight: COMPONENT_TYPES.flight,
  room: COMPONENT_TYPES.accommodation,
  extra: COMPONENT_TYPES.extra,
  additional_night: COMPONENT_TYPES.additionalNight,
} as const satisfies Record<OptionKind, ComponentType>;

/**
 * The allocation list, and the summary line, each kind belongs to. Additional
 * nights are extras in the reservations system, so they price on the extras line.
 */
export const ALLOCATION_KIND_OF_KIND = {
  flight: 'flights',
  room: 'accommodation',
  extra: 'extras',
  additional_night: 'extras',
} as const satisfies Record<OptionKind, AllocationKind>;

/** Which kinds each allocation list takes: step 3b may send additional nights with the room. */
export const KINDS_IN_ALLOCATION: Record<AllocationKind, readonly OptionKind[]> = {
  flights: ['flight'],
  extras: ['extra', 'additional_night'],
  accommodation: ['room', 'additional_night'],
};

/** The summary line a booking component's price adds to; the tour and promotions have lines of their own. */
export const SUMMARY_LINE_OF_COMPONENT: Partial<Record<ComponentType, AllocationKind>> = Object.fromEntries(
  OPTION_KINDS.map((kind) => [COMPONENT_TYPE_OF_KIND[kind], ALLOCATION_KIND_OF_KIND[kind]]),
);

/** A booked or bookable item. The name may hold HTML-escaped text, so it is shown as text, never as HTML. */
export const componentSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  component_type: z.string(),
  /** Absent or zero reads as 'Included'; a PromotionalCode's price is negative. */
  price: z.nullable(moneyCodeSchema),
});
export type Component = z.infer<typeof componentSchema>;

export const inventoryDetailsSchema = z.object({ available: z.number().check(z.int()) });
export const optionPricingSchema = z.object({
  override_rules: z.object({ adult_price: moneyCodeSchema }),
});
export const rangeSchema = z.object({ from: z.number().check(z.int()), to: z.number().check(z.int()) });

export const flightSchema = z.object({
  id: z.number().check(z.int()),
  flight_number: z.string(),
  cabin_class_name: z.string(),
  departure_airport: z.string(),
  arrival_airport: z.string(),
  /** ISO date-time in the airport's local time, as airlines print it. */
  departure_date_time: z.string(),
  /** ISO date-time in the arrival airport's local time. Not in the spec's list; the flights step shows it beside the departure. */
  arrival_date_time: z.string(),
  airline_name: z.string(),
  is_mandatory: z.boolean(),
  inventory_details: inventoryDetailsSchema,
  pricing: optionPricingSchema,
});
export type Flight = z.infer<typeof flightSchema>;

/** One choosable flight option: a set of flights (usually out and back) booked together. */
export const flightOptionGroupSchema = z.object({
  /** The component id that allocations name. */
  id: z.number().check(z.int()),
  /** The option group's name as the operator gives it ('Outbound group flight'); not in the spec's list, shown on the flights step. */
  name: z.string(),
  /**
   * 'Mandatory' marks a group every passenger takes. That is the group's own
   * flight, the one the tour group and its tour manager fly together, so the
   * flights step marks it 'Group flight'; optional groups are alternatives a
   * passenger may pick instead of making their own arrangements.
   */
  rate_option: z.string(),
  flights: z.array(flightSchema),
});
export type FlightOptionGroup = z.infer<typeof flightOptionGroupSchema>;
export const MANDATORY_RATE_OPTION = 'Mandatory';

export const roomOptionSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  /** The per-person price the room list shows and sorts by; the same amount as the adult price. */
  price: moneyCodeSchema,
  type: z.object({ name: z.string() }),
  /** The hotel. */
  accommodation: z.object({ name: z.string() }),
  occupancy: rangeSchema,
  /** Nights. */
  duration: rangeSchema,
  inventory_details: inventoryDetailsSchema,
  pricing: optionPricingSchema,
});
export type RoomOption = z.infer<typeof roomOptionSchema>;

/** An extra, or an 'Additional night' (an extra whose name says so). */
export const extraOptionSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  description: z._default(z.string(), ''),
  occupancy: rangeSchema,
  inventory_details: inventoryDetailsSchema,
  pricing: optionPricingSchema,
});
export type ExtraOption = z.infer<typeof extraOptionSchema>;

export const promotionSchema = z.object({ id: z.number().check(z.int()), name: z.string(), description: z._default(z.string(), '') });
export type Promotion = z.infer<typeof promotionSchema>;

export const tourParamsSchema = z.object({ id: idSchema });

const tourOptions = <T extends z.ZodMiniType>(segment: string, item: T, summary: string) =>
  defineEndpoint({
    method: 'GET',
    path: `/bookings/tour/:id/${segment}`,
    params: tourParamsSchema,
    response: itemsEnvelope(item),
    auth: 'booking',
    summary,
  });

export const listFlightOptions = tourOptions('flights', flightOptionGroupSchema, 'Flight option groups of the booking tour');
export const listExtraOptions = tourOptions('extras', extraOptionSchema, "Extras of the booking tour, 'Additional night' ones included");
export const listTourComponents = tourOptions('components', componentSchema, 'Components of the booking tour, PromotionalCode ones included');
export const listPromotions = tourOptions('promotions', promotionSchema, 'Promotions running on the booking tour');

/**
 * The accommodation answer is the one option list that reports a service
 * failure inside `data`: `data.code === 'SERVICE_FAILURE'` with no items means
 * the availability-error screen (spec section 8).
 */
/**
 * The hotels of the itinerary in order of stay, under their own names. Room
 * options spell the hotel as the reservations system does, so the client
 * matches them to these hotels accent- and case-insensitively (spec section 5).
 */
export const itineraryHotelSchema = z.object({ name: z.string(), nights: z.number().check(z.int(), z.minimum(0)) });
export type ItineraryHotel = z.infer<typeof itineraryHotelSchema>;

export const accommodationOptionsSchema = z.object({
  hotels: z.array(itineraryHotelSchema),
  items: z.array(roomOptionSchema),
  code: z.optional(z.literal('SERVICE_FAILURE')),
});
export const listAccommodationOptions = defineEndpoint({
  method: 'GET',
  path: '/bookings/tour/:id/accommodation',
  params: tourParamsSchema,
  response: dataEnvelope(accommodationOptionsSchema),
  auth: 'booking',
  summary: 'Room options of the booking tour, every hotel',
});
