import { z } from 'zod/mini';
import { calendarDateIn } from '../dates.ts';
import { OPERATOR } from '../operator.ts';

/**
 * The staff console's money actions (issue 26): what staff type when they
 * refund, record a payment received another way, or cancel, checked by the
 * same rules in the console's forms and the API.
 */

/** How money reached us other than by card on the site. */
export const OFFLINE_PAYMENT_METHODS = ['bank_transfer', 'agency', 'cheque', 'cash'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];

export const OFFLINE_PAYMENT_METHOD_LABELS: Readonly<Record<OfflinePaymentMethod, string>> = {
  bank_transfer: 'Bank transfer',
  agency: 'Paid by the agency',
  cheque: 'Cheque',
  cash: 'Cash',
};

/** How a payment was made, as the staff booking page names it: by card through the provider, or one of the offline methods. */
export const PAYMENT_METHODS = ['card', ...OFFLINE_PAYMENT_METHODS] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The provider name of a payment recorded by staff: no card provider was involved. */
export const OFFLINE_PROVIDER = 'offline';

/** A refund's life: pending until the provider (or, offline, the staff member recording it) settles it. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The largest amount a payment or refund holds (32-bit minor units, as the tables store them). */
export const MAX_MONEY_MINOR = 2_147_483_647;

export const STAFF_MONEY_MESSAGES = {
  amountRequired: 'Enter the amount in minor units (pence or cents), a whole number',
  amountWhole: 'Amounts are whole minor units (pence or cents)',
  amountPositive: 'The amount must be more than 0',
  amountTooLarge: 'The amount is too large',
  paymentRequired: 'Choose the payment to refund',
  methodRequired: 'Choose how it was paid: bank transfer, agency, cheque or cash',
  referenceRequired: 'Give their reference (the bank’s, the agency’s or the cheque number)',
  receivedOnRequired: 'Give the date it was received (YYYY-MM-DD)',
  receivedOnFuture: 'The date it was received cannot be in the future',
  expectedRequired: 'Send the charge and refund the preview showed',
  idempotencyKey: 'Send an Idempotency-Key header: a new UUID for each action, and the same one only to repeat it',
  idempotencyKeyReused: 'This Idempotency-Key was used for another request. Use a new key for a new action.',
  paymentNotOnBooking: 'This booking has no such payment.',
  paymentNotReceived: 'Only a payment that was received can be refunded.',
  nothingLeftToRefund: 'Nothing is left to refund on this payment.',
  figuresChanged: 'The figures have changed since the preview (a payment or refund was made meanwhile). Look at the preview again before cancelling.',
  alreadyCancelled: 'This booking is already cancelled.',
  notFlagged: 'This booking is not flagged.',
} as const;

/** An amount staff type, in minor units of the payment's or booking's currency. */
export const staffAmountSchema = z.number({ error: STAFF_MONEY_MESSAGES.amountRequired }).check(
  z.int({ error: STAFF_MONEY_MESSAGES.amountWhole, abort: true }),
  z.positive({ error: STAFF_MONEY_MESSAGES.amountPositive, abort: true }),
  z.maximum(MAX_MONEY_MINOR, STAFF_MONEY_MESSAGES.amountTooLarge),
);

/** A figure the console read from a preview and sends back: 0 or more. */
export const staffFigureSchema = z.number({ error: STAFF_MONEY_MESSAGES.expectedRequired }).check(
  z.int({ error: STAFF_MONEY_MESSAGES.amountWhole, abort: true }),
  z.minimum(0, STAFF_MONEY_MESSAGES.amountWhole),
  z.maximum(MAX_MONEY_MINOR, STAFF_MONEY_MESSAGES.amountTooLarge),
);

/** The date money was received: the operator's calendar (London) decides what 'today' is. */
export const receivedOnInFuture = (receivedOn: string, now: Date): boolean => receivedOn > calendarDateIn(now, OPERATOR.timeZone);

/** Header names are lower case on the wire (HTTP/2) and in Node. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * Every staff write carries an Idempotency-Key (a UUID): the same key with
 * the same body answers the first result again, another body with it 409.
 */
/** Loose: the request's other headers (Authorization...) pass through the API's validation untouched. */
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z.uuid({ error: STAFF_MONEY_MESSAGES.idempotencyKey }),
});
