import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { toProviderAmount } from '@tours/domain';
import type { FramePaymentResponse, PaymentRequestResponse, PaymentResponse } from '../../adapters/payments/wire.ts';
import type { Database } from '../../db/client.ts';
import { payEvents, payPayments, payTokens, type PayAccount } from './schema.ts';
import { outcomeOf, type CheckedCard } from './cards.ts';

export type PayToken = typeof payTokens.$inferSelect;
export type PayPayment = typeof payPayments.$inferSelect;
/** The database or a transaction on it: both can select. */
type Reader = Pick<Database, 'select'>;
export type NewPayToken = Omit<typeof payTokens.$inferInsert, 'id' | 'tokenHash' | 'requestId'>;

/** Declined attempts one token allows; then it closes, so a leaked token cannot be used to test stolen cards. */
export const MAX_DECLINES_PER_TOKEN = 10;

/** Tokens are looked up by digest: the database never holds a usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits; the prefix only helps people tell a token from a payment id in logs and support mail. */
const newToken = () => `ptok_${randomBytes(32).toString('base64url')}`;
const newPaymentId = () => `pay_${randomBytes(12).toString('hex')}`;
const newRequestId = () => `preq_${randomBytes(12).toString('hex')}`;
export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

export function accountOf(account: {
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  address_line_1: string;
  address_line_2: string;
  address_line_3: string;
  address_line_4: string;
  address_line_5: string;
  address_line_6: string;
}): PayAccount {
  const lines = [1, 2, 3, 4, 5, 6].map((n) => account[`address_line_${n}` as `address_line_${1 | 2 | 3 | 4 | 5 | 6}`]);
  return {
    first_name: account.first_name,
    last_name: account.last_name,
    email: account.email,
    address_lines: lines.filter((line) => line !== ''),
    country: account.country,
  };
}

export async function createToken(db: Database, values: NewPayToken): Promise<{ token: string; row: PayToken }> {
  const token = newToken();
  const [row] = await db
    .insert(payTokens)
    .values({ ...values, tokenHash: hashToken(token), requestId: newRequestId() })
    .returning();
  return { token, row: row! };
}

export async function findToken(db: Database, token: string): Promise<PayToken | undefined> {
  const [row] = await db.select().from(payTokens).where(eq(payTokens.tokenHash, hashToken(token)));
  return row;
}

export async function succeededPaymentOf(db: Reader, tokenId: number): Promise<PayPayment | undefined> {
  const [row] = await db
    .select()
    .from(payPayments)
    .where(and(eq(payPayments.tokenId, tokenId), eq(payPayments.status, 'succeeded')));
  return row;
}

/** PostgreSQL's unique_violation, as either driver reports it (drizzle may wrap the driver's error). */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Pays a token with a checked card, at most once. The token's row is locked
 * for the attempt, so concurrent submits take turns and each later one sees
 * the first success and answers it; the partial unique index on successful
 * payments per token is the last word should anything get past the lock.
 * Returns null for a token nobody issued.
 */
