import { createHash } from 'node:crypto';
import type { CurrencyCode, PaymentPurpose } from '@tours/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { paymentIntents } from '../../db/schema/index.ts';

export type PaymentIntent = typeof paymentIntents.$inferSelect;

/** The provider's token is a bearer credential for its form: only its digest is kept. */
export const hashProviderToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface NewIntent {
  bookingId: number;
  currency: CurrencyCode;
  amount: number;
  purpose: PaymentPurpose;
  provider: string;
  token: string;
  providerRequestId: string;
  expiresAt: Date;
  createdAt: Date;
}

export async function insertIntent(db: Database, intent: NewIntent): Promise<PaymentIntent> {
  const { token, ...values } = intent;
  const [row] = await db
    .insert(paymentIntents)
    .values({ ...values, tokenHash: hashProviderToken(token) })
    .returning();
  return row!;
}

/** The booking's request a payment came through, by the provider's request id: the only binding, never the amount. */
export async function intentOfRequest(db: Database, bookingId: number, providerRequestId: string): Promise<PaymentIntent | null> {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, bookingId), eq(paymentIntents.providerRequestId, providerRequestId)));
  return row ?? null;
}

/**
 * Withdraws the booking's open payment requests, in the transaction that
 * changes its price: from its commit on, a payment through one of them is
 * outdated and is flagged, never taken as paying the new price. The provider
 * is told afterwards (cancelWithdrawnRequests), and reconciliation tells it
 * again should that fail.
 */
export async function withdrawOpenRequests(db: Database, bookingId: number, now: Date): Promise<number> {
  const rows = await db
    .update(paymentIntents)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(paymentIntents.bookingId, bookingId), eq(paymentIntents.status, 'open')))
    .returning({ id: paymentIntents.id });
  return rows.length;
}

/**
 * Asks the provider to close the booking's withdrawn requests, so their forms
 * refuse payment. Best effort: a request the provider could not be reached
 * about stays pending and reconciliation asks again; one that was paid first
 * is settled there too (and flagged as outdated).
 */
export async function cancelWithdrawnRequests(app: FastifyInstance, bookingId: number): Promise<void> {
  const pending = await app.db
    .select({ id: paymentIntents.id, requestId: paymentIntents.providerRequestId })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, bookingId), eq(paymentIntents.status, 'cancelled'), isNull(paymentIntents.cancelConfirmedAt)));
  const confirmed: number[] = [];
  for (const intent of pending) {
    if (!intent.requestId) {
      confirmed.push(intent.id);
      continue;
    }
    try {
      const request = await app.adapters.payments.cancelPaymentRequest(intent.requestId);
      // A request paid before it could be withdrawn is left for reconciliation, which settles its payment.
      if (request?.status !== 'paid') confirmed.push(intent.id);
    } catch (error) {
      app.log.warn({ err: error, intentId: intent.id }, 'could not withdraw a payment request at the provider; reconciliation will retry');
    }
  }
  if (confirmed.length > 0) {
    await app.db.update(paymentIntents).set({ cancelConfirmedAt: app.clock.now() }).where(inArray(paymentIntents.id, confirmed));
  }
}
