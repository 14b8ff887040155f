import { minor, OFFLINE_PROVIDER, type CurrencyCode, type PaymentMethod, type StaffPayment, type StaffRefund } from '@tours/domain';
import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countsTowardsBooking, type PaymentRow } from './records.ts';
import { type RefundRow } from './refunds.ts';
import { payments, refunds } from './schema.ts';

/**
 * The booking's money read three ways: the staff booking page (every payment
 * with its refunds and what is left to refund), the customer's payment
 * history (payments, and refunds as negative lines), and the documents'
 * list of money received (adding up to amountPaid). Two statements each.
 */

/** What the customer's history and the documents call a refund. */
export const REFUND_STATUS_WORDS = { succeeded: 'Refunded', pending: 'Refund pending' } as const;

/** A payment's status when refunds have succeeded: the provider's own word otherwise. */
function paymentStatusWord(payment: PaymentRow, refunded: number): string {
  if (refunded >= payment.amount) return 'Refunded';
  if (refunded > 0) return 'Partially refunded';
  return payment.gatewayStatus;
}

const methodOf = (payment: PaymentRow): PaymentMethod => (payment.provider === OFFLINE_PROVIDER && payment.offlineMethod ? payment.offlineMethod : 'card');

/** Refunds by payment, each numbered within its payment in the order made: 'MER-480153-P1-R2'. */
function numbered(rows: readonly RefundRow[], referenceOf: (paymentId: number) => string) {
  const count = new Map<number, number>();
  return [...rows]
    .sort((a, b) => a.id - b.id)
    .map((refund) => {
      const n = (count.get(refund.paymentId) ?? 0) + 1;
      count.set(refund.paymentId, n);
      return { refund, reference: `${referenceOf(refund.paymentId)}-R${n}` };
    });
}

const money = (value: number, currency: CurrencyCode) => ({ value: minor(value), currency });

export function presentRefund(refund: RefundRow, reference: string): StaffRefund {
  return {
    id: refund.id,
    payment_id: refund.paymentId,
    reference,
    amount: money(refund.amount, refund.currency),
    status: refund.status,
    reason: refund.reason,
    provider_refund_id: refund.providerRefundId,
    failure_reason: refund.failureReason,
    staff_member_id: refund.staffMemberId,
    created_at: refund.createdAt.toISOString(),
    settled_at: refund.settledAt ? refund.settledAt.toISOString() : null,
  };
}

async function paymentsAndRefunds(db: Database, where: { payments: SQL; refunds: SQL }) {
  const [paymentRows, refundRows] = await Promise.all([
    db.select().from(payments).where(where.payments).orderBy(desc(payments.createdAt), desc(payments.id)),
    db.select().from(refunds).where(where.refunds).orderBy(asc(refunds.id)),
  ]);
  const referenceOf = new Map(paymentRows.map((payment) => [payment.id, payment.reference ?? String(payment.id)]));
  return { paymentRows, refundRows: numbered(refundRows, (id) => referenceOf.get(id) ?? String(id)) };
}

/**
 * Every payment on the booking, newest first, with its refunds and what is
 * left of it to refund, as the staff booking page shows them (the read side
 * calls this). A payment in another currency than the booking's is listed in
 * its own currency and flagged by in_booking_currency.
 */
export async function paymentsWithRefunds(db: Database, bookingId: number): Promise<StaffPayment[]> {
  const { paymentRows, refundRows } = await paymentsAndRefunds(db, { payments: eq(payments.bookingId, bookingId), refunds: eq(refunds.bookingId, bookingId) });
  return paymentRows.map((payment) => {
    const own = refundRows.filter(({ refund }) => refund.paymentId === payment.id);
    const sum = (status: RefundRow['status']) => own.filter(({ refund }) => refund.status === status).reduce((total, { refund }) => total + refund.amount, 0);
    const refunded = sum('succeeded');
    const pending = sum('pending');
    const refundable = payment.status === 'succeeded' ? Math.max(0, payment.amount - refunded - pending) : 0;
    return {
      id: payment.id,
      reference: payment.reference ?? String(payment.id),
      provider: payment.provider,
      provider_payment_id: payment.providerPaymentId,
      method: methodOf(payment),
      payer_reference: payment.payerReference,
      received_on: payment.receivedOn,
      created_at: payment.createdAt.toISOString(),
      amount: money(payment.amount, payment.currency),
      in_booking_currency: payment.currency === payment.bookingCurrency,
      status: payment.status,
      gateway_status: paymentStatusWord(payment, refunded),
      refunded: money(refunded, payment.currency),
      refund_pending: money(pending, payment.currency),
      refundable: money(refundable, payment.currency),
      refunds: own.map(({ refund, reference }) => presentRefund(refund, reference)),
    };
  });
}