export async function payToken(db: Database, token: string, card: CheckedCard, now: Date): Promise<FramePaymentResponse | null> {
  const tokenHash = hashToken(token);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(payTokens).where(eq(payTokens.tokenHash, tokenHash)).for('update');
      if (!row) return null;
      // What the token has had so far, in one read: its successful payment, if any, and how many were declined.
      const [{ paidId, declines } = { paidId: null, declines: 0 }] = await tx
        .select({
          paidId: sql<string | null>`max(${payPayments.id}) filter (where ${payPayments.status} = 'succeeded')`,
          declines: sql<number>`cast(count(*) filter (where ${payPayments.status} = 'declined') as integer)`,
        })
        .from(payPayments)
        .where(eq(payPayments.tokenId, row.id));
      if (paidId) return { status: 'succeeded', payment_id: paidId };
      // A withdrawn request closes like an expired one: the payer starts again with the merchant's new request.
      if (row.cancelledAt || row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };

      const { outcome, message } = outcomeOf(card.digits);
      if (outcome === 'expired-request' || Number(declines) >= MAX_DECLINES_PER_TOKEN) {
        // The form closes for good: later submits and reloads see an expired token.
        await tx.update(payTokens).set({ expiresAt: now }).where(eq(payTokens.id, row.id));
        return { status: 'expired' };
      }

      const id = newPaymentId();
      const [payment] = await tx.insert(payPayments).values({
        id,
        tokenId: row.id,
        status: outcome === 'succeeds' ? 'succeeded' : 'declined',
        amount: row.amount,
        currency: row.currency,
        crmKey: row.crmKey,
        cardBrand: card.brand,
        cardLast4: card.last4,
        declineMessage: message ?? null,
        createdAt: now,
      }).returning();
      if (outcome === 'succeeds') {
        // The merchant hears of it server to server, in the same commit as the payment: never one without the other.
        await tx.insert(payEvents).values({
          id: newEventId(),
          type: 'payment.succeeded',
          payload: { payment: paymentToWire(payment!, row.requestId) },
          // Due at once by the database's clock (the column's default, now()), which deliveries are judged by on every replica.
          createdAt: now,
        });
      }
      return outcome === 'succeeds' ? { status: 'succeeded', payment_id: id } : { status: 'declined', message: message ?? '' };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const row = await findToken(db, token);
    const paid = row && (await succeededPaymentOf(db, row.id));
    if (!paid) throw error;
    return { status: 'succeeded', payment_id: paid.id };
  }
}

/** A payment as the provider's API answers it. */
export function paymentToWire(payment: PayPayment, requestId: string): PaymentResponse {
  return {
    id: payment.id,
    status: payment.status,
    amount: toProviderAmount(payment.amount),
    amount_minor: payment.amount,
    currency: payment.currency,
    crm_key: payment.crmKey,
    payment_request_id: requestId,
    created_at: payment.createdAt.toISOString(),
    card: { brand: payment.cardBrand, last4: payment.cardLast4 },
  };
}

export async function findPaymentWithRequest(db: Database, id: string): Promise<{ payment: PayPayment; requestId: string } | undefined> {
  const [row] = await db
    .select({ payment: payPayments, requestId: payTokens.requestId })
    .from(payPayments)
    .innerJoin(payTokens, eq(payTokens.id, payPayments.tokenId))
    .where(eq(payPayments.id, id));
  return row;
}

/** A payment request as the provider's API answers it, judged at `now`. */
async function requestToWire(db: Reader, row: PayToken, now: Date): Promise<PaymentRequestResponse> {
  const paid = await succeededPaymentOf(db, row.id);
  const status = paid ? 'paid' : row.cancelledAt ? 'cancelled' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
  return {
    id: row.requestId,
    status,
    amount: toProviderAmount(row.amount),
    amount_minor: row.amount,
    currency: row.currency,
    crm_key: row.crmKey,
    expires_at: row.expiresAt.toISOString(),
    allowed_origin: row.allowedOrigin,
    payment: paid ? paymentToWire(paid, row.requestId) : null,
  };
}

export async function findPaymentRequest(db: Database, requestId: string, now: Date): Promise<PaymentRequestResponse | null> {
  const [row] = await db.select().from(payTokens).where(eq(payTokens.requestId, requestId));
  return row ? requestToWire(db, row, now) : null;
}

/**
 * Withdraws a payment request unless a payment got through it first. The
 * request's row is locked, as a payment attempt locks it, so a payment and a
 * cancellation cannot both win: whichever comes second sees the first.
 */
export async function cancelPaymentRequest(db: Database, requestId: string, now: Date): Promise<PaymentRequestResponse | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payTokens).where(eq(payTokens.requestId, requestId)).for('update');
    if (!row) return null;
    const paid = await succeededPaymentOf(tx, row.id);
    if (paid || row.cancelledAt) return requestToWire(tx, row, now);
    const [cancelled] = await tx.update(payTokens).set({ cancelledAt: now }).where(eq(payTokens.id, row.id)).returning();
    return requestToWire(tx, cancelled!, now);
  });
}
