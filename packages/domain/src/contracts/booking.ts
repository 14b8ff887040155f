import { z } from 'zod/mini';
import { positiveId, text, wholeNumber } from '../input-values.ts';
import { currencyCodeSchema } from '../money.ts';
import { VALIDATION } from '../messages.ts';
import { BOOKING_TOKEN_TIMEOUT_SECONDS } from '../timing.ts';
import { MAX_ONLINE_PARTICIPANTS, MIN_ONLINE_PARTICIPANTS } from '../booking/departure-rules.ts';
import { bookedPassengerSchema, bookingPassengerSchema, bookingSourceSchema, participantAddressSchema } from '../booking/participant-form.ts';
import { BOOKING_STATUSES } from '../booking/statuses.ts';
import { componentSchema } from './options.ts';
import { prePaymentDetailsSchema } from './selections.ts';
import { dataEnvelope, defineEndpoint, isoDateSchema, isoDateTimeSchema } from './common.ts';

/**
 * The booking flow's own calls (spec section 7, Bookings). Every call after
 * POST /bookings authenticates with the booking token it returned, sent as
 * `Authorization: Bearer <token>`.
 */

/** Statuses the reservations system gives a booking; the account area only displays them. */
export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

/**
 * 1 or 2 passengers, the lead first. The lead must carry an address; a second
 * passenger sent without one takes the lead's (spec section 3), so the API
 * does it too rather than trusting every client to.
 */
export const createBookingPassengersSchema = z
  .array(z.extend(bookingPassengerSchema, { address: z.optional(participantAddressSchema) }), { error: VALIDATION.participantCount })
  .check(
    z.minLength(MIN_ONLINE_PARTICIPANTS, VALIDATION.participantCount),
    z.maxLength(MAX_ONLINE_PARTICIPANTS, VALIDATION.participantCount),
    z.superRefine((passengers, ctx) => {
      if (passengers[0] && !passengers[0].address) ctx.addIssue({ code: 'custom', path: [0, 'address'], message: VALIDATION.valueRequired });
    }),
  );

export const createBookingBodySchema = z.object({
  brand_channel: wholeNumber(),
  currency: currencyCodeSchema,
  tour_code: text({ max: 20, required: VALIDATION.valueRequired }),
  departure_date: isoDateSchema,
  departure_id: positiveId(),
  /** The first passenger is the lead (see passengersForBooking). */
  passengers: createBookingPassengersSchema,
  source: bookingSourceSchema,
});
export type CreateBookingBodyInput = z.input<typeof createBookingBodySchema>;
export type CreateBookingBody = z.output<typeof createBookingBodySchema>;

/** The active booking's bearer token and when it lapses. */
export const bookingTokenSchema = z.object({
  token: z.string().check(z.minLength(1)),
  expires_at: isoDateTimeSchema,
  timeout_seconds: z.literal(BOOKING_TOKEN_TIMEOUT_SECONDS),
});
export type BookingToken = z.infer<typeof bookingTokenSchema>;

export const createdBookingSchema = z.object({
  booking: z.object({
    id: z.number().check(z.int(), z.positive()),
    status: bookingStatusSchema,
    currency: currencyCodeSchema,
    /** In the order sent, so the client writes the ids back by position. */
    passengers: z.array(bookedPassengerSchema),
  }),
  token: bookingTokenSchema,
});
export type CreatedBooking = z.infer<typeof createdBookingSchema>;

export const createBooking = defineEndpoint({
  method: 'POST',
  path: '/bookings',
  body: createBookingBodySchema,
  response: dataEnvelope(createdBookingSchema),
  auth: 'none',
  summary: 'Creates a quote booking for the participants and answers its bearer token',
});

/**
 * Step 1 again, on a booking already made (the visitor went back to it):
 * the same passengers and marketing source as POST /bookings sends.
 */
export const updatePassengersBodySchema = z.pick(createBookingBodySchema, { passengers: true, source: true });
export type UpdatePassengersBodyInput = z.input<typeof updatePassengersBodySchema>;
export type UpdatePassengersBody = z.output<typeof updatePassengersBodySchema>;

/**
 * The booking after step 1 again. With the same number of participants it is
 * the same booking, its passengers (and their ids) updated, and `token` is
 * null: the token sent goes on. With another number the selections no longer
 * fit the party, so the old booking is cancelled (its held places and units
 * released, its open payment requests withdrawn, its token revoked) and a new
 * one made for the same departure: a new id and a new `token`.
 */
