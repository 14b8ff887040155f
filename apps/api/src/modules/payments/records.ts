import type { PaymentPurpose } from '@tours/domain';
import { and, desc, asc, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { sqlInstant, type Instant } from '../../lib/clock.ts';
import { payments } from './schema.ts';

/**
 * The payments rows: card payments recorded on bookings. Only this module
 * writes them; settlement (modules/confirmation) decides when, the account
 * area reads the history through here.
 */
export type PaymentRow = typeof payments.$inferSelect;

/** Succeeded payments on the booking, in minor units of its currency. */
export async function amountPaid(db: Database, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ paid: sql<number>`cast(coalesce(sum(${payments.amount}), 0) as integer)` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')));
  return Number(row?.paid ?? 0);
}

/**
 * What amountPaid answers, as SQL for the booking whose id is `bookingId` (a
 * column of the caller's statement): the staff console's lists sort and
 * filter thousands of bookings by it in the database.
 */
export const amountPaidSql = (bookingId: SQL): SQL<number> =>
  sql<number>`(select cast(coalesce(sum(${payments.amount}), 0) as integer) from ${payments} where ${payments.bookingId} = ${bookingId} and ${payments.status} = 'succeeded')`;

/** Succeeded payments per booking, in minor units of its currency: what verified payments have paid. */
export async function paidByBooking(db: Database, bookingIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ bookingId: payments.bookingId, paid: sql<number>`cast(coalesce(sum(${payments.amount}), 0) as integer)` })
    .from(payments)
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.status, 'succeeded')))
    .groupBy(payments.bookingId);
  return new Map(rows.map((row) => [row.bookingId, Number(row.paid)]));
}

/** The booking's verified payments, oldest first, as its documents list them. */
export function succeededPayments(db: Database, bookingId: number) {
  return db
    .select({ reference: payments.reference, createdAt: payments.createdAt, gatewayStatus: payments.gatewayStatus, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** Every payment on the booking, newest first: the account's payment history. */
export function paymentHistory(db: Database, bookingId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(desc(payments.createdAt), desc(payments.id));
}

/** A payment the provider reported (pending or taken) on the booking, applied or not: it still belongs to the booking as it was. */
export async function hasPayment(db: Database, bookingId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['pending', 'succeeded'])))
    .limit(1);
  return Boolean(row);
}

/** Our record of a provider's payment, if we have one. */
export async function paymentByProviderId(db: Database, providerPaymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row ?? null;
}

/** The payment's row, locked while it is applied to its booking. NO KEY: only its settling and applied marks change. */
export async function lockPaymentForApplying(db: Database, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).for('no key update');
  return row ?? null;
}

export interface SucceededPayment {
  bookingId: number;
  /** The booking's reference (its id until confirmed): the payment's reference is it and a sequence number. */
  bookingReference: string;
  currency: PaymentRow['currency'];
  amount: number;
  gatewayStatus: string;
  provider: string;
  providerPaymentId: string;
  purpose: PaymentPurpose | null;
  intentId: number | null;
  /** The database's clock, so reconciliation's grace reads the same time on every replica. */
  createdAt: Instant;
}

/**
 * A payment's reference in the payment history: the booking's reference (its
 * id until confirmed) and a sequence number, counted in the insert itself
 * (under the booking's lock, which the caller holds, so two payments never
 * draw the same number).
 */
const paymentReference = (bookingReference: string, bookingId: number) =>
  sql`cast(${`${bookingReference}-P`} as text) || cast((select count(*) + 1 from ${payments} where ${payments.bookingId} = ${bookingId}) as text)`;

/** Records a payment the provider says succeeded; answers its id. */
export async function insertSucceededPayment(db: Database, payment: SucceededPayment): Promise<number> {
  const [row] = await db
    .insert(payments)
    .values({
      bookingId: payment.bookingId,
      currency: payment.currency,
      amount: payment.amount,
      status: 'succeeded',
      gatewayStatus: payment.gatewayStatus,
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      reference: paymentReference(payment.bookingReference, payment.bookingId),
      purpose: payment.purpose,
      intentId: payment.intentId,
      createdAt: sqlInstant(payment.createdAt),
    })
    .returning({ id: payments.id });
  return row!.id;
}

/** The payment settled its booking (confirmed it, or left it unconfirmed for staff): any other booking-flow payment is a second charge. */
export async function markSettlingPayment(db: Database, paymentId: number): Promise<void> {
  await db.update(payments).set({ settlesBooking: true }).where(eq(payments.id, paymentId));
}

/** The settlement path has applied the payment to its booking: nothing retries it. */
export async function markPaymentApplied(db: Database, paymentId: number, now: Date): Promise<void> {
  await db.update(payments).set({ appliedAt: now }).where(eq(payments.id, paymentId));
}

/** Payments recorded under the booking id ('100123-P1') take the reference the customer now knows ('MER-480153-P1'). */
export async function referPaymentsToBooking(db: Database, bookingId: number, reference: string): Promise<void> {
  const prefix = `${bookingId}-P`;
  await db
    .update(payments)
    .set({ reference: sql`cast(${`${reference}-P`} as text) || substr(${payments.reference}, cast(${prefix.length + 1} as integer))` })
    .where(and(eq(payments.bookingId, bookingId), like(payments.reference, `${prefix}%`)));
}

/** The receipt's payment: the provider's payment on this booking, if it became a payments row. */
export async function receiptPayment(db: Database, providerPaymentId: string, bookingId: number): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.providerPaymentId, providerPaymentId), eq(payments.bookingId, bookingId)));
  return row ?? null;
}

/** The card the payer used, as the form reported it; the first receipt's is kept. */
export async function recordPaymentMethod(db: Database, paymentId: number, paymentMethodId: string, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ paymentMethodId, updatedAt: now })
    .where(and(eq(payments.id, paymentId), isNull(payments.paymentMethodId)));
}

export interface UnappliedPayment {
  id: number;
  booking_id: number;
  provider_request_id: string | null;
}

/**
 * Leases, for one reconciliation run, payments recorded but not applied (a
 * transient failure outlasted the settlement's retries), older than `appliedBy`
 * (a payment recorded moments ago is still being applied by its own caller).
 * FOR UPDATE SKIP LOCKED, as claimDueIntents.
 */
export async function claimUnappliedPayments(
  db: Database,
  input: { now: Instant; leaseUntil: SQL; recordedBefore: SQL; limit: number },
): Promise<UnappliedPayment[]> {
  return db.transaction((tx) =>
    queryRows<UnappliedPayment>(
      tx,
      sql`update payments set lease_until = ${input.leaseUntil}
          where id in (
            select id from payments
            where applied_at is null and status = 'succeeded'
              and created_at <= ${input.recordedBefore}
              and (lease_until is null or lease_until <= ${input.now})
            order by created_at
            limit ${input.limit}
            for update skip locked
          )
          returning id, booking_id,
            (select provider_request_id from payment_intents where payment_intents.id = payments.intent_id) as provider_request_id`,
    ),
  );
}
