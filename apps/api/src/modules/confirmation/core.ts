import { awaitsSettlement, settledBookingStatus, type PaymentPurpose, type PostPaymentDetails } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FaultPoints } from '../../lib/fault-points.ts';
import { recordAudit } from '../audit/index.ts';
import {
  bookingTotals,
  linkBookingToCustomer,
  lockBookingForSettlement,
  settleWithReference,
  type ComponentLine,
  type SettlingBooking,
} from '../bookings/index.ts';
import { issueConfirmationDocuments } from '../documents/index.ts';
import { amountPaid, markSettlingPayment, referPaymentsToBooking } from '../payments/index.ts';
import { convertHolds } from './convert-holds.ts';
import { queueConfirmationEmail, type PaidAndTotal } from './email/queue.ts';
import { answerFor, ATTENTION_CODE, flagForFollowUp } from './follow-up.ts';

export interface SettlementContext {
  clock: Clock;
  /** Where a test may make settlement fail on purpose (lib/fault-points.ts); never in production. */
  faults: FaultPoints;
  publicUrl: string;
  requestId: string;
  /** The BALANCE_DUE_DAYS setting: the e-mail names the date the balance falls due. */
  balanceDueDays: number;
}

export interface ConfirmBooking extends SettlementContext {
  bookingId: number;
  /** What the payment that settles it paid for; null when there is no payment (an agent's confirmation, a zero total). */
  purpose: PaymentPurpose | null;
  /** Our payments row that settles it, if any. */
  paymentId: number | null;
  /** Who confirms it, for the audit log: 'visitor', 'system', 'agent:…'. */
  actor: string;
  /** The booking as the caller's transaction already locked it (lockBookingForSettlement): not read and locked again. */
  locked?: SettlingBooking;
  /** The booking's lines as the caller's transaction read them under that lock: not read again. */
  lines?: ComponentLine[];
  /**
   * A staff member decided (issue 26): the booking is settled as Confirmed
   * whatever its departure's date (their availability checks are done), and
   * a paid but Unconfirmed booking is settled too, its places taken again if free.
   */
  staffDecision?: boolean;
}

/** Whether the core settles the booking: one awaiting settlement, or, on a staff decision, a paid but unconfirmed one. */
const settles = (booking: SettlingBooking, staffDecision: boolean) =>
  awaitsSettlement(booking) || (staffDecision && booking.status === 'Unconfirmed' && booking.reference === null);

/**
 * The one confirmation core: settles a booking inside the caller's
 * transaction. Its holds become sold places and rooms (re-taken if they had
 * lapsed and are still free, otherwise PlacesGoneError rolls everything back),
 * it gets its reference and its settled status (Confirmed, or Optional under
 * five weeks away), the settling payment is marked, the confirmation e-mail
 * is queued and the audit log says who did it. Paid bookings, zero totals and
 * agents' confirmations all come through here, and staff's decisions to
 * confirm (staffDecision); a booking already settled answers as it stands.
 */
export async function confirmBookingCore(db: Database, input: ConfirmBooking): Promise<PostPaymentDetails> {
  return (await settleInCore(db, input)).outcome;
}

/** The core, also saying whether it settled the booking now and queued the confirmation e-mail (a staff decision answers it). */
export async function settleInCore(db: Database, input: ConfirmBooking): Promise<{ outcome: PostPaymentDetails; settledNow: boolean; emailQueued: boolean }> {
  const { bookingId } = input;
  const booking = input.locked ?? (await lockBookingForSettlement(db, bookingId));
  if (!settles(booking, input.staffDecision === true)) return { outcome: answerFor(booking), settledNow: false, emailQueued: false };

  const held = await convertHolds(db, booking, input.clock);
  await input.faults.fire(bookingId, 'confirm-after-payment');
  await input.faults.fire(bookingId, 'settle-transient');
  const now = input.clock.now();
  const status = input.staffDecision ? 'Confirmed' : settledBookingStatus(booking.status);
  const reference = await settleWithReference(db, bookingId, now, status);
  await linkBookingToCustomer(db, { bookingId, now, requestId: input.requestId, actor: input.actor });
  if (input.paymentId !== null) await markSettlingPayment(db, input.paymentId);
  // Payments recorded under the booking id ('100123-P1') now carry the reference the customer knows ('MER-480153-P1').
  await referPaymentsToBooking(db, bookingId, reference);
  // The documents first: the e-mail attaches the booking confirmation.
  const confirmationDocumentId = await issueConfirmationDocuments(db, bookingId, input.lines);
  await input.faults.fire(bookingId, 'during-email', db);
  // The e-mail says what the booking became (an Optional booking settled as Optional, or one staff confirmed).
  const emailed = await queueConfirmationEmail(db, {
    booking: { ...booking, status },
    reference,
    publicUrl: input.publicUrl,
    balanceDueDays: input.balanceDueDays,
    lines: input.lines,
    confirmationDocumentId,
  });
  // The e-mail read what was paid and what the booking costs in this transaction: the check uses those figures.
  if (input.paymentId !== null) await flagIfOverpaid(db, booking, input, emailed.figures);
  await recordAudit(db, {
    actor: input.actor,
    action: 'booking.confirmed',
    entityType: 'booking',
    entityId: bookingId,
    bookingId,
    requestId: input.requestId,
    detail: { reference, status, purpose: input.purpose, paymentId: input.paymentId, unitsSold: held.sold, unitsRetaken: held.retaken, confirmationEmailQueued: emailed.queued },
  });
  return { outcome: { status: 'confirmed', reference, booking_status: status }, settledNow: true, emailQueued: emailed.queued };
}

/** More paid than the booking costs (a form opened at a higher total raced a cheaper change): the booking stands, staff refund the difference. */
export async function flagIfOverpaid(
  db: Database,
  booking: Pick<SettlingBooking, 'id' | 'currency' | 'brandChannel' | 'depositPercent'>,
  input: SettlementContext & { paymentId: number | null },
  /** What was paid and the total, when this transaction has read them already. */
  figures?: PaidAndTotal,
) {
  const { paid, total } = figures ?? (await readPaidAndTotal(db, booking));
  if (paid <= total) return false;
  await flagForFollowUp(db, {
    bookingId: booking.id,
    reason: ATTENTION_CODE.overpaid,
    paymentId: input.paymentId,
    detail: { paid, total },
    requestId: input.requestId,
  });
  return true;
}

async function readPaidAndTotal(db: Database, booking: Pick<SettlingBooking, 'id' | 'currency' | 'brandChannel' | 'depositPercent'>): Promise<PaidAndTotal> {
  const [paid, totals] = await Promise.all([amountPaid(db, booking.id), bookingTotals(db, booking.id, booking.currency, booking)]);
  return { paid, total: totals.details.total_price.value };
}
