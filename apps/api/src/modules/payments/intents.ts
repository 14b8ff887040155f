import { createHash } from 'node:crypto';
import type { CurrencyCode, PaymentPurpose } from '@tours/domain';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Database } from '../../db/client.ts';
import type { Instant } from '../../lib/clock.ts';
import { paymentIntents } from './schema.ts';

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

/** A payment request by our id. */
export async function intentById(db: Database, intentId: number): Promise<PaymentIntent | null> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
  return row ?? null;
}

/** A payment came through the request. A withdrawn request stays withdrawn: that is how the payment is later known to be outdated. */
export async function markIntentPaid(db: Database, intent: Pick<PaymentIntent, 'id' | 'status'>): Promise<void> {
  if (intent.status !== 'open' && intent.status !== 'expired') return;
  await db.update(paymentIntents).set({ status: 'paid' }).where(eq(paymentIntents.id, intent.id));
}

/**
 * A read model for other owners' statements: whether the booking named by
 * `bookingId` (a column of theirs) has a payment request still open, one the
 * provider may yet take money through (the hold sweeper leaves such a
 * booking's holds for reconciliation).
 */
export const openPaymentRequestExists = (bookingId: SQL): SQL =>
  sql`exists (select 1 from payment_intents pi where pi.booking_id = ${bookingId} and pi.status = 'open')`;

export interface ClaimedIntent {
  id: number;
  booking_id: number;
  status: 'open' | 'cancelled';
  provider_request_id: string | null;
}

/**
 * Leases, for one reconciliation run, payment requests to ask the provider
 * about: open ones past their expiry or due for another reason (`alsoDue`,
 * given the request's booking id column: the caller's rule, holds that
 * lapsed), and withdrawn ones the provider has not acknowledged. FOR UPDATE
 * SKIP LOCKED, so replicas reconciling at once each take different ones; a
 * lease lapses by itself if its replica dies. `now` is the database's clock.
 */
export async function claimDueIntents(
  db: Database,
  input: { now: Instant; leaseUntil: SQL; limit: number; alsoDue: (bookingId: SQL) => SQL },
): Promise<ClaimedIntent[]> {
  const { now, leaseUntil } = input;
  return db.transaction((tx) =>
    queryRows<ClaimedIntent>(
      tx,
      sql`update payment_intents set lease_until = ${leaseUntil}
          where id in (
            select pi.id from payment_intents pi
            where (pi.lease_until is null or pi.lease_until <= ${now})
              and (
                (pi.status = 'open' and (
                  pi.expires_at <= ${now}
                  or ${input.alsoDue(sql`pi.booking_id`)}
                ))
                or (pi.status = 'cancelled' and pi.cancel_confirmed_at is null)
              )
            order by pi.expires_at
            limit ${input.limit}
            for update skip locked
          )
          returning id, booking_id, status, provider_request_id`,
    ),
  );
}

/** The provider will take nothing more through the request: its lease ends and, since it is no longer open, its holds may go. */
export async function markIntentExpired(db: Database, intentId: number): Promise<void> {
  await db.update(paymentIntents).set({ status: 'expired', leaseUntil: null }).where(eq(paymentIntents.id, intentId));
}

/** The provider acknowledged the withdrawal of the request. */
export async function markCancelConfirmed(db: Database, intentId: number, now: Date): Promise<void> {
  await db.update(paymentIntents).set({ cancelConfirmedAt: now, leaseUntil: null }).where(eq(paymentIntents.id, intentId));
}
