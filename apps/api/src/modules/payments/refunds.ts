import { OFFLINE_PROVIDER, type RefundStatus } from '@tours/domain';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { sqlInstant, type Instant } from '../../lib/clock.ts';
import { countsTowardsBooking, type PaymentRow } from './records.ts';
import { payments, refunds } from './schema.ts';

/**
 * Refunds: money going back from a payment, never more than is left of it
 * (its amount less the refunds succeeded or pending). The payment's row is
 * locked while that is checked and the refund written, so two staff members
 * refunding one payment at once take turns and the second sees the first.
 * A card refund is written pending, before the provider is asked, and
 * settled once (the first of the provider's answer, its notification and
 * reconciliation); an offline one is recorded succeeded at once.
 */
export type RefundRow = typeof refunds.$inferSelect;

/** What is taken of a payment by refunds: succeeded ones and pending ones (decided, on their way back). */
const takenOf = (paymentId: SQL) =>
  sql<number>`cast(coalesce((select sum(r.amount) from refunds r where r.payment_id = ${paymentId} and r.status <> 'failed'), 0) as integer)`;

export interface RefundablePayment {
  payment: PaymentRow;
  /** Refunded or being refunded. */
  taken: number;
  /** What is left to refund: the amount less what is taken. */
  refundable: number;
}

/**
 * The booking's payment, locked FOR UPDATE for a refund (the caller holds
 * the booking's row first, the order settlement takes them in), with what is
 * left of it to refund, read after the lock; null when the booking has no
 * such payment.
 */
export async function lockPaymentForRefund(db: Database, bookingId: number, paymentId: number): Promise<RefundablePayment | null> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.bookingId, bookingId)))
    .for('update');
  if (!payment) return null;
  // A statement of its own, after the lock: READ COMMITTED gives it a snapshot that includes what the previous holder committed.
  const [row] = await queryRows<{ taken: number | string }>(db, sql`select ${takenOf(sql`${payment.id}`)} as taken`);
  const taken = Number(row?.taken ?? 0);
  return { payment, taken, refundable: Math.max(0, payment.amount - taken) };
}

/**
 * The booking's received payments, newest first, with what is left of each
 * to refund: what a cancellation spreads its refund over. Those that count
 * towards the booking (in its currency), or with `everyCurrency` also those
 * taken in another (a refund of everything paid returns each in its own
 * currency). With `lock`, their rows are locked FOR UPDATE first, in id order
 * (so two cancellations never wait crosswise), and read after the lock.
 */
export async function refundablePayments(db: Database, bookingId: number, options: { lock: boolean; everyCurrency: boolean }): Promise<RefundablePayment[]> {
  const received = options.everyCurrency ? eq(payments.status, 'succeeded') : countsTowardsBooking();
  const where = and(eq(payments.bookingId, bookingId), received)!;
  if (options.lock) {
    const locked = await db.select({ id: payments.id }).from(payments).where(where).orderBy(asc(payments.id)).for('update');
    if (locked.length === 0) return [];
  }
  const rows = await db
    .select({ payment: payments, taken: takenOf(sql`${payments.id}`) })
    .from(payments)
    .where(where)
    .orderBy(sql`${payments.createdAt} desc, ${payments.id} desc`);
  return rows.map(({ payment, taken }) => ({ payment, taken: Number(taken), refundable: Math.max(0, payment.amount - Number(taken)) }));
}

export interface NewRefund {
  payment: Pick<PaymentRow, 'id' | 'bookingId' | 'currency' | 'provider'>;
  amount: number;
  /** Sent to the provider with the refund; unique. */
  idempotencyKey: string;
  reason: string;
  staffMemberId: number;
  now: Date;
}

/** Writes a refund: an offline payment's is recorded succeeded (no provider to ask), a card payment's pending until the provider settles it. */
export async function insertRefund(db: Database, refund: NewRefund): Promise<RefundRow> {
  const offline = refund.payment.provider === OFFLINE_PROVIDER;
  const [row] = await db
    .insert(refunds)
    .values({
      paymentId: refund.payment.id,
      bookingId: refund.payment.bookingId,
      currency: refund.payment.currency,
      amount: refund.amount,
      status: offline ? 'succeeded' : 'pending',
      provider: refund.payment.provider,
      idempotencyKey: refund.idempotencyKey,
      reason: refund.reason,
      staffMemberId: refund.staffMemberId,
      createdAt: refund.now,
      settledAt: offline ? refund.now : null,
    })
    .returning();
  return row!;
}

