import type { PostPaymentDetails } from '@tours/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, departures, payments, tours } from '../../db/schema/index.ts';
import { amountPaid, bookingTotals } from '../bookings/totals.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-error.ts';
import type { FaultSwitch } from '../testing/faults.ts';
import { convertHolds } from './convert-holds.ts';
import { queueConfirmationEmail } from './email.ts';
import { answerFor, ATTENTION, flagForFollowUp } from './follow-up.ts';
import type { RecordedPayment } from './record-payment.ts';
import { confirmWithReference } from './reference.ts';

export interface Settle {
  bookingId: number;
  /** The recorded payment; null when it could not be recorded as a payments row (another currency). */
  recorded: RecordedPayment | null;
  clock: Clock;
  faults: FaultSwitch;
  publicUrl: string;
  requestId: string;
}

/**
 * Settles the booking with a recorded payment, in one transaction with the
 * booking row locked first: converts its holds into sales, confirms it with a
 * reference, and queues the confirmation e-mail, all or nothing. A booking
 * that is no longer a Quote was settled by an earlier call and answers as it
 * stands: the same payment confirmed again gets the same answer, and another
 * payment on a settled booking is flagged as a second charge. A payment that
 * matches no amount we asked for does not confirm anything: staff follow up.
 */
export async function settleBooking(db: Database, input: Settle): Promise<PostPaymentDetails> {
  const { bookingId, recorded } = input;
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({
        id: bookings.id,
        status: bookings.status,
        reference: bookings.reference,
        departureId: bookings.departureId,
        currency: bookings.currency,
        brandChannel: tours.brandChannel,
      })
      .from(bookings)
      .innerJoin(departures, eq(departures.id, bookings.departureId))
      .innerJoin(tours, eq(tours.id, departures.tourId))
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    if (!booking) throw notFound('The booking no longer exists.');
    const followUp = (reason: string, detail: Record<string, unknown> = {}) =>
      flagForFollowUp(tx, { bookingId, reason, paymentId: recorded?.id ?? null, detail, requestId: input.requestId });

    if (booking.status !== 'Quote') {
      // Re-read: a racing call may have settled the booking with this very payment since it was recorded.
      const [row] = recorded ? await tx.select({ settles: payments.settlesBooking }).from(payments).where(eq(payments.id, recorded.id)) : [];
      if (!recorded) return followUp(ATTENTION.unmatched);
      if (recorded.created && !row?.settles) return followUp(recorded.intentId === null ? ATTENTION.unmatched : ATTENTION.paidAgain, { status: booking.status });
      return answerFor(booking);
    }
    if (!recorded || recorded.intentId === null) return followUp(ATTENTION.unmatched);

    const held = await convertHolds(tx, booking, input.clock);
    input.faults.fire(bookingId, 'confirm-after-payment');
    const now = input.clock.now();
    const reference = await confirmWithReference(tx, bookingId, now);
    await tx.update(payments).set({ settlesBooking: true }).where(eq(payments.id, recorded.id));
    // Payments recorded under the booking id ('100123-P1') now carry the reference the customer knows ('MER-480153-P1').
    const prefix = `${bookingId}-P`;
    await tx
      .update(payments)
      .set({ reference: sql`cast(${`${reference}-P`} as text) || substr(${payments.reference}, cast(${prefix.length + 1} as integer))` })
      .where(and(eq(payments.bookingId, bookingId), like(payments.reference, `${prefix}%`)));
    const emailed = await queueConfirmationEmail(tx, { bookingId, reference, publicUrl: input.publicUrl });
    // A form opened before a promotion or a cheaper choice can still be paid: the booking stands, the difference is refunded.
    const [paid, totals] = await Promise.all([amountPaid(tx, bookingId), bookingTotals(tx, bookingId, booking.currency, booking.brandChannel)]);
    if (paid > totals.details.total_price.value) await followUp(ATTENTION.overpaid, { paid, total: totals.details.total_price.value });
    await recordAudit(tx, {
      actor: 'visitor',
      action: 'booking.confirmed',
      entityType: 'booking',
      entityId: bookingId,
      bookingId,
      requestId: input.requestId,
      detail: { reference, paymentId: recorded.id, unitsSold: held.sold, unitsRetaken: held.retaken, confirmationEmailQueued: emailed },
    });
    return { status: 'confirmed', reference };
  });
}
