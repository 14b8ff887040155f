import { z } from 'zod/mini';
import { currencyCodeSchema, moneySchema } from '../../money.ts';
import { staffReasonSchema } from '../../staff/reason.ts';
import { idempotencyHeadersSchema, PAYMENT_METHODS, STAFF_MONEY_MESSAGES, staffFigureSchema } from '../../staff/money.ts';
import { bookingStatusSchema } from '../booking.ts';
import { bookingParamsSchema, dataEnvelope, defineEndpoint, isoDateSchema } from '../common.ts';
import { staffRefundSchema } from './money.ts';

/**
 * Ending a booking, and the staff's decisions on bookings the site could not
 * settle alone (issue 26): cancellation with the operator's charges (the
 * domain's cancellation.ts), declining an Optional booking or refunding a
 * paid but unconfirmed one (everything paid goes back, no charge), and
 * confirming either. Every write takes an Idempotency-Key and a reason.
 */

const reasonBodySchema = z.object({ reason: staffReasonSchema });

/** What each payment gives back. */
export const refundShareSchema = z.object({
  payment_id: z.number(),
  payment_reference: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: moneySchema,
});

export const cancellationPreviewSchema = z.object({
  booking_id: z.number(),
  reference: z.string(),
  status: bookingStatusSchema,
  currency: currencyCodeSchema,
  departure_date: isoDateSchema,
  /** Calendar days (London) from today to departure; negative after it. */
  days_before_departure: z.number(),
  /** The schedule's band for today: '30 to 59 days before departure: 50% of the total'. */
  band: z.object({ from_days: z.number(), label: z.string() }),
  total: moneySchema,
  deposit: moneySchema,
  /** What the operator keeps; never above the total. */
  charge: moneySchema,
  /** What the booking's payments came to, less refunds made or under way. */
  paid: moneySchema,
  /** paid − charge, when above 0: spread over the payments, newest first. */
  refund: moneySchema,
  /** charge − paid, when above 0: what the payer (an agency, say) still owes the operator. */
  owed: moneySchema,
  refunds: z.array(refundShareSchema),
});
export type CancellationPreview = z.infer<typeof cancellationPreviewSchema>;

/** A booking ended by staff, and the refunds it started. */
export const cancellationResultSchema = z.object({
  booking_id: z.number(),
  status: bookingStatusSchema,
  charge: moneySchema,
  refund: moneySchema,
  refunds: z.array(staffRefundSchema),
  /** The customer's e-mail saying so was queued (not when the lead has no address). */
  email_queued: z.boolean(),
});
export type CancellationResult = z.infer<typeof cancellationResultSchema>;

/** A booking staff confirmed. */
export const bookingDecisionSchema = z.object({
  booking_id: z.number(),
  reference: z.string(),
  status: bookingStatusSchema,
  email_queued: z.boolean(),
});

export const cancelBookingBodySchema = z.object({
  reason: staffReasonSchema,
  /** The charge and refund the preview showed (minor units): if either has changed since, nothing is done (409). */
  expected: z.object({ charge: staffFigureSchema, refund: staffFigureSchema }, { error: STAFF_MONEY_MESSAGES.expectedRequired }),
});

export const getCancellationPreview = defineEndpoint({
  method: 'GET',
  path: '/staff/bookings/:booking/cancellation',
  params: bookingParamsSchema,
  response: dataEnvelope(cancellationPreviewSchema),
  auth: 'staff',
  permission: 'bookings.cancel',
  summary:
    "What cancelling the booking today would do, to the penny: the schedule's band, the charge, what was paid, the refund and which payments give it back (newest first). 409 unless the booking is Confirmed, or Optional with its reference",
});

export const cancelStaffBooking = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/cancel',
  params: bookingParamsSchema,
  body: cancelBookingBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(cancellationResultSchema),
  auth: 'staff',
  permission: 'bookings.cancel',
  summary:
    'Cancels the booking with the charges of the preview: 409 when the charge or refund differ from `expected` (a payment came in since). In one transaction: Cancelled, every unit released, ' +
    'the refunds created (card ones sent to the provider once committed), the customer e-mailed once. Idempotency-Key required',
});

export const confirmOptionalBooking = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/optional/confirm',
  params: bookingParamsSchema,
  body: reasonBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(bookingDecisionSchema),
  auth: 'staff',
  permission: 'optional.decide',
  summary:
    'Confirms an Optional booking after the availability checks: Confirmed, and the confirmation e-mail sent. Not yet paid, it is settled through the confirmation core (its places taken again if free, else 409). 409 unless Optional',
});

export const declineOptionalBooking = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/optional/decline',
  params: bookingParamsSchema,
  body: reasonBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(cancellationResultSchema),
  auth: 'staff',
  permission: 'optional.decide',
  summary: 'Declines an Optional booking: Cancelled, its units released, everything paid refunded with no charge, the customer e-mailed. 409 unless Optional',
});

export const confirmUnconfirmedBooking = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/unconfirmed/confirm',
  params: bookingParamsSchema,
  body: reasonBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(bookingDecisionSchema),
  auth: 'staff',
  permission: 'unconfirmed.confirm',
  summary:
    'Confirms a paid but unconfirmed booking through the confirmation core: its places are taken again if they are still free (409 naming what is gone otherwise), it gets its reference, the flag is cleared and the confirmation e-mail sent. 409 unless Unconfirmed',
});

export const refundUnconfirmedBooking = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/unconfirmed/refund',
  params: bookingParamsSchema,
  body: reasonBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(cancellationResultSchema),
  auth: 'staff',
  permission: 'unconfirmed.refund',
  summary: 'Refunds a paid but unconfirmed booking in full and cancels it: its units released, the flag cleared, the customer e-mailed. 409 unless Unconfirmed',
});
