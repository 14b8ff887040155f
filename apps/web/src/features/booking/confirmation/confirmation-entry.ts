import type { BookingStatus } from '@tours/domain/booking/statuses';
import type { CurrencyCode } from '@tours/domain/money';
import { useAccountSession } from '../../../lib/auth/account-session.ts';
import { passengerName } from '../booking-format.ts';
import { bookingPath } from '../booking-query.ts';
import { holdsUnansweredPayment } from '../payment/unanswered-payment.ts';
import { bookingSessionStatus, useBookingStore } from '../store/booking-store.ts';
import { awaitingConfirmation, usePaymentStore } from '../store/payment-store.ts';
import { useProductStore } from '../store/product-store.ts';

/** What the confirmation page shows, read once on arrival so the page stays put when the session then ends. */
export interface Confirmation {
  /** The post-payment reference. */
  reference: string;
  /** What the reservations system made of the booking; an Optional booking awaits staff's availability checks. */
  bookingStatus: BookingStatus | null;
  bookingId: number;
  tourName: string;
  brandChannel: number | null;
  start: string | null;
  end: string | null;
  participants: string[];
  currency: CurrencyCode;
  total: number;
  /** What the card was charged; null if this page never learnt it. */
  paid: number | null;
  email: string | null;
  /** A travel agent confirmed it without payment on behalf of the client: who, when the page knows. */
  agent: { staffName: string | null; agentName: string | null } | null;
  /** Epoch ms when the booking stops being active (90 s after purchase). */
  expiresAt: number;
}

export type ConfirmationEntry =
  | { kind: 'none' }
  | { kind: 'in-progress'; path: string }
  | { kind: 'confirmed'; confirmation: Confirmation };

/**
 * The Booking Confirmation route's rules (spec section 2): to / without an
 * active booking or when the session is 'Inactive Session'; the final view
 * at step 5. A booking still before step 5 belongs on its booking page, and
 * so does a paid one awaiting its confirmation, however old its session.
 */
export function readConfirmationEntry(now: number = Date.now()): ConfirmationEntry {
  const booking = useBookingStore.getState();
  const active = booking.activeBooking;
  if (!active) return { kind: 'none' };
  if (bookingSessionStatus(booking, now) !== 'Active Session' && !holdsUnansweredPayment(now)) return { kind: 'none' };
  if (booking.step !== '5a') return booking.origin ? { kind: 'in-progress', path: bookingPath(booking.origin) } : { kind: 'none' };

  const payment = usePaymentStore.getState();
  const product = useProductStore.getState();
  const tour = product.tour;
  const total = payment.prePaymentDetails?.total_price.value ?? 0;
  return {
    kind: 'confirmed',
    confirmation: {
      reference: payment.postPaymentDetails?.reference ?? String(active.id),
      bookingStatus: payment.postPaymentDetails?.booking_status ?? null,
      bookingId: active.id,
      tourName: tour?.name ?? booking.summary.mainProduct?.name ?? '',
      brandChannel: tour?.brand_channel ?? null,
      start: tour?.start ?? null,
      end: tour?.end ?? null,
      participants: booking.passengers.map(passengerName),
      currency: booking.origin?.currency ?? product.currency,
      total,
      paid: payment.amountPaid,
      email: booking.leadContact?.email ?? null,
      agent: payment.agentBooking ? agentOf() : null,
      expiresAt: active.expiresAt,
    },
  };
}

function agentOf(): NonNullable<Confirmation['agent']> {
  const { agent, agentStaff } = useAccountSession.getState();
  return { staffName: agentStaff?.Name ?? null, agentName: agent?.Name ?? null };
}

/**
 * 90 s after purchase the booking is over (spec section 4, Session timeouts):
 * the stores let it go, so the header and Home treat the visitor afresh. A
 * payment still waiting for its answer is never let go.
 */
export function endPurchasedBooking(): void {
  if (awaitingConfirmation(usePaymentStore.getState())) return;
  useBookingStore.getState().restart(null);
  usePaymentStore.getState().reset();
}
