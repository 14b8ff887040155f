import { createHash } from 'node:crypto';
import type { CurrencyCode, PaymentOption } from '@tours/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentIntents } from '../../db/schema/index.ts';

export type PaymentIntent = typeof paymentIntents.$inferSelect;

/** The provider's token is a bearer credential for its form: only its digest is kept. */
export const hashProviderToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface NewIntent {
  bookingId: number;
  currency: CurrencyCode;
  amount: number;
  option: PaymentOption;
  provider: string;
  token: string;
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

/**
 * An intent of the booking for exactly this amount and currency. The
 * provider does not tell us which token a payment came through, so amount and
 * currency on our booking are the binding; the earliest such intent is the one
 * a payment is filed against.
 */
export async function matchingIntent(db: Database, bookingId: number, amount: number, currency: CurrencyCode): Promise<PaymentIntent | null> {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, bookingId), eq(paymentIntents.amount, amount), eq(paymentIntents.currency, currency)))
    .orderBy(asc(paymentIntents.id))
    .limit(1);
  return row ?? null;
}