export interface RefundOutcome {
  status: RefundStatus;
  providerRefundId: string | null;
  failureReason: string | null;
}

/** Which refund an outcome is about: ours by id, or the provider's by its id or the idempotency key we sent it. */
export type RefundMatch = { refundId: number } | { providerRefundId: string; idempotencyKey: string | null };

const matching = (match: RefundMatch): SQL =>
  'refundId' in match
    ? eq(refunds.id, match.refundId)
    : match.idempotencyKey
      ? sql`(${refunds.providerRefundId} = ${match.providerRefundId} or ${refunds.idempotencyKey} = ${match.idempotencyKey})`
      : eq(refunds.providerRefundId, match.providerRefundId);

/**
 * Settles a pending refund with the provider's word, once: the first of its
 * answer, its notification and reconciliation changes the row, the others
 * find it settled and change nothing (null). A 'pending' outcome only notes
 * the provider's id. One statement, so racing callers need no lock of their own.
 */
export async function settleRefund(db: Database, match: RefundMatch, outcome: RefundOutcome, now: Date): Promise<RefundRow | null> {
  const providerRefundId = outcome.providerRefundId === null ? sql`${refunds.providerRefundId}` : sql`coalesce(${refunds.providerRefundId}, ${outcome.providerRefundId})`;
  const [row] = await db
    .update(refunds)
    .set(
      outcome.status === 'pending'
        ? { providerRefundId, leaseUntil: null }
        : { status: outcome.status, providerRefundId, failureReason: outcome.failureReason, settledAt: now, leaseUntil: null },
    )
    .where(and(matching(match), eq(refunds.status, 'pending')))
    .returning();
  return outcome.status === 'pending' ? null : (row ?? null);
}

/** Card refunds still pending and not yet sent (no provider id): what the action that wrote them sends once it has committed. */
export async function unsentRefunds(db: Database, refundIds: readonly number[]): Promise<RefundRow[]> {
  if (refundIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.id, [...refundIds]), eq(refunds.status, 'pending'), isNull(refunds.providerRefundId)))
    .orderBy(asc(refunds.id));
}

/** The payment a refund is sent to the provider against. */
export async function providerPaymentOf(db: Database, refund: Pick<RefundRow, 'paymentId'>): Promise<string | null> {
  const [row] = await db.select({ providerPaymentId: payments.providerPaymentId }).from(payments).where(eq(payments.id, refund.paymentId));
  return row?.providerPaymentId ?? null;
}

/**
 * Leases, for one reconciliation run, card refunds still pending and older
 * than `createdBefore` (one written moments ago is still being sent by its
 * own request). FOR UPDATE SKIP LOCKED, as the other claims: replicas split them.
 */
export async function claimPendingRefunds(
  db: Database,
  input: { now: Instant; leaseUntil: SQL; createdBefore: SQL; limit: number },
): Promise<(RefundRow & { providerPaymentId: string | null })[]> {
  const claimed = await db.transaction((tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`update refunds set lease_until = ${input.leaseUntil}
          where id in (
            select id from refunds
            where status = 'pending' and provider <> ${OFFLINE_PROVIDER}
              and created_at <= ${input.createdBefore}
              and (lease_until is null or lease_until <= ${sqlInstant(input.now)})
            order by created_at
            limit ${input.limit}
            for update skip locked
          )
          returning id`,
    ),
  );
  if (claimed.length === 0) return [];
  return db
    .select({ refund: refunds, providerPaymentId: payments.providerPaymentId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(inArray(
      refunds.id,
      claimed.map((row) => Number(row.id)),
    ))
    .orderBy(asc(refunds.id))
    .then((rows) => rows.map((row) => ({ ...row.refund, providerPaymentId: row.providerPaymentId })));
}