/** Refunds by id, presented with their references (an action's answer). */
export async function refundsByIds(db: Database, refundIds: readonly number[]): Promise<StaffRefund[]> {
  if (refundIds.length === 0) return [];
  const [first] = await db.select({ bookingId: refunds.bookingId }).from(refunds).where(inArray(refunds.id, [...refundIds])).limit(1);
  if (!first) return [];
  // Numbered among all the refunds of their payments, so a reference reads the same here as on the booking page.
  const { refundRows } = await paymentsAndRefunds(db, { payments: eq(payments.bookingId, first.bookingId), refunds: eq(refunds.bookingId, first.bookingId) });
  const wanted = new Set(refundIds);
  return refundRows.filter(({ refund }) => wanted.has(refund.id)).map(({ refund, reference }) => presentRefund(refund, reference));
}

/** A line of the customer's payment history: a payment, or a refund as a negative amount. */
export interface HistoryLine {
  id: number;
  /** The provider's id of the payment or refund, ours for money staff recorded. */
  paymentId: string;
  reference: string;
  createdAt: Date;
  amount: number;
  currency: CurrencyCode;
  gatewayStatus: string;
}

/**
 * The customer's payment history (spec: ID, Reference, Date, Status,
 * Amount), newest first: every payment, its status 'Refunded' or 'Partially
 * refunded' once refunds have succeeded, and each refund made or on its way
 * as a line of its own with a negative amount. A refund that failed moved no
 * money and is not listed.
 */
export async function paymentHistoryLines(db: Database, bookingId: number): Promise<HistoryLine[]> {
  const { paymentRows, refundRows } = await paymentsAndRefunds(db, {
    payments: eq(payments.bookingId, bookingId),
    refunds: and(eq(refunds.bookingId, bookingId), ne(refunds.status, 'failed'))!,
  });
  const refunded = (paymentId: number) =>
    refundRows.filter(({ refund }) => refund.paymentId === paymentId && refund.status === 'succeeded').reduce((total, { refund }) => total + refund.amount, 0);
  const lines: HistoryLine[] = [
    ...paymentRows.map((payment) => ({
      id: payment.id,
      paymentId: payment.providerPaymentId ?? String(payment.id),
      reference: payment.reference ?? String(payment.id),
      createdAt: payment.createdAt,
      amount: payment.amount,
      currency: payment.currency,
      gatewayStatus: paymentStatusWord(payment, refunded(payment.id)),
    })),
    ...refundRows.map(({ refund, reference }) => ({
      id: refund.id,
      paymentId: refund.providerRefundId ?? String(refund.id),
      reference,
      createdAt: refund.createdAt,
      amount: -refund.amount,
      currency: refund.currency,
      gatewayStatus: REFUND_STATUS_WORDS[refund.status as 'succeeded' | 'pending'],
    })),
  ];
  return lines.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
}

/**
 * The money the booking's documents list, oldest first: payments that count
 * towards it and the refunds taken from them (negative). They add up to
 * amountPaid, so a document and the account area never disagree.
 */
export async function moneyLines(db: Database, bookingId: number): Promise<{ reference: string; createdAt: Date; gatewayStatus: string; amount: number }[]> {
  const { paymentRows, refundRows } = await paymentsAndRefunds(db, {
    payments: and(eq(payments.bookingId, bookingId), countsTowardsBooking())!,
    refunds: and(eq(refunds.bookingId, bookingId), ne(refunds.status, 'failed'))!,
  });
  const counted = new Set(paymentRows.map((payment) => payment.id));
  const lines = [
    ...paymentRows.map((payment) => ({ id: payment.id, reference: payment.reference ?? '', createdAt: payment.createdAt, gatewayStatus: payment.gatewayStatus, amount: payment.amount })),
    ...refundRows
      .filter(({ refund }) => counted.has(refund.paymentId))
      .map(({ refund, reference }) => ({ id: refund.id, reference, createdAt: refund.createdAt, gatewayStatus: REFUND_STATUS_WORDS[refund.status as 'succeeded' | 'pending'], amount: -refund.amount })),
  ];
  return lines.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id).map(({ id: _id, ...line }) => line);
}
