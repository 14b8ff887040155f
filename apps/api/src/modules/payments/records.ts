import type { PaymentPurpose } from '@tours/domain';
import { and, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { sqlInstant, type Instant } from '../../lib/clock.ts';
import { payments } from './schema.ts';

/**
 * The payments rows: card payments recorded on bookings. Only this module
 * writes them; settlement (modules/confirmation) decides when, the account
 * area reads the history through here.
 */
export type PaymentRow = typeof payments.$inferSelect;

/**
 * A payment that counts towards its booking: the money came (succeeded), in
 * the booking's currency (one taken in another currency is recorded and
 * flagged, never counted).
 */
export const countsTowardsBooking = () => and(eq(payments.status, 'succeeded'), eq(payments.currency, payments.bookingCurrency))!;

/** Per booking, the refunds that took money back from counted payments: succeeded ones and pending ones (decided, on their way back). */
const refundsTaken = (bookingIds: SQL) =>
  sql`select r.booking_id, sum(r.amount) as refunded from refunds r
      join payments p on p.id = r.payment_id
      where r.booking_id in ${bookingIds} and r.status <> 'failed' and p.status = 'succeeded' and p.currency = p.booking_currency
      group by r.booking_id`;

/**
 * What the booking's payments came to, in minor units of its currency:
 * counted payments less the refunds taken from them (pending ones included:
 * that money is on its way back). The one figure balances, documents and
 * cancellations read.
 */
export async function amountPaid(db: Database, bookingId: number): Promise<number> {
  return (await paidByBooking(db, [bookingId])).get(bookingId) ?? 0;
}

/**
 * What amountPaid answers, as SQL for the booking whose id is `bookingId` (a
 * column of the caller's statement): counted payments less the refunds taken
 * from them. The staff console's lists sort and filter thousands of bookings
 * by it in the database.
 */
export const amountPaidSql = (bookingId: SQL): SQL<number> =>
  sql<number>`(cast((select coalesce(sum(p.amount), 0) from payments p where p.booking_id = ${bookingId} and p.status = 'succeeded' and p.currency = p.booking_currency)
    - (select coalesce(sum(r.amount), 0) from refunds r join payments p on p.id = r.payment_id
       where r.booking_id = ${bookingId} and r.status <> 'failed' and p.status = 'succeeded' and p.currency = p.booking_currency) as integer))`;

/**
 * What amountPaidSql answers, for many bookings at once: a relation of
 * (booking_id, paid) to join in the caller's statement, each table read once
 * and grouped, for a list that needs the money of thousands of bookings
 * (the staff console's sort by balance, its CSV). `bookingIds`: a subquery
 * of the bookings wanted (every booking when absent). Bookings with no
 * counted payment are absent: their paid is 0.
 */
export const amountsPaidSql = (bookingIds?: SQL): SQL => {
  const only = (column: SQL) => (bookingIds ? sql`and ${column} in (${bookingIds})` : sql``);
  return sql`select p.booking_id, cast(sum(p.amount) - coalesce(sum(r.refunded), 0) as integer) as paid
      from payments p
      left join (select payment_id, sum(amount) as refunded from refunds where status <> 'failed' ${only(sql`booking_id`)} group by payment_id) r on r.payment_id = p.id
      where p.status = 'succeeded' and p.currency = p.booking_currency ${only(sql`p.booking_id`)}
      group by p.booking_id`;
};

/** amountPaid for several bookings in one statement; bookings with nothing paid are absent. */
export async function paidByBooking(db: Database, bookingIds: number[]): Promise<Map<number, number>> {
  if (bookingIds.length === 0) return new Map();
  const ids = sql`(${sql.join(bookingIds.map((id) => sql`${id}`), sql`, `)})`;
  const rows = await queryRows<{ booking_id: number; paid: number | string }>(
    db,
    sql`select p.booking_id, cast(sum(p.amount) - coalesce(max(r.refunded), 0) as integer) as paid
        from payments p
        left join (${refundsTaken(ids)}) r on r.booking_id = p.booking_id
        where p.booking_id in ${ids} and p.status = 'succeeded' and p.currency = p.booking_currency
        group by p.booking_id`,
  );
  return new Map(rows.map((row) => [Number(row.booking_id), Number(row.paid)]));
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
  /** The payment's currency, as the provider took it. */
  currency: PaymentRow['currency'];
  bookingCurrency: PaymentRow['currency'];
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
export const paymentReference = (bookingReference: string, bookingId: number) =>
  sql`cast(${`${bookingReference}-P`} as text) || cast((select count(*) + 1 from ${payments} where ${payments.bookingId} = ${bookingId}) as text)`;

/** Records a payment the provider says succeeded; answers its id. */
export async function insertSucceededPayment(db: Database, payment: SucceededPayment): Promise<number> {
  const [row] = await db
    .insert(payments)
    .values({
      bookingId: payment.bookingId,
      currency: payment.currency,
      bookingCurrency: payment.bookingCurrency,
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

/** The receipt's payment: the provider's payment on this booking, if it became a payment counting towards it (not one in another currency). */
export async function receiptPayment(db: Database, providerPaymentId: string, bookingId: number): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.providerPaymentId, providerPaymentId), eq(payments.bookingId, bookingId), countsTowardsBooking()));
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

/**
 * A change that accounted for the booking's payments as they stand (a
 * cancellation refunding them) settles those not yet applied: a payment
 * recorded a moment before, whose own settlement has not run, is then found
 * applied and not flagged as if it came after the change.
 */
export async function markBookingPaymentsApplied(db: Database, bookingId: number, now: Date): Promise<number[]> {
  const rows = await db
    .update(payments)
    .set({ appliedAt: now })
    .where(and(eq(payments.bookingId, bookingId), isNull(payments.appliedAt), countsTowardsBooking()))
    .returning({ id: payments.id });
  return rows.map((row) => row.id);
}
