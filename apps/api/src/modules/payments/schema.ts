import { PAYMENT_PURPOSES } from '@tours/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/schema.ts';
import { createdAt, currencyCode, id, minorUnits, updatedAt } from '../../db/columns.ts';

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);

/** What a payment pays: the booking flow's deposit or full amount, or the account area's balance or a one-off amount. */
export const paymentPurpose = pgEnum('payment_purpose', PAYMENT_PURPOSES);

/**
 * A payment request's life on our side. open: its form may still take money.
 * cancelled: we withdrew it (the booking's price changed); a payment that
 * still comes through it is recorded and flagged. paid: a payment came through
 * it. expired: the provider confirmed nothing was paid before it lapsed.
 */
export const PAYMENT_INTENT_STATUSES = ['open', 'cancelled', 'paid', 'expired'] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];
export const paymentIntentStatus = pgEnum('payment_intent_status', PAYMENT_INTENT_STATUSES);

/**
 * A card payment request we asked the provider to open (a token for its
 * inline form): the booking, the exact amount and currency we allowed, and
 * what it pays for. The provider reports which request every payment came
 * through, and that id alone binds a payment to one of these: never its amount.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: id(),
    bookingId: integer('booking_id').notNull(),
    currency: currencyCode('currency').notNull(),
    amount: minorUnits('amount').notNull(),
    purpose: paymentPurpose('purpose').notNull(),
    /** sandbox or http: the provider that issued the token. */
    provider: text('provider').notNull(),
    /** The provider's id of the payment request; its payments and notifications name it. */
    providerRequestId: text('provider_request_id').unique(),
    status: paymentIntentStatus('status').notNull().default('open'),
    /** Set when cancelled; the provider's acknowledgement is pending while cancelConfirmedAt is null. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelConfirmedAt: timestamp('cancel_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** A reconciliation run is asking the provider about it until then; other replicas pass it by. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** SHA-256 of the provider's token: ties the intent to the form opened, without keeping a usable token. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** When the provider's form stops taking payments; a payment made before it may be confirmed later. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    foreignKey({
      name: 'payment_intents_booking_currency_fk',
      columns: [t.bookingId, t.currency],
      foreignColumns: [bookings.id, bookings.currency],
    }).onDelete('cascade'),
    index('payment_intents_booking_idx').on(t.bookingId),
    // Reconciliation's work list: open requests, and cancellations the provider has not acknowledged.
    index('payment_intents_unsettled_idx').on(t.expiresAt).where(sql`${t.status} = 'open' or (${t.status} = 'cancelled' and ${t.cancelConfirmedAt} is null)`),
    check('payment_intents_amount_positive', sql`${t.amount} > 0`),
    check('payment_intents_cancelled_has_time', sql`${t.status} <> 'cancelled' or ${t.cancelledAt} is not null`),
  ],
);

/** A card payment on a booking, always in the booking's currency. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer('booking_id').notNull(),
    currency: currencyCode('currency').notNull(),
    amount: minorUnits('amount').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    /** The provider's own word for the state, shown in the payment history. */
    gatewayStatus: text('gateway_status').notNull().default(''),
    provider: text('provider').notNull(),
    /** The provider's id; unique, so one provider payment is never recorded twice. */
    providerPaymentId: text('provider_payment_id').unique(),
    paymentMethodId: text('payment_method_id'),
    /** Reference shown to the customer in the payment history. */
    reference: text('reference'),
    /** What was paid for, and the request it came through (null when it matched none of ours: staff follow up). */
    purpose: paymentPurpose('purpose'),
    intentId: integer('intent_id').references(() => paymentIntents.id, { onDelete: 'restrict' }),
    /**
     * The payment whose confirmation settled the booking (confirmed it, or left
     * it unconfirmed for staff). Any other booking-flow payment on a settled
     * booking is a second charge, flagged for a refund.
     */
    settlesBooking: boolean('settles_booking').notNull().default(false),
    /**
     * When the settlement path applied it to its booking (confirmed it, reduced
     * its balance, or flagged it for staff). Null while a transient failure left
     * it recorded but not applied: reconciliation applies it.
     */
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'payments_booking_currency_fk',
      columns: [t.bookingId, t.currency],
      foreignColumns: [bookings.id, bookings.currency],
    }).onDelete('restrict'),
    index('payments_booking_idx').on(t.bookingId),
    uniqueIndex('payments_one_settling_per_booking').on(t.bookingId).where(sql`${t.settlesBooking}`),
    index('payments_unapplied_idx').on(t.createdAt).where(sql`${t.appliedAt} is null and ${t.status} = 'succeeded'`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The provider's signed notifications as we received them: the event id is
 * the provider's, so a replayed notification is known and answered alike.
 */
export const paymentNotifications = pgTable('payment_notifications', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  providerPaymentId: text('provider_payment_id'),
  providerRequestId: text('provider_request_id'),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
});
