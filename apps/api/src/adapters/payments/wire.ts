import { createHmac, timingSafeEqual } from 'node:crypto';
import { CURRENCIES, fromProviderAmount, isStorableText, VALIDATION } from '@tours/domain';
import { z } from 'zod';

/**
 * The card provider's server API on the wire, as the provider documents it.
 * Described once: the sandbox provider validates requests with it and the
 * http adapter parses answers with it, so the two cannot drift apart. A real
 * provider with another dialect gets an adapter of its own behind the port.
 */

/** Text PostgreSQL can store (no NUL, no lone surrogate, no control character): the sandbox provider keeps what it is sent. */
const storable = (schema: z.ZodString) => schema.refine((value) => isStorableText(value), VALIDATION.controlCharacters);

const line = storable(z.string().trim().max(100));

/** A payment's or payment request's id in the provider's paths. */
export const providerIdSchema = storable(z.string().max(100));

const MAX_AMOUNT_MINOR = 2_147_483_647;

/** Major units with exactly two decimals, above zero: '1234.50'. */
export const amountSchema = z
  .string()
  .regex(/^\d{1,8}\.\d{2}$/, "Use major units with exactly two decimals, such as '1234.50'")
  .refine((amount) => (fromProviderAmount(amount) ?? 0) > 0, 'The amount must be more than 0')
  // Amounts are stored as 32-bit minor units.
  .refine((amount) => (fromProviderAmount(amount) ?? 0) <= MAX_AMOUNT_MINOR, 'The amount is too large');

/** 'https://shop.example' exactly: scheme, host and port, nothing after. */
export const originSchema = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
    } catch {
      return false;
    }
  }, 'Use an origin such as https://shop.example (scheme, host and port only)');

/** An absolute http(s) address, or a path on the merchant's origin ('/logo.svg'). */
const logoSchema = storable(z.string().trim().max(2000)).refine((value) => value === '' || /^\/(?!\/)/.test(value) || /^https?:\/\//.test(value), 'Use an http(s) URL or a path starting with /');

export const createTokenBodySchema = z.object({
  amount: amountSchema,
  currency: z.enum(CURRENCIES),
  crm_key: storable(z.string().trim().min(1).max(64)),
  instance_key: storable(z.string().trim().min(1).max(100)),
  theme: z.object({
    primary_colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #1f3a5f'),
    width: z
      .string()
      .regex(/^\d{1,4}(px|%)$/, "Use a width such as '100%' or '480px'")
      .default('100%'),
  }),
  logo: logoSchema.default(''),
  account: z.object({
    first_name: storable(z.string().trim().min(1).max(50)),
    last_name: storable(z.string().trim().min(1).max(50)),
    email: storable(z.string().trim().min(1).max(254)),
    address_line_1: line.default(''),
    address_line_2: line.default(''),
    address_line_3: line.default(''),
    address_line_4: line.default(''),
    address_line_5: line.default(''),
    address_line_6: line.default(''),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'Use an ISO 3166 alpha-2 code')
      .transform((code) => code.toUpperCase())
      .default('GB'),
  }),
  /** The merchant page's origin: the only one that may frame the form and hear from it. */
  allowed_origin: originSchema,
  /** Payments are one-off; nothing else is offered. */
  frequency: z.literal('ONEOFF'),
  /** Cards are never stored. */
  save_card: z.literal(false),
});
export type CreateTokenBody = z.input<typeof createTokenBodySchema>;

export const createTokenResponseSchema = z.object({
  token: z.string().min(1),
  /** 'preq_…': the payment request the token opens; every payment made through it names it. */
  payment_request_id: z.string().min(1),
  /** ISO date-time. */
  expires_at: z.string(),
});

export const paymentStatusSchema = z.enum(['succeeded', 'declined']);

export const paymentResponseSchema = z.object({
  id: z.string(),
  status: paymentStatusSchema,
  amount: z.string(),
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  crm_key: z.string(),
  /** The payment request (token) it was made through. */
  payment_request_id: z.string(),
  /** ISO date-time. */
  created_at: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/**
 * A payment request as the provider sees it now. open: its form takes
 * payments; paid: a payment succeeded through it (`payment`); cancelled: the
 * merchant withdrew it; expired: it lapsed unpaid.
 */
export const PAYMENT_REQUEST_STATUSES = ['open', 'paid', 'cancelled', 'expired'] as const;
export const paymentRequestResponseSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  amount: z.string(),
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  crm_key: z.string(),
  expires_at: z.string(),
  /** The origin the request's form was opened for, as the token request named it; optional, as not every provider tells. */
  allowed_origin: z.string().optional(),
  payment: paymentResponseSchema.nullable(),
});
export type PaymentRequestResponse = z.infer<typeof paymentRequestResponseSchema>;

/** The merchant's key for a refund, sent as the `Idempotency-Key` header: asking again with it answers the same refund. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z.string().trim().min(1).max(255);

/** `POST /api/payments/:id/refunds`: how much of the payment goes back, in the payment's currency. */
export const refundBodySchema = z.object({
  amount: amountSchema,
  currency: z.enum(CURRENCIES),
  /** Why, as the merchant's staff put it; kept with the refund. */
  reason: storable(z.string().trim().max(500)).default(''),
});
export type RefundBody = z.input<typeof refundBodySchema>;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** A refund as the provider answers it and notifies it. */
export const refundResponseSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  status: z.enum(REFUND_STATUSES),
  amount: z.string(),
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  reason: z.string(),
  failure_reason: z.string().nullable(),
  /** The merchant's key it was asked with. */
  idempotency_key: z.string().nullable(),
  created_at: z.string(),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

const eventId = z.string().min(1).max(100);
export const notificationSchema = z.discriminatedUnion('type', [
  z.object({ id: eventId, type: z.literal('payment.succeeded'), created_at: z.string(), data: z.object({ payment: paymentResponseSchema }) }),
  z.object({ id: eventId, type: z.enum(['refund.succeeded', 'refund.failed']), created_at: z.string(), data: z.object({ refund: refundResponseSchema }) }),
]);

export const SIGNATURE_HEADER = 'pay-signature';
/** A signature older (or newer) than this is refused, so a captured notification cannot be replayed for ever. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signNotification(secret: string, body: string, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

/** Checks the header against the raw body: the right secret, and a timestamp within the tolerance of `now`. */
export function verifyNotificationSignature(secret: string, body: string, header: string | undefined, now: Date): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = signNotification(secret, body, timestamp).split('v1=')[1]!;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));
}

/** The frame's own call: the card details go to the provider only, never to the merchant. */
export const framePaymentBodySchema = z.object({
  token: z.string().min(1).max(200),
  card_number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
  name: z.string().max(100),
});

export const framePaymentResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), payment_id: z.string() }),
  z.object({ status: z.literal('declined'), message: z.string() }),
  z.object({ status: z.literal('expired') }),
]);
export type FramePaymentResponse = z.infer<typeof framePaymentResponseSchema>;
