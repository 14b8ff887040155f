import type { GatewayPayment } from '../../adapters/payments/index.ts';
import type { Database } from '../../db/client.ts';
import type { Instant } from '../../lib/clock.ts';
import { validationFailed } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/index.ts';
import { lockBookingForPayment } from '../bookings/index.ts';
import { insertSucceededPayment, intentOfRequest, markIntentPaid, paymentByProviderId } from '../payments/index.ts';
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
 * Records a succeeded payment of this booking, once. It commits on its own,
 * before anything is tried with the booking, so whatever happens next the
 * money stays attached to the booking it paid for. The booking row is locked
 * first, so racing confirmations of one payment take turns and the later ones
 * find the row the first wrote; the unique provider payment id is the last word.
 *
 * A payment in another currency than the booking's is recorded as it was
 * taken (in its own currency, beside the booking's) and written to the audit
 * log in full: it never counts towards the booking, and applying it flags the
 * booking for staff, who refund it in its currency.
 */
export async function recordPayment(
  db: Database,
  input: { bookingId: number; payment: GatewayPayment; provider: string; now: Instant; requestId: string; actor: string },
): Promise<RecordedPayment> {
  const { bookingId, payment } = input;
  return db.transaction(async (tx) => {
    const booking = await lockBookingForPayment(tx, bookingId);

    const existing = await paymentByProviderId(tx, payment.id);
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
    }

    // A request of ours is in the booking's currency, so a payment in another one never matches it.
    const intent = payment.currency === booking.currency ? await intentOfRequest(tx, bookingId, payment.requestId) : null;
    // A withdrawn request stays withdrawn: that is how the payment is later known to be outdated.
    if (intent) await markIntentPaid(tx, intent);
    const id = await insertSucceededPayment(tx, {
      bookingId,
      bookingReference: booking.reference ?? String(bookingId),
      currency: payment.currency,
      bookingCurrency: booking.currency,
      amount: payment.amountMinor,
      gatewayStatus: payment.status,
      provider: input.provider,
      providerPaymentId: payment.id,
      purpose: intent?.purpose ?? null,
      intentId: intent?.id ?? null,
      // The database's clock, so reconciliation's grace reads the same time on every replica.
      createdAt: input.now,
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'payment.recorded',
      entityType: 'payment',
      entityId: id,
      bookingId,
      requestId: input.requestId,
      detail: { ...detail, intentId: intent?.id ?? null, purpose: intent?.purpose ?? null },
    });
    return { id, created: true, intentId: intent?.id ?? null, settlesBooking: false };
  });
}
