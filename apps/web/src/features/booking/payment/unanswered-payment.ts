import { CONFIRM_GRACE_SECONDS } from '@tours/domain/timing';
import { useBookingStore } from '../store/booking-store.ts';
import { awaitingConfirmation, usePaymentStore } from '../store/payment-store.ts';

/*
 * Apart from confirm-payment.ts, which loads only once there is a payment to
 * confirm: every visit to /book asks this, few visits have paid (issue 15's
 * page weight).
 */

/** The server's expired-token grace for confirmations, in milliseconds (the domain's CONFIRM_GRACE_SECONDS). */
export const CONFIRM_GRACE_MS = CONFIRM_GRACE_SECONDS * 1000;

/** A card payment is waiting for the server's answer, which can still come: the booking and its payment id must be kept. */
export function holdsUnansweredPayment(now: number = Date.now()): boolean {
  const active = useBookingStore.getState().activeBooking;
  return active !== null && awaitingConfirmation(usePaymentStore.getState()) && now < active.expiresAt + CONFIRM_GRACE_MS;
}
