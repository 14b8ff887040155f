import { createHash, randomBytes } from 'node:crypto';
import { formatAmount, toProviderAmount, type CurrencyCode } from '@tours/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { RefundResponse } from '../../adapters/payments/wire.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { REFUND_FAILURE_MESSAGE, refundFailsFor } from './cards.ts';
import { newEventId } from './repository.ts';
import { payEvents, payPayments, payRefunds } from './schema.ts';

/**
 * The sandbox provider's refunds, as a provider keeps them: never more than
 * is left of the payment (its amount less the refunds that succeeded), the
 * payment's row locked while that is checked, so two refunds asked at once
 * take turns; idempotent on the merchant's key (the same key and request
 * answer the first refund, the same key with another request is refused);
 * and the merchant told by a signed notification written in the same commit.
 */

export type PayRefund = typeof payRefunds.$inferSelect;

const newRefundId = () => `re_${randomBytes(12).toString('hex')}`;

export function refundToWire(refund: PayRefund): RefundResponse {
  return {
    id: refund.id,
    payment_id: refund.paymentId,
    status: refund.status,
    amount: toProviderAmount(refund.amount),
    amount_minor: refund.amount,
    currency: refund.currency,
    reason: refund.reason,
    failure_reason: refund.failureReason,
    idempotency_key: refund.idempotencyKey,
    created_at: refund.createdAt.toISOString(),
  };
}

export interface RefundAsked {
  paymentId: string;
  /** Minor units. */
  amount: number;
  currency: CurrencyCode;
  reason: string;
  idempotencyKey: string;
  now: Date;
}

export type RefundAnswer =
  | { kind: 'created' | 'replayed'; refund: RefundResponse }
  | { kind: 'unknown-payment' }
  /** The request cannot be met: field messages, as a 400 names them. */
  | { kind: 'refused'; fields: Record<string, string> }
  /** The key was used for another request. */
  | { kind: 'key-conflict' };

const requestHash = (asked: RefundAsked) =>
  createHash('sha256').update(JSON.stringify([asked.paymentId, asked.amount, asked.currency, asked.reason])).digest('hex');

async function byKey(db: Database, asked: RefundAsked): Promise<RefundAnswer | null> {
  const [existing] = await db.select().from(payRefunds).where(eq(payRefunds.idempotencyKey, asked.idempotencyKey));
  if (!existing) return null;
  return existing.requestHash === requestHash(asked) ? { kind: 'replayed', refund: refundToWire(existing) } : { kind: 'key-conflict' };
}

/** Refunds part or all of a succeeded payment; see the module's comment. */
export async function refundPayment(db: Database, asked: RefundAsked): Promise<RefundAnswer> {
  try {
    return await db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payPayments).where(eq(payPayments.id, asked.paymentId)).for('update');
      if (!payment) return { kind: 'unknown-payment' };
      // Under the payment's lock: a request with this key that got there first has committed by now.
      const replay = await byKey(tx, asked);
      if (replay) return replay;
      if (payment.status !== 'succeeded') return { kind: 'refused', fields: { payment_id: 'This payment was declined: there is nothing to refund.' } };
      if (payment.currency !== asked.currency) return { kind: 'refused', fields: { currency: `The payment was made in ${payment.currency}: refund it in ${payment.currency}.` } };
      const [{ refunded } = { refunded: 0 }] = await tx
        .select({ refunded: sql<number>`cast(coalesce(sum(${payRefunds.amount}), 0) as integer)` })
        .from(payRefunds)
        .where(and(eq(payRefunds.paymentId, payment.id), eq(payRefunds.status, 'succeeded')));
      const left = payment.amount - Number(refunded);
      if (asked.amount > left) {
        return { kind: 'refused', fields: { amount: `More than is left to refund of this payment: ${formatAmount(left, payment.currency, { pence: 'always' })}.` } };
      }

      const fails = refundFailsFor(payment.cardLast4);
      const [refund] = await tx
        .insert(payRefunds)
        .values({
          id: newRefundId(),
          paymentId: payment.id,
          status: fails ? 'failed' : 'succeeded',
          amount: asked.amount,
          currency: asked.currency,
          idempotencyKey: asked.idempotencyKey,
          requestHash: requestHash(asked),
          reason: asked.reason,
          failureReason: fails ? REFUND_FAILURE_MESSAGE : null,
          createdAt: asked.now,
        })
        .returning();
      const wire = refundToWire(refund!);
      // The merchant hears of it server to server, in the same commit as the refund.
      await tx.insert(payEvents).values({ id: newEventId(), type: fails ? 'refund.failed' : 'refund.succeeded', payload: { refund: wire }, createdAt: asked.now });
      return { kind: 'created', refund: wire };
    });
  } catch (error) {
    // The same key asked twice at once for two payments: the unique key decides, and the loser reads the winner's.
    if (!isUniqueViolation(error, 'pay_refunds_idempotency_key_unique')) throw error;
    const answer = await byKey(db, asked);
    if (!answer) throw error;
    return answer;
  }
}

export async function findRefund(db: Database, id: string): Promise<PayRefund | null> {
  const [row] = await db.select().from(payRefunds).where(eq(payRefunds.id, id));
  return row ?? null;
}
