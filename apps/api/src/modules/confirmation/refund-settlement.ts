import type { FastifyInstance } from 'fastify';
import { isRefusal, type GatewayRefund } from '../../adapters/payments/index.ts';
import { retryTransient } from '../../lib/pg-errors.ts';
import { recordAudit } from '../audit/index.ts';
import { lockBookingStatus, markNeedsAttention } from '../bookings/index.ts';
import { providerPaymentOf, settleRefund, type RefundMatch, type RefundOutcome, type RefundRow } from '../payments/index.ts';
import { ATTENTION_CODE } from './follow-up.ts';

/**
 * Settlement of card refunds (issue 26), the refunds' side of ADR 0005: a
 * pending refund is settled by the first of the provider's answer, its
 * signed notification and reconciliation asking it again, once; the others
 * find it settled and do nothing. A refund that failed flags its booking,
 * so staff give the money back another way.
 */
export type RefundSource = 'answer' | 'notification' | 'reconciliation';

export const outcomeOf = (refund: GatewayRefund): RefundOutcome => ({ status: refund.status, providerRefundId: refund.id, failureReason: refund.failureReason });

/** Settles a refund by the provider's word, in one transaction with its audit entry; null when it was settled already (or the word is 'pending'). */
export async function settleRefundOutcome(app: FastifyInstance, match: RefundMatch, outcome: RefundOutcome, source: RefundSource, requestId: string): Promise<RefundRow | null> {
  return retryTransient(() =>
    app.db.transaction(async (tx) => {
      const settled = await settleRefund(tx, match, outcome, app.clock.now());
      if (!settled) return null;
      await recordAudit(tx, {
        actor: `system:${source}`,
        action: `refund.${settled.status}`,
        entityType: 'refund',
        entityId: settled.id,
        bookingId: settled.bookingId,
        requestId,
        detail: { paymentId: settled.paymentId, amount: settled.amount, currency: settled.currency, providerRefundId: settled.providerRefundId, failureReason: settled.failureReason },
      });
      if (settled.status === 'failed') {
        const booking = await lockBookingStatus(tx, settled.bookingId);
        await markNeedsAttention(tx, settled.bookingId, { status: booking.status, attention: ATTENTION_CODE.refundFailed });
        await recordAudit(tx, {
          actor: 'system',
          action: 'booking.needs_attention',
          entityType: 'booking',
          entityId: settled.bookingId,
          bookingId: settled.bookingId,
          requestId,
          detail: { reason: ATTENTION_CODE.refundFailed, refundId: settled.id, failureReason: settled.failureReason },
        });
      }
      return settled;
    }),
  );
}

/**
 * Sends a pending card refund to the provider (with its own idempotency key,
 * so sending it again never refunds twice) and settles it by the answer. A
 * refusal fails it, with the provider's reason; a provider that cannot be
 * asked leaves it pending, and reconciliation sends it again.
 */
export async function sendRefund(app: FastifyInstance, refund: RefundRow, requestId: string, source: RefundSource = 'answer'): Promise<RefundRow | null> {
  const providerPaymentId = await providerPaymentOf(app.db, refund);
  let outcome: RefundOutcome;
  try {
    if (!providerPaymentId) throw new Error('the payment has no provider id');
    const answer = await app.adapters.payments.refund({
      providerPaymentId,
      amountMinor: refund.amount,
      currency: refund.currency,
      idempotencyKey: refund.idempotencyKey,
      reason: refund.reason,
    });
    outcome = outcomeOf(answer);
  } catch (error) {
    if (!isRefusal(error) && providerPaymentId) {
      app.log.warn({ err: error, refundId: refund.id }, 'the card provider could not be asked for a refund; reconciliation will send it again');
      return null;
    }
    const why = isRefusal(error) ? [error.message, ...Object.values(error.fields ?? {})].join(' ') : 'The payment has no card provider id to refund.';
    outcome = { status: 'failed', providerRefundId: null, failureReason: `The card provider refused the refund: ${why}` };
  }
  return settleRefundOutcome(app, { refundId: refund.id }, outcome, source, requestId);
}