export const updatedPassengersSchema = z.object({
  booking: createdBookingSchema.shape.booking,
  token: z.nullable(bookingTokenSchema),
});
export type UpdatedPassengers = z.infer<typeof updatedPassengersSchema>;

export const updatePassengers = defineEndpoint({
  method: 'PUT',
  path: '/bookings/passengers',
  body: updatePassengersBodySchema,
  response: dataEnvelope(updatedPassengersSchema),
  auth: 'booking',
  summary:
    "Updates the passengers and marketing source of the booking being made; another number of participants starts a new booking (new token) in place of this one. " +
    '409 CONFLICT once the booking has been paid or confirmed.',
});

export const bookingTourSchema = z.object({ id: z.number().check(z.int(), z.positive()), name: z.string() });
export type BookingTour = z.infer<typeof bookingTourSchema>;

export const getBookingTour = defineEndpoint({
  method: 'GET',
  path: '/bookings/tour',
  response: dataEnvelope(bookingTourSchema),
  auth: 'booking',
  summary: "The active booking's tour; error NO_RESULTS when the departure cannot be booked",
});

/**
 * Post-payment details. 'confirmed' goes to step 5; 'unconfirmed' means the
 * server holds the payment but could not confirm the booking: the unconfirmed
 * screen. `booking_status` tells step 5 an Optional booking from a Confirmed one.
 */
export const POST_PAYMENT_STATUSES = ['confirmed', 'unconfirmed'] as const;
export const postPaymentDetailsSchema = z.object({
  reference: z.string(),
  status: z.enum(POST_PAYMENT_STATUSES),
  booking_status: z.optional(bookingStatusSchema),
});
export type PostPaymentDetails = z.infer<typeof postPaymentDetailsSchema>;

export const confirmBookingBodySchema = z.object({
  /**
   * The card provider's payment id from its success message. Left out only
   * for a booking whose total is 0 (a promotion covers it): nothing to pay.
   */
  payment_id: z.optional(text({ max: 100, required: VALIDATION.valueRequired })),
  currency: currencyCodeSchema,
});

export const confirmBooking = defineEndpoint({
  method: 'POST',
  path: '/bookings/confirm',
  body: confirmBookingBodySchema,
  response: dataEnvelope(postPaymentDetailsSchema),
  auth: 'booking',
  summary:
    'Settles the card payment and confirms the booking; idempotent, so the same payment id may be sent again until an answer arrives. ' +
    '503 SERVICE_FAILURE means the payment is held and still being settled: ask again with the same payment id.',
});

/** The booking's current figures at review: the server's, so a page restored from storage never pays an old total. */
export const paymentDetailsSchema = z.object({
  details: prePaymentDetailsSchema,
  /** The applied PromotionalCode component, if any. */
  promotion: z.nullable(componentSchema),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

export const getPaymentDetails = defineEndpoint({
  method: 'GET',
  path: '/bookings/payment-details',
  response: dataEnvelope(paymentDetailsSchema),
  auth: 'booking',
  summary: "The active booking's pre-payment details (total, deposit) and applied promotion, as the server prices them now",
});

export const promotionBodySchema = z.object({
  code: text({ max: 40, required: VALIDATION.valueRequired }),
});

/** A valid code: the PromotionalCode component (negative price) and the totals with it deducted. */
export const appliedPromotionSchema = z.object({
  promotion: componentSchema,
  details: prePaymentDetailsSchema,
});
export type AppliedPromotion = z.infer<typeof appliedPromotionSchema>;

export const applyPromotion = defineEndpoint({
  method: 'POST',
  path: '/bookings/promotion',
  body: promotionBodySchema,
  response: dataEnvelope(appliedPromotionSchema),
  auth: 'booking',
  summary:
    "Applies a promotional code; an unknown code is a 400 with fields.code 'Invalid promotional code. Please try again.'; too many refused codes per booking or per client answer 429 RATE_LIMITED with Retry-After",
});

/**
 * Takes the promotional code off: the server recalculates the totals (the
 * deposit comes back where the tour takes one) and answers them as
 * GET /bookings/payment-details does, with no promotion. Idempotent.
 */
export const removePromotion = defineEndpoint({
  method: 'DELETE',
  path: '/bookings/promotion',
  response: dataEnvelope(paymentDetailsSchema),
  auth: 'booking',
  summary: 'Removes the applied promotional code and answers the recalculated totals; nothing to remove answers them too; 409 CONFLICT once the booking is paid',
});
