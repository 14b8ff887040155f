import { OFFLINE_PAYMENT_METHODS, PAYMENT_PURPOSES, REFUND_STATUSES } from '@tours/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgEnum, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from '../bookings/schema.ts';
import { createdAt, currencyCode, id, minorUnits, updatedAt } from '../../db/columns.ts';
import { staffMembers } from '../staff/schema.ts';

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

/** How staff were paid other than by card on the site (the domain's OFFLINE_PAYMENT_METHODS). */
export const offlinePaymentMethod = pgEnum('offline_payment_method', OFFLINE_PAYMENT_METHODS);

/**
 * A payment on a booking: by card through the provider, or received another
 * way and recorded by staff (provider 'offline'). Its currency is the
 * booking's, except a card payment taken in another currency, which is
 * recorded as it was taken (money is never left unrecorded), flagged for
 * staff, and never counts towards the booking (every sum here reads only
 * payments whose currency is their booking's).
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    bookingId: integer('booking_id').notNull(),
    /** The payment's own currency. */
    currency: currencyCode('currency').notNull(),
    /** The booking's currency, held here so a foreign key keeps it the booking's and a sum can tell a payment in another one. */
    bookingCurrency: currencyCode('booking_currency').notNull(),
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
    /** Offline payments: how they came, their reference (the bank's, the agency's, the cheque number), the day received, who recorded it. */
    offlineMethod: offlinePaymentMethod('offline_method'),
    payerReference: text('payer_reference'),
    receivedOn: date('received_on', { mode: 'string' }),
    recordedBy: integer('recorded_by').references(() => staffMembers.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'payments_booking_currency_fk',
      columns: [t.bookingId, t.bookingCurrency],
      foreignColumns: [bookings.id, bookings.currency],
    }).onDelete('restrict'),
    // Target of the refunds' key: a refund is of one payment, on its booking, in its currency.
    unique('payments_id_booking_currency_unique').on(t.id, t.bookingId, t.currency),
    index('payments_booking_idx').on(t.bookingId),
    uniqueIndex('payments_one_settling_per_booking').on(t.bookingId).where(sql`${t.settlesBooking}`),
    index('payments_unapplied_idx').on(t.createdAt).where(sql`${t.appliedAt} is null and ${t.status} = 'succeeded'`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    // Staff record only what the booking's currency says; a card payment alone may come in another.
    check('payments_offline_in_booking_currency', sql`${t.offlineMethod} is null or ${t.currency} = ${t.bookingCurrency}`),
    check(
      'payments_offline_details',
      sql`(${t.provider} = 'offline') = (${t.offlineMethod} is not null) and (${t.offlineMethod} is null or (${t.payerReference} is not null and ${t.receivedOn} is not null and ${t.recordedBy} is not null))`,
    ),
  ],
);

/** A refund's life: pending until the provider answers or notifies (offline ones are recorded succeeded at once). */
export const refundStatus = pgEnum('refund_status', REFUND_STATUSES);

/**
 * Money going back from a payment, in the payment's currency: the record of
 * every refund, written (pending) before the provider is asked, so a refund
 * is never lost should the process die before it hears back; the provider's
 * answer, its notification or reconciliation settles it, once. Ids are drawn
 * from the payments' sequence, so a line of the payment history names one
 * record whether it is a payment or a refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().default(sql`nextval('payments_id_seq')`),
    paymentId: integer('payment_id').notNull(),
    bookingId: integer('booking_id').notNull(),
    currency: currencyCode('currency').notNull(),
    amount: minorUnits('amount').notNull(),
    status: refundStatus('status').notNull().default('pending'),
    /** The payment's provider (a card provider's name, or 'offline': recorded, no provider asked). */
    provider: text('provider').notNull(),
    /** The provider's id of the refund, once it answered or notified. */
    providerRefundId: text('provider_refund_id').unique(),
    /** Sent to the provider with the refund, so asking again (a retry, reconciliation) never refunds twice; derived from the staff's Idempotency-Key. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** As the staff member typed it. */
    reason: text('reason').notNull(),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'restrict' }),
    failureReason: text('failure_reason'),
    /** A reconciliation run is asking the provider about it until then. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    foreignKey({
      name: 'refunds_payment_fk',
      columns: [t.paymentId, t.bookingId, t.currency],
      foreignColumns: [payments.id, payments.bookingId, payments.currency],
    }).onDelete('restrict'),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_booking_idx').on(t.bookingId),
    // Reconciliation's work list: refunds the provider has not settled yet.
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    check('refunds_settled_has_time', sql`(${t.status} = 'pending') = (${t.settledAt} is null)`),
    check('refunds_failed_has_reason', sql`${t.status} <> 'failed' or ${t.failureReason} is not null`),
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
  /** Refund notifications: the provider's id of the refund. */
  providerRefundId: text('provider_refund_id'),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
});
