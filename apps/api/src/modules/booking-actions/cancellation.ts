import {
  cancellationCharge,
  chargeOwed,
  depositFor,
  describeCancellationBand,
  isSettled,
  minor,
  refundDue,
  spreadRefund,
  STAFF_MONEY_MESSAGES,
  type CancellationPreview,
  type CancellationSchedule,
  type CurrencyCode,
  type PaymentMethod,
} from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../lib/http-error.ts';
import { recordStaffChange } from '../audit/index.ts';
import { bookingTotals, clearNeedsAttention, markCancelled, type BookingForChange } from '../bookings/index.ts';
import { queueCancellationEmail, type Ending } from '../confirmation/index.ts';
import { releaseBookingAllocations } from '../inventory/index.ts';
import { insertRefund, markBookingPaymentsApplied, refundablePayments, withdrawOpenRequests, type RefundablePayment } from '../payments/index.ts';
import { factsOf } from './booking.ts';

/**
 * Ending a booking (issue 26): cancelled with the operator's charges (the
 * domain's schedule: cancellation.ts), an Optional booking declined, or a
 * paid but unconfirmed one refunded. One transaction, the booking's row
 * locked first and then its payments' (so a payment being applied at the
 * same moment is either counted here or comes after and is flagged): the
 * figures worked out, the booking Cancelled, every unit it held or bought
 * released, open card forms withdrawn, the refunds written (newest payment
 * first; card ones sent once committed), the customer's e-mail queued, the
 * staff member's change audited. The booking then leaves the customer's
 * account lists (the domain lists Confirmed bookings only).
 */

export interface Figures {
  currency: CurrencyCode;
  total: number;
  deposit: number;
  charge: number;
  /** Paid and not refunded, in the booking's currency. */
  paid: number;
  refund: number;
  owed: number;
  /** The schedule's band for today, in words; null when nothing is charged (declined, unconfirmed). */
  band: { fromDays: number; label: string } | null;
  daysBeforeDeparture: number;
  /** What each payment gives back, newest first; a payment in another currency gives in its own (refunds of everything only). */
  shares: { payment: RefundablePayment['payment']; amount: number }[];
}

const methodOf = (payment: RefundablePayment['payment']): PaymentMethod => payment.offlineMethod ?? 'card';

/**
 * The figures of ending the booking today. A cancellation charges by the
 * schedule and refunds what was paid above it, spread over the payments in
 * the booking's currency; the other endings charge nothing and refund
 * everything received, each payment in its own currency.
 */
export async function figuresOf(
  db: Database,
  booking: BookingForChange,
  input: { ending: Ending; schedule: CancellationSchedule; now: Date; lock: boolean },
): Promise<Figures> {
  const everything = input.ending !== 'cancelled';
  const [{ details }, payments] = await Promise.all([
    bookingTotals(db, booking.id, booking.currency, booking),
    refundablePayments(db, booking.id, { lock: input.lock, everyCurrency: everything }),
  ]);
  const total = details.total_price.value;
  // The deposit the booking was sold under (its own percentage), whatever its departure asks of new bookings today.
  const deposit = depositFor(total, booking.depositPercent);
  const counted = payments.filter(({ payment }) => payment.currency === booking.currency);
  const paid = counted.reduce((sum, { refundable }) => sum + refundable, 0);
  const scheduled = cancellationCharge({ total, deposit, departureDate: booking.startDate, on: input.now, schedule: input.schedule });
  const charge = everything ? 0 : scheduled.charge;
  const refund = refundDue(paid, charge);
  const byId = new Map(payments.map((entry) => [entry.payment.id, entry.payment]));
  const shares = [
    ...spreadRefund(refund, counted.map(({ payment, refundable }) => ({ id: payment.id, refundable }))).map((share) => ({ payment: byId.get(share.id)!, amount: share.amount })),
    // Money taken in another currency never counted towards the booking: a refund of everything returns it whole, in its own currency.
    ...(everything ? payments.filter(({ payment, refundable }) => payment.currency !== booking.currency && refundable > 0).map(({ payment, refundable }) => ({ payment, amount: refundable })) : []),
  ];
  return {
    currency: booking.currency,
    total,
    deposit,
    charge,
    paid,
    refund,
    owed: chargeOwed(paid, charge),
    band: everything ? null : { fromDays: scheduled.band.fromDays, label: describeCancellationBand(input.schedule, scheduled.band) },
    daysBeforeDeparture: scheduled.daysBeforeDeparture,
    shares,
  };
}

/** Which endings a booking in this state may have, and what to say when it may not. */
export function refuseEnding(booking: BookingForChange, ending: Ending): void {
  if (booking.status === 'Cancelled') throw conflict(STAFF_MONEY_MESSAGES.alreadyCancelled);
  if (ending === 'cancelled' && !isSettled(booking)) {
    throw conflict(
      booking.status === 'Unconfirmed'
        ? 'A paid but unconfirmed booking is refunded in full, not cancelled with charges: refund it as unconfirmed.'
        : `This booking is ${booking.status} and not yet settled: there is nothing to cancel with charges.`,
    );
  }
  if (ending === 'declined' && booking.status !== 'Optional') throw conflict(`This booking is ${booking.status}: only an Optional booking is declined.`);
  if (ending === 'unconfirmed-refunded' && booking.status !== 'Unconfirmed') throw conflict(`This booking is ${booking.status}: only a paid but unconfirmed booking is refunded this way.`);
}

