import { STAFF_MONEY_MESSAGES } from '@tours/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../lib/http-error.ts';
import { recordStaffChange } from '../audit/index.ts';
import { bookingsReadModel, clearNeedsAttention, type BookingForChange } from '../bookings/index.ts';
import { confirmOptionalByStaff, confirmUnconfirmedByStaff, NothingHeldError, PlacesGoneError, type StaffDecision } from '../confirmation/index.ts';
import { lockStaffBooking } from './booking.ts';

const { bookingComponents } = bookingsReadModel;

/**
 * Staff decisions on bookings the site could not settle alone (issue 26):
 * an Optional booking confirmed after the availability checks (permission
 * optional.decide), a paid but unconfirmed one confirmed when its places
 * can be taken again (unconfirmed.confirm), a flag dealt with
 * (flags.resolve). Each in the caller's transaction with the booking locked
 * first, through the one confirmation core, audited with the reason typed.
 */

export interface Decided extends Record<string, unknown> {
  reference: string;
  emailQueued: boolean;
}

type Decide = (tx: Database, decision: StaffDecision, booking: BookingForChange) => Promise<{ reference: string; emailQueued: boolean }>;

const DECISIONS: Record<'optional' | 'unconfirmed', { status: BookingForChange['status']; action: string; decide: Decide }> = {
  optional: { status: 'Optional', action: 'booking.optional_confirmed', decide: confirmOptionalByStaff },
  unconfirmed: { status: 'Unconfirmed', action: 'booking.unconfirmed_confirmed', decide: confirmUnconfirmedByStaff },
};

/** Confirms the booking on a staff decision; 409 when it is not in the status the decision is for. */
export async function confirmByStaff(
  tx: Database,
  kind: 'optional' | 'unconfirmed',
  input: { bookingId: number; decision: StaffDecision & { staffMemberId: number }; reason: string },
): Promise<Decided> {
  const { status, action, decide } = DECISIONS[kind];
  const booking = await lockStaffBooking(tx, input.bookingId);
  if (booking.status !== status) throw conflict(`This booking is ${booking.status}, not ${status}: there is nothing to confirm this way.`);
  const confirmed = await decide(tx, input.decision, booking);
  await recordStaffChange(tx, {
    staffMemberId: input.decision.staffMemberId,
    reason: input.reason,
    action,
    entityType: 'booking',
    entityId: booking.id,
    bookingId: booking.id,
    requestId: input.decision.requestId,
    before: { status: booking.status, reference: booking.reference, needsAttention: booking.needsAttention },
    after: { status: 'Confirmed', reference: confirmed.reference, needsAttention: kind === 'unconfirmed' ? false : booking.needsAttention, emailQueued: confirmed.emailQueued },
  });
  return { reference: confirmed.reference, emailQueued: confirmed.emailQueued };
}

/**
 * The 409 of a confirmation whose places are gone, naming them as the
 * booking's lines do ('Single room at Hotel Villa Aretusa'); read after the
 * transaction rolled back. Any other error is passed on.
 */
export async function placesGoneAnswer(db: Database, bookingId: number, error: unknown): Promise<unknown> {
  if (error instanceof NothingHeldError) return conflict('The booking holds no places to confirm: it would have to be booked again.');
  if (!(error instanceof PlacesGoneError)) return error;
  const optionIds = error.missing.flatMap((need) => (need.optionId === null ? [] : [need.optionId]));
  const lines =
    optionIds.length === 0
      ? []
      : await db
          .select({ optionId: bookingComponents.optionId, name: bookingComponents.name })
          .from(bookingComponents)
          .where(and(eq(bookingComponents.bookingId, bookingId), inArray(bookingComponents.optionId, optionIds)));
  const names = error.missing.map((need) => (need.optionId === null ? 'places on the tour' : (lines.find((line) => line.optionId === need.optionId)?.name ?? need.label)));
  return conflict(`The places are no longer free, so the booking cannot be confirmed. Gone: ${names.join('; ')}.`);
}

/** The flag is cleared with the reason typed; 409 when the booking is not flagged. */
export async function resolveFlag(tx: Database, input: { bookingId: number; staffMemberId: number; reason: string; requestId: string; now: Date }): Promise<{ resolved: string }> {
  const booking = await lockStaffBooking(tx, input.bookingId);
  if (!booking.needsAttention) throw conflict(STAFF_MONEY_MESSAGES.notFlagged);
  await clearNeedsAttention(tx, booking.id, input.now);
  await recordStaffChange(tx, {
    staffMemberId: input.staffMemberId,
    reason: input.reason,
    action: 'booking.flag_resolved',
    entityType: 'booking',
    entityId: booking.id,
    bookingId: booking.id,
    requestId: input.requestId,
    before: { needsAttention: true, attentionReason: booking.attentionReason },
    after: { needsAttention: false, attentionReason: null },
  });
  return { resolved: booking.attentionReason ?? '' };
}
