import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { createdAt, currencyCode, minorUnits, updatedAt } from './columns.ts';

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);

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
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);