const money = (value: number, currency: CurrencyCode) => ({ value: minor(value), currency });

/** The preview's answer: the figures to the penny, and which payment gives what. */
export function presentPreview(booking: BookingForChange, figures: Figures): CancellationPreview {
  return {
    booking_id: booking.id,
    reference: booking.reference ?? String(booking.id),
    status: booking.status,
    currency: figures.currency,
    departure_date: booking.startDate,
    days_before_departure: figures.daysBeforeDeparture,
    band: figures.band ? { from_days: figures.band.fromDays, label: figures.band.label } : { from_days: 0, label: 'No charge' },
    total: money(figures.total, figures.currency),
    deposit: money(figures.deposit, figures.currency),
    charge: money(figures.charge, figures.currency),
    paid: money(figures.paid, figures.currency),
    refund: money(figures.refund, figures.currency),
    owed: money(figures.owed, figures.currency),
    refunds: figures.shares.map(({ payment, amount }) => ({
      payment_id: payment.id,
      payment_reference: payment.reference ?? String(payment.id),
      method: methodOf(payment),
      amount: money(amount, payment.currency),
    })),
  };
}

export interface EndBooking {
  booking: BookingForChange;
  ending: Ending;
  /** A cancellation's figures as the staff member saw them in the preview: if either differs now, nothing is done. */
  expected?: { charge: number; refund: number };
  schedule: CancellationSchedule;
  reason: string;
  staffMemberId: number;
  /** The request's Idempotency-Key: each refund's provider key is it and the payment's id. */
  key: string;
  publicUrl: string;
  requestId: string;
  now: Date;
}

export interface Ended extends Record<string, unknown> {
  refundIds: number[];
  charge: number;
  refund: number;
  currency: CurrencyCode;
  emailQueued: boolean;
}

export async function endBooking(tx: Database, input: EndBooking): Promise<Ended> {
  const { booking, ending, now } = input;
  refuseEnding(booking, ending);
  const figures = await figuresOf(tx, booking, { ending, schedule: input.schedule, now, lock: true });
  if (input.expected && (input.expected.charge !== figures.charge || input.expected.refund !== figures.refund)) {
    throw conflict(`${STAFF_MONEY_MESSAGES.figuresChanged} Now: charge ${figures.charge}, refund ${figures.refund} (minor units).`);
  }

  // A card form still open could take money after this: withdrawn here, the provider told once committed.
  await withdrawOpenRequests(tx, booking.id, now);
  await markCancelled(tx, booking.id, now);
  const unitsReleased = await releaseBookingAllocations(tx, booking.id, now);
  // Payments recorded a moment ago and not yet applied are accounted for here: their settlement finds them applied.
  await markBookingPaymentsApplied(tx, booking.id, now);
  if (ending === 'unconfirmed-refunded' && booking.needsAttention) await clearNeedsAttention(tx, booking.id, now);

  const refunds = [];
  for (const share of figures.shares) {
    refunds.push(await insertRefund(tx, { payment: share.payment, amount: share.amount, idempotencyKey: `${input.key}:${share.payment.id}`, reason: input.reason, staffMemberId: input.staffMemberId, now }));
  }
  const emailed = await queueCancellationEmail(tx, {
    booking: factsOf(booking),
    ending,
    figures: { total: figures.total, paid: figures.paid, charge: figures.charge, refund: figures.refund, owed: figures.owed },
    bandLabel: figures.band?.label ?? null,
    refunds: figures.shares.map(({ payment, amount }) => ({ method: methodOf(payment), amount, currency: payment.currency })),
    publicUrl: input.publicUrl,
  });
  await recordStaffChange(tx, {
    staffMemberId: input.staffMemberId,
    reason: input.reason,
    action: `booking.${ending}`,
    entityType: 'booking',
    entityId: booking.id,
    bookingId: booking.id,
    requestId: input.requestId,
    before: { status: booking.status, needsAttention: booking.needsAttention, paid: figures.paid, currency: figures.currency },
    after: {
      status: 'Cancelled',
      needsAttention: ending === 'unconfirmed-refunded' ? false : booking.needsAttention,
      charge: figures.charge,
      refund: figures.refund,
      owed: figures.owed,
      band: figures.band?.label ?? null,
      unitsReleased,
      refunds: refunds.map((refund) => ({ id: refund.id, paymentId: refund.paymentId, amount: refund.amount, currency: refund.currency, status: refund.status })),
      emailQueued: emailed.messageId !== null,
    },
  });
  return { refundIds: refunds.map((refund) => refund.id), charge: figures.charge, refund: figures.refund, currency: figures.currency, emailQueued: emailed.messageId !== null };
}
