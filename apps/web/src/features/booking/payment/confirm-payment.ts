import { ALERTS, type CurrencyCode, type PostPaymentDetails } from '@tours/domain';
import { addAlert } from '../../../lib/alerts.ts';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { postConfirm } from '../api/payment-api.ts';
import { pushPaymentEvent, type BookingEventProduct } from '../flow/booking-analytics.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';

/**
 * After the provider took the money (spec section 4, Step 4 payment): record
 * the payment id, then confirm the booking. One payment id is confirmed once
 * on this page however often the provider, a double click or a reload asks;
 * the API is idempotent as well, so a repeat that slips through is harmless.
 */

export interface ConfirmContext {
  product: BookingEventProduct;
  currency: CurrencyCode;
  /** The regional phone number quoted by 'Unable to confirm booking'. */
  phone: string;
}

export type ConfirmOutcome = 'confirmed' | 'unconfirmed' | 'skipped';

/** Waits before each retry of a confirmation whose answer never came: the money is taken, so it is worth asking again. */
export const CONFIRM_RETRY_DELAYS_MS = [1_000, 3_000] as const;

const running = new Map<string, Promise<ConfirmOutcome>>();

const paymentFigures = () => {
  const payment = usePaymentStore.getState();
  return {
    total: payment.prePaymentDetails?.total_price.value ?? 0,
    paid: payment.amountPaid,
    option: payment.paymentOption,
  };
};

/**
 * The provider's success message. Returns false for a repeat of the same
 * payment id, which changes nothing: no second toast, no second event.
 */
export function recordSuccessfulPayment(paymentId: string, product: BookingEventProduct): boolean {
  const payment = usePaymentStore.getState();
  if (payment.checkoutId === paymentId) return false;
  payment.paymentSucceeded(paymentId, payment.paymentToken?.amount ?? null);
  pushPaymentEvent('add_payment_info', product, paymentFigures());
  addAlert(ALERTS.paymentSuccessful);
  return true;
}

/** POST /bookings/confirm once per payment id; concurrent callers share the one call. */
export function confirmPayment(paymentId: string, context: ConfirmContext): Promise<ConfirmOutcome> {
  const payment = usePaymentStore.getState();
  if (payment.checkoutId === paymentId && payment.postPaymentDetails !== null) return Promise.resolve('skipped');
  const pending = running.get(paymentId);
  if (pending) return pending;
  const call = confirmOnce(paymentId, context).finally(() => running.delete(paymentId));
  running.set(paymentId, call);
  return call;
}

async function confirmOnce(paymentId: string, context: ConfirmContext): Promise<ConfirmOutcome> {
  const booking = useBookingStore.getState().activeBooking;
  if (!booking) return 'skipped';
  usePaymentStore.getState().setProcessing(true);

  let details: PostPaymentDetails | null = null;
  try {
    details = await withRetries(() => postConfirm(booking, paymentId, context.currency));
  } catch (error) {
    console.error('The booking could not be confirmed after payment', error);
  }

  const payment = usePaymentStore.getState();
  if (details) payment.confirmationAnswered(details);
  else payment.setProcessing(false);

  if (details?.status === 'confirmed') {
    useBookingStore.getState().purchaseCompleted();
    pushPaymentEvent('purchase', context.product, paymentFigures(), details.reference);
    return 'confirmed';
  }
  // Paid but not confirmed (the server says so, or never answered): staff follow it up (spec section 8).
  addAlert(ALERTS.unableToConfirm(context.phone));
  useBookingStore.getState().bookingUnconfirmed();
  return 'unconfirmed';
}

/** Only a lost answer is worth repeating (no network, a gateway error); a refusal stands. */
const worthRetrying = (error: unknown) => isApiRequestError(error) && (error.status === 0 || error.status >= 502);

async function withRetries<T>(call: () => Promise<T>): Promise<T> {
  for (const delay of CONFIRM_RETRY_DELAYS_MS) {
    try {
      return await call();
    } catch (error) {
      if (!worthRetrying(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return call();
}

/** For tests: a fresh page knows of no confirmation under way. */
export function forgetRunningConfirmations(): void {
  running.clear();
}
