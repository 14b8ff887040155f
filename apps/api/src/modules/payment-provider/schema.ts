import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, currencyCode, minorUnits } from '../../db/columns.ts';

/**
 * The sandbox card provider's own tables (served at /pay). It stands in for a
 * third party, so nothing of ours refers to these tables and they refer to
 * nothing of ours: our bookings know a payment only by the provider's id.
 */

export const PAY_PAYMENT_STATUSES = ['succeeded', 'declined'] as const;
export type PayPaymentStatus = (typeof PAY_PAYMENT_STATUSES)[number];
export const payPaymentStatus = pgEnum('pay_payment_status', PAY_PAYMENT_STATUSES);

/** The payer as the merchant described them; shown nowhere but kept as a provider would, for its records. */
export interface PayAccount {
  first_name: string;
  last_name: string;
  email: string;
  address_lines: string[];
  /** ISO alpha-2. */
  country: string;
}

/** One opened card form: what may be paid, by whom, and from which page. */
export const payTokens = pgTable(
  'pay_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** SHA-256 (hex) of the token; the token itself is a bearer credential and is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** 'preq_…': the payment request's public id, named in its payments and events. */
    requestId: text('request_id').notNull().unique(),
    /** The merchant withdrew the request: its form takes no payment from then on. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    amount: minorUnits('amount').notNull(),
    currency: currencyCode('currency').notNull(),
    /** The merchant's key for what is paid (our booking id). */
    crmKey: text('crm_key').notNull(),
    instanceKey: text('instance_key').notNull(),
    primaryColour: text('primary_colour').notNull(),
    width: text('width').notNull(),
    logo: text('logo').notNull().default(''),
    account: jsonb('account').$type<PayAccount>().notNull(),
    /** The only origin allowed to frame the form and to receive its messages. */
    allowedOrigin: text('allowed_origin').notNull(),
    /** Brought forward to now when the form closes early (the expired test card, too many declines). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('pay_tokens_amount_positive', sql`${t.amount} > 0`)],
);

/** An attempt to pay a token: card brand and last four digits only, never the number or the security code. */
export const payPayments = pgTable(
  'pay_payments',
  {
    /** 'pay_' and 24 hex digits; what the merchant confirms with. */
    id: text('id').primaryKey(),
    tokenId: integer('token_id')
      .notNull()
      .references(() => payTokens.id, { onDelete: 'restrict' }),
    status: payPaymentStatus('status').notNull(),
    amount: minorUnits('amount').notNull(),
    currency: currencyCode('currency').notNull(),
    crmKey: text('crm_key').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    /** Why a declined attempt was declined, as the payer was told. */
    declineMessage: text('decline_message'),
    createdAt: createdAt(),
  },
  (t) => [
    // A token pays at most once, whatever the code does: the second success cannot be inserted.
    uniqueIndex('pay_payments_one_success_per_token').on(t.tokenId).where(sql`${t.status} = 'succeeded'`),
    index('pay_payments_token_idx').on(t.tokenId),
    check('pay_payments_amount_positive', sql`${t.amount} > 0`),
    check('pay_payments_card_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * Notifications to the merchant's webhook (an outbox): signed when sent,
 * retried with backoff until the merchant answers 2xx.
 */
export const payEvents = pgTable(
  'pay_events',
  {
    /** 'evt_…'; the merchant uses it to recognise a replay. */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('pay_events_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);

export const PAY_REFUND_STATUSES = ['succeeded', 'failed'] as const;
export type PayRefundStatus = (typeof PAY_REFUND_STATUSES)[number];
export const payRefundStatus = pgEnum('pay_refund_status', PAY_REFUND_STATUSES);

/**
 * Refunds of payments, as the merchant asked for them through the server API.
 * A refund is decided when it is asked for (the sandbox has no bank to wait
 * on): succeeded, or failed for the refund-failing test card. Only succeeded
 * ones count against what is left of the payment. The merchant's
 * idempotency key is unique, so asking again with it answers the same refund.
 */
export const payRefunds = pgTable(
  'pay_refunds',
  {
    /** 're_' and 24 hex digits. */
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payPayments.id, { onDelete: 'restrict' }),
    status: payRefundStatus('status').notNull(),
    amount: minorUnits('amount').notNull(),
    currency: currencyCode('currency').notNull(),
    /** The merchant's Idempotency-Key, and a digest of what was asked with it: the same key with other parameters is refused. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    requestHash: text('request_hash').notNull(),
    reason: text('reason').notNull().default(''),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pay_refunds_payment_idx').on(t.paymentId),
    check('pay_refunds_amount_positive', sql`${t.amount} > 0`),
    check('pay_refunds_failed_has_reason', sql`${t.status} <> 'failed' or ${t.failureReason} is not null`),
  ],
);
