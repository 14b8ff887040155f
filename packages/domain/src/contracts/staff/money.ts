import { z } from 'zod/mini';
import { currencyCodeSchema, moneySchema } from '../../money.ts';
import { positiveId } from '../../input-values.ts';
import { requiredText } from '../../validation.ts';
import { staffReasonSchema } from '../../staff/reason.ts';
import {
  idempotencyHeadersSchema,
  OFFLINE_PAYMENT_METHODS,
  PAYMENT_METHODS,
  REFUND_STATUSES,
  STAFF_MONEY_MESSAGES,
  staffAmountSchema,
} from '../../staff/money.ts';
import { postPaymentDetailsSchema } from '../booking.ts';
import { bookingParamsSchema, dataEnvelope, defineEndpoint, isoDateSchema, isoDateTimeSchema } from '../common.ts';

/**
 * A booking's money in the staff console (issue 26; permission refunds.create
 * and payments.record): refunds, full or partial, and payments received
 * another way than by card on the site. Every write takes an Idempotency-Key.
 */

export const staffRefundSchema = z.object({
  id: z.number(),
  /** The payment it returns money from (our id). */
  payment_id: z.number(),
  /** 'MER-480153-P1-R1'. */
  reference: z.string(),
  /** In the payment's currency. */
  amount: moneySchema,
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  /** Card refunds: the provider's id, once it answered. */
  provider_refund_id: z.nullable(z.string()),
  /** A failed refund: why, in the provider's words (or ours). */
  failure_reason: z.nullable(z.string()),
  staff_member_id: z.number(),
  created_at: isoDateTimeSchema,
  settled_at: z.nullable(isoDateTimeSchema),
});
export type StaffRefund = z.infer<typeof staffRefundSchema>;

/** A payment on a booking with its refunds, as the staff booking page shows it (payments' paymentsWithRefunds). */
export const staffPaymentSchema = z.object({
  id: z.number(),
  /** 'MER-480153-P1'. */
  reference: z.string(),
  /** 'sandbox', 'http' (card providers) or 'offline'. */
  provider: z.string(),
  provider_payment_id: z.nullable(z.string()),
  method: z.enum(PAYMENT_METHODS),
  /** Offline payments: their reference (the bank's, the agency's, the cheque number) and the day it was received. */
  payer_reference: z.nullable(z.string()),
  received_on: z.nullable(isoDateSchema),
  created_at: isoDateTimeSchema,
  /** In its own currency: another currency than the booking's is flagged and never counts towards it. */
  amount: moneySchema,
  in_booking_currency: z.boolean(),
  status: z.string(),
  gateway_status: z.string(),
  /** Refunded so far (succeeded), still being refunded (pending), and what is left to refund. */
  refunded: moneySchema,
  refund_pending: moneySchema,
  refundable: moneySchema,
  refunds: z.array(staffRefundSchema),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

export const createRefundBodySchema = z.object({
  payment_id: positiveId(STAFF_MONEY_MESSAGES.paymentRequired),
  amount: staffAmountSchema,
  reason: staffReasonSchema,
});

export const createStaffRefund = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/refunds',
  params: bookingParamsSchema,
  body: createRefundBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(staffRefundSchema),
  auth: 'staff',
  permission: 'refunds.create',
  summary:
    "Refunds a payment of the booking, in full or in part, in the payment's currency: a card payment through the provider (pending until it answers or notifies), " +
    'an offline one recorded at once. 409 when the amount is more than is left of the payment (captured less refunds succeeded or pending), the message naming what is left. Idempotency-Key required',
});

export const recordPaymentBodySchema = z.object({
  amount: staffAmountSchema,
  method: z.enum(OFFLINE_PAYMENT_METHODS, { error: STAFF_MONEY_MESSAGES.methodRequired }),
  reference: requiredText(STAFF_MONEY_MESSAGES.referenceRequired, 100),
  received_on: z.string({ error: STAFF_MONEY_MESSAGES.receivedOnRequired }).check(z.refine((value) => isoDateSchema.safeParse(value).success, STAFF_MONEY_MESSAGES.receivedOnRequired)),
  reason: staffReasonSchema,
});

export const recordedPaymentSchema = z.object({
  payment: staffPaymentSchema,
  /** What the payment did to the booking, as settlement answers (confirmed with its reference, or unconfirmed: staff follow up). */
  outcome: postPaymentDetailsSchema,
  currency: currencyCodeSchema,
});

export const recordStaffPayment = defineEndpoint({
  method: 'POST',
  path: '/staff/bookings/:booking/payments',
  params: bookingParamsSchema,
  body: recordPaymentBodySchema,
  headers: idempotencyHeadersSchema,
  response: dataEnvelope(recordedPaymentSchema),
  auth: 'staff',
  permission: 'payments.record',
  summary:
    "Records a payment received another way (bank transfer, the agency, cheque, cash) in the booking's currency, with their reference and the day it came; applied by the same settlement as card payments " +
    '(the balance falls; a booking awaiting settlement is confirmed through the confirmation core). Idempotency-Key required',
});
