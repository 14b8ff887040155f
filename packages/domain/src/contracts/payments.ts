import { z } from 'zod/mini';
import { currencyCodeSchema, DEFAULT_CURRENCY, fromProviderAmount, moneySchema } from '../money.ts';
import { text } from '../input-values.ts';
import { VALIDATION } from '../messages.ts';
import { DEFAULT_COUNTRY_ALPHA2 } from '../countries.ts';
import { bookingParamsSchema, dataEnvelope, defineEndpoint, isoDateTimeSchema, itemsEnvelope } from './common.ts';
import { paymentTokenSchema } from './payment-token.ts';

/**
 * Card payments (spec sections 3, 4 and 7). The provider's inline form is
 * opened with a token the API obtains; the API checks the amount against its
 * own figures before it asks for one, so a tampered amount never reaches the card.
 */

/** Major units with exactly two decimals, above zero: '1234.50'. */
export const providerAmountSchema = z.string().check(
  // A negative amount is not a matter of decimals: say what is wrong with it.
  z.refine((amount: string) => !/^\s*-/.test(amount), { message: VALIDATION.amountPositive, abort: true }),
  z.regex(/^\d{1,13}\.\d{2}$/, VALIDATION.amountDecimals),
  z.refine((amount: string) => (fromProviderAmount(amount) ?? 0) > 0, VALIDATION.amountPositive),
);

const addressLine = z._default(text({ max: 100, trim: false }), '');

/** The payer as the provider wants it: address lines 1-6 and an alpha-2 country. */
export const paymentAccountSchema = z.object({
  /** Our booking id, the key the provider files the payment under. */
  crm_key: text({ max: 64, required: VALIDATION.valueRequired, trim: false }),
  first_name: text({ max: 50, required: VALIDATION.firstNameRequired, trim: false }),
  last_name: text({ max: 50, required: VALIDATION.lastNameRequired, trim: false }),
  email: text({ max: 254, required: VALIDATION.emailRequired, trim: false }),
  address_line_1: addressLine,
  address_line_2: addressLine,
  address_line_3: addressLine,
  address_line_4: addressLine,
  address_line_5: addressLine,
  address_line_6: addressLine,
  country: z._default(text({ max: 2, trim: false }).check(z.length(2)), DEFAULT_COUNTRY_ALPHA2),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

/** Booking flow: 'Payment token request' of spec section 7. */
export const paymentTokenRequestSchema = z.object({
  theme: z.object({ primary_colour: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)), width: z.literal('100%') }),
  /** The logo's address, relative or absolute. */
  logo: text({ max: 2000, trim: false }),
  instance_key: text({ max: 100, required: VALIDATION.valueRequired, trim: false }),
  currency: currencyCodeSchema,
  /** The deposit or the full amount, checked by the API against the booking's own totals. */
  amount: providerAmountSchema,
  /** The payer cannot change the amount or the prefilled details inside the provider's form. */
  disable: z.object({ amount: z.literal(true), account: z.boolean() }),
  account: paymentAccountSchema,
  save_card: z.literal(false),
  display_mode: z.literal('inline'),
});
export type PaymentTokenRequest = z.input<typeof paymentTokenRequestSchema>;

export const createPaymentToken = defineEndpoint({
  method: 'POST',
  path: '/bookings/payments/token',
  body: paymentTokenRequestSchema,
  response: dataEnvelope(paymentTokenSchema),
  auth: 'booking',
  summary:
    "Opens a card payment for the deposit or the full amount of the active booking; answers the token with the provider's script_url, origin and expires_at",
});

/** Account area: the 'Card payment request' of spec section 3, flat, one-off only. */
export const cardPaymentRequestSchema = z.extend(paymentAccountSchema, {
  currency: z._default(currencyCodeSchema, DEFAULT_CURRENCY),
  amount: providerAmountSchema,
  frequency: z.literal('ONEOFF'),
  save_card: z.literal(false),
  display_mode: z.literal('inline'),
});
export type CardPaymentRequest = z.input<typeof cardPaymentRequestSchema>;

export const createAccountPaymentToken = defineEndpoint({
  method: 'POST',
  path: '/account/bookings/:booking/payments/token',
  params: bookingParamsSchema,
  body: cardPaymentRequestSchema,
  response: dataEnvelope(paymentTokenSchema),
  auth: 'customer',
  summary: "Opens a card payment towards the booking's outstanding balance (at most the balance)",
});

export const paymentSchema = z.object({
  id: z.number().check(z.int()),
  /** The card provider's id. */
  payment_id: z.string(),
  reference: z.string(),
  created_date: isoDateTimeSchema,
  amount: moneySchema,
  detail: z.object({ gateway_status: z.string() }),
  currency: currencyCodeSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

export const listPayments = defineEndpoint({
  method: 'GET',
  path: '/account/bookings/:booking/payments',
  params: bookingParamsSchema,
  response: itemsEnvelope(paymentSchema),
  auth: 'customer',
  summary: 'Payments made on the booking, newest first',
});

export const submitPaymentReceipt = defineEndpoint({
  method: 'PUT',
  path: '/account/bookings/:booking/payments/:payment',
  params: z.extend(bookingParamsSchema, { payment: text({ max: 100, required: VALIDATION.valueRequired }) }),
  query: z.object({ currency: currencyCodeSchema }),
  body: z.object({ payment_method_id: text({ max: 100, required: VALIDATION.valueRequired }) }),
  response: dataEnvelope(z.object({ id: z.number().check(z.int()) })),
  auth: 'customer',
  summary: "Records the receipt of a card payment (`:payment` is the provider's payment id); idempotent",
});
