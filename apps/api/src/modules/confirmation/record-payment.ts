import { eq, sql } from 'drizzle-orm';
import type { GatewayPayment } from '../../adapters/payments/index.ts';
import type { Database } from '../../db/client.ts';
import { bookings, paymentIntents, payments } from '../../db/schema/index.ts';
import { sqlInstant, type Instant } from '../../lib/clock.ts';
import { recordAudit } from '../audit/index.ts';
import { notFound, validationFailed } from '../../lib/http-error.ts';
import { intentOfRequest } from '../payments/intents.ts';
import { PAYMENT_REFUSED } from './verify.ts';

export interface RecordedPayment {
  /** Our payments row. */
  id: number;
  /** This call wrote it; false when an earlier call (or a racing one) had. */
  created: boolean;
  /** The intent it matched; null when it matched none of ours (staff follow up). */
  intentId: number | null;
  settlesBooking: boolean;
}

/**
 * A payment's reference in the payment history: the booking's reference (its
 * id until confirmed) and a sequence number, counted in the insert itself
 * (under the booking's lock, so two payments never draw the same number).
 */
const paymentReference = (bookingReference: string, bookingId: number) =>
  sql`cast(${`${bookingReference}-P`} as text) || cast((select count(*) + 1 from ${payments} where ${payments.bookingId} = ${bookingId}) as text)`;

/**
 * Records a succeeded payment of this booking, once. It commits on its own,
 * before anything is tried with the booking, so whatever happens next the
 * money stays attached to the booking it paid for. The booking row is locked
 * first, so racing confirmations of one payment take turns and the later ones
 * find the row the first wrote; the unique provider payment id is the last word.
 *
 * A payment in another currency than the booking's cannot be a payments row
 * (the row's currency is the booking's by a foreign key): it is written to the
 * audit log in full for staff, and null is answered.
 */
export async function recordPayment(
  db: Database,
  input: { bookingId: number; payment: GatewayPayment; provider: string; now: Instant; requestId: string; actor: string },
): Promise<RecordedPayment | null> {
  const { bookingId, payment } = input;
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ currency: bookings.currency, reference: bookings.reference })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      // NO KEY: the payments row written under it references the booking, whose keys do not change here.
      .for('no key update');
    if (!booking) throw notFound('The booking no longer exists.');

    const [existing] = await tx.select().from(payments).where(eq(payments.providerPaymentId, payment.id));
    if (existing) {
      if (existing.bookingId !== bookingId) throw validationFailed({ payment_id: PAYMENT_REFUSED.otherBooking });
      return { id: existing.id, created: false, intentId: existing.intentId, settlesBooking: existing.settlesBooking };
    }

    const detail = {
      providerPaymentId: payment.id,
      amount: payment.amountMinor,
      currency: payment.currency,
      card: payment.card,
      providerRequestId: payment.requestId,
      providerCreatedAt: payment.createdAt.toISOString(),
    };
    if (payment.currency !== booking.currency) {
      await recordAudit(tx, {
        actor: 'system',
        action: 'payment.currency_mismatch',
        entityType: 'booking',
        entityId: bookingId,
        bookingId,
        requestId: input.requestId,
        detail: { ...detail, bookingCurrency: booking.currency },
      });
      return null;
    }

    const intent = await intentOfRequest(tx, bookingId, payment.requestId);
    // A withdrawn request stays withdrawn: that is how the payment is later known to be outdated.
    if (intent && (intent.status === 'open' || intent.status === 'expired')) {
      await tx.update(paymentIntents).set({ status: 'paid' }).where(eq(paymentIntents.id, intent.id));
    }
    const [row] = await tx
      .insert(payments)
      .values({
        bookingId,
        currency: payment.currency,
        amount: payment.amountMinor,
        status: 'succeeded',
        gatewayStatus: payment.status,
        provider: input.provider,
        providerPaymentId: payment.id,
        reference: paymentReference(booking.reference ?? String(bookingId), bookingId),
        purpose: intent?.purpose ?? null,
        intentId: intent?.id ?? null,
        // The database's clock, so reconciliation's grace reads the same time on every replica.
        createdAt: sqlInstant(input.now),
      })
      .returning({ id: payments.id });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'payment.recorded',
      entityType: 'payment',
      entityId: row!.id,
      bookingId,
      requestId: input.requestId,
      detail: { ...detail, intentId: intent?.id ?? null, purpose: intent?.purpose ?? null },
    });
    return { id: row!.id, created: true, intentId: intent?.id ?? null, settlesBooking: false };
  });
}
