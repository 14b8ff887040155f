import { PAYMENT_OPTIONS } from '@tours/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { createdAt, currencyCode, id, minorUnits, updatedAt } from './columns.ts';

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);

/** What a booking-flow payment pays: the deposit or the full amount (spec section 4, Step 4 payment). */
export const paymentOption = pgEnum('payment_option', PAYMENT_OPTIONS);

/**
 * A card payment we asked the provider to open (a token for its inline form):
 * the booking, the exact amount and currency we allowed, and which option it
 * pays. Confirmation accepts a payment only when it matches one of these, so
 * an amount nobody on our side agreed to can never confirm a booking.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: id(),
    bookingId: integer('booking_id').notNull(),
    currency: currencyCode('currency').notNull(),
    amount: minorUnits('amount').notNull(),
    option: paymentOption('option').notNull(),
    /** sandbox or http: the provider that issued the token. */
    provider: text('provider').notNull(),
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
    check('payment_intents_amount_positive', sql`${t.amount} > 0`),
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
    /** Booking-flow payments: what was paid, and the intent it matched (null when it matched none: staff follow up). */
    option: paymentOption('option'),
    intentId: integer('intent_id').references(() => paymentIntents.id, { onDelete: 'restrict' }),
    /**
     * The payment whose confirmation settled the booking (confirmed it, or left
     * it unconfirmed for staff). Any other booking-flow payment on a settled
     * booking is a second charge, flagged for a refund.
     */
    settlesBooking: boolean('settles_booking').notNull().default(false),
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
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);
