import { awaitsSettlement, settledBookingStatus, type PaymentPurpose, type PostPaymentDetails } from '@tours/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookings, departures, payments, tours } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-error.ts';
import { amountPaid, bookingTotals } from '../bookings/totals.ts';
import { linkBookingToCustomer } from '../customers/link.ts';
import { issueConfirmationDocuments } from '../documents/repository.ts';
import type { FaultSwitch } from '../testing/faults.ts';
import { convertHolds } from './convert-holds.ts';
import { queueConfirmationEmail, type ComponentLine, type PaidAndTotal } from './email.ts';
import { answerFor, ATTENTION, flagForFollowUp } from './follow-up.ts';
import { confirmWithReference } from './reference.ts';

export interface SettlementContext {
  clock: Clock;
  faults: FaultSwitch;
  publicUrl: string;
  requestId: string;
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
}

/**
 * The booking row, locked: every settlement of a booking takes its turn on it.
 * FOR UPDATE, not NO KEY: settling gives the booking its reference, a unique
 * column (a key), so the stronger lock is taken at once rather than upgraded
 * halfway through.
 */
export async function lockBookingForSettlement(db: Database, bookingId: number) {
  const [booking] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      reference: bookings.reference,
      departureId: bookings.departureId,
      currency: bookings.currency,
      brandChannel: tours.brandChannel,
      tourName: tours.name,
      startDate: departures.startDate,
      endDate: departures.endDate,
    })
    .from(bookings)
    .innerJoin(departures, eq(departures.id, bookings.departureId))
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(eq(bookings.id, bookingId))
    .for('update', { of: bookings });
  if (!booking) throw notFound('The booking no longer exists.');
  return booking;
}
export type SettlingBooking = Awaited<ReturnType<typeof lockBookingForSettlement>>;

/**
 * The one confirmation core: settles a booking inside the caller's
 * transaction. Its holds become sold places and rooms (re-taken if they had
 * lapsed and are still free, otherwise PlacesGoneError rolls everything back),
 * it gets its reference and its settled status (Confirmed, or Optional under
 * five weeks away), the settling payment is marked, the confirmation e-mail
 * is queued and the audit log says who did it. Paid bookings, zero totals and
 * agents' confirmations all come through here; a booking already settled
 * answers as it stands.
 */
export async function confirmBookingCore(db: Database, input: ConfirmBooking): Promise<PostPaymentDetails> {
  const { bookingId } = input;
  const booking = input.locked ?? (await lockBookingForSettlement(db, bookingId));
  if (!awaitsSettlement(booking)) return answerFor(booking);

  const held = await convertHolds(db, booking, input.clock);
  await input.faults.fire(bookingId, 'confirm-after-payment');
  await input.faults.fire(bookingId, 'settle-transient');
  const now = input.clock.now();
  const status = settledBookingStatus(booking.status);
  const reference = await confirmWithReference(db, bookingId, now, status);
  await linkBookingToCustomer(db, { bookingId, now, requestId: input.requestId, actor: input.actor });
  if (input.paymentId !== null) await db.update(payments).set({ settlesBooking: true }).where(eq(payments.id, input.paymentId));
  // Payments recorded under the booking id ('100123-P1') now carry the reference the customer knows ('MER-480153-P1').
  const prefix = `${bookingId}-P`;
  await db
    .update(payments)
    .set({ reference: sql`cast(${`${reference}-P`} as text) || substr(${payments.reference}, cast(${prefix.length + 1} as integer))` })
    .where(and(eq(payments.bookingId, bookingId), like(payments.reference, `${prefix}%`)));
  // The documents first: the e-mail attaches the booking confirmation.
  const confirmationDocumentId = await issueConfirmationDocuments(db, bookingId, input.lines);
  await input.faults.fire(bookingId, 'during-email', db);
  const emailed = await queueConfirmationEmail(db, { booking, reference, publicUrl: input.publicUrl, lines: input.lines, confirmationDocumentId });
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
  return { status: 'confirmed', reference, booking_status: status };
}

/** More paid than the booking costs (a form opened at a higher total raced a cheaper change): the booking stands, staff refund the difference. */
export async function flagIfOverpaid(
  db: Database,
  booking: Pick<SettlingBooking, 'id' | 'currency' | 'brandChannel'>,
  input: SettlementContext & { paymentId: number | null },
  /** What was paid and the total, when this transaction has read them already. */
  figures?: PaidAndTotal,
) {
  const { paid, total } = figures ?? (await readPaidAndTotal(db, booking));
  if (paid <= total) return false;
  await flagForFollowUp(db, {
    bookingId: booking.id,
    reason: ATTENTION.overpaid,
    paymentId: input.paymentId,
    detail: { paid, total },
    requestId: input.requestId,
  });
  return true;
}

async function readPaidAndTotal(db: Database, booking: Pick<SettlingBooking, 'id' | 'currency' | 'brandChannel'>): Promise<PaidAndTotal> {
  const [paid, totals] = await Promise.all([amountPaid(db, booking.id), bookingTotals(db, booking.id, booking.currency, booking.brandChannel)]);
  return { paid, total: totals.details.total_price.value };
}
