import { ALERTS, type CurrencyCode, type PostPaymentDetails } from '@tours/domain';
import { addAlert } from '../../../lib/alerts.ts';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { getRegionContact } from '../../../lib/region.ts';
import { CHECKING_AFTER_FAILURES, isTransientFailure, pause, retryDelay } from '../../../lib/retry.ts';
import { postConfirm } from '../api/payment-api.ts';
import { pushPaymentEvent, type BookingEventProduct, type PaymentEventFigures } from '../flow/booking-analytics.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { awaitingConfirmation, usePaymentStore } from '../store/payment-store.ts';
import { useProductStore } from '../store/product-store.ts';

/**
 * After the provider took the money (spec section 4, Step 4 payment): record
 * the payment id, then confirm the booking until the server answers. The
 * server's confirmation is idempotent for one payment id, and it settles the
 * payment on its own as well (the provider's notifications, reconciliation),
 * so asking again is always safe and giving up is never needed: a lost
 * answer or a server still settling (5xx, 503 SERVICE_FAILURE) is asked
 * again with the same id, with back-off, for as long as the page is open.
 * Only the server's own 'unconfirmed' shows the unconfirmed screen.
 */

export interface ConfirmContext {
  product: BookingEventProduct;
  currency: CurrencyCode;
  /** The regional phone number quoted by 'Unable to confirm booking'. */
  phone: string;
}

/**
 * - confirmed / unconfirmed: the server's answer, acted on;
 * - refused: a 400, the payment id proves nothing for this booking; it is forgotten;
 * - stalled: the server will not answer this page (401 past the token's grace, or an answer it cannot act on); the id is kept;
 * - unavailable: a booking with nothing to pay lost its places (no money was taken): the availability-error screen;
 * - skipped: nothing (left) to confirm.
 */
export type ConfirmOutcome = 'confirmed' | 'unconfirmed' | 'refused' | 'stalled' | 'unavailable' | 'skipped';

/** Back-off between tries: 1 s, 2 s, 4 s, 8 s, then every 10 s (shared with the account area's payment receipt). */
export const confirmRetryDelay = retryDelay;

/** The zero-total booking's key among running confirmations: it has no payment id. */
const NO_CARD_PAYMENT = '\u0000no-card-payment';

interface Running {
  promise: Promise<ConfirmOutcome>;
  controller: AbortController;
}
const running = new Map<string, Running>();

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

/**
 * POST /bookings/confirm for a payment id (null: a zero-total booking, no
 * card payment) until the server answers; concurrent callers share the one
 * run. A payment already answered on this page is not asked about again.
 */
export function confirmPayment(paymentId: string | null, context: ConfirmContext): Promise<ConfirmOutcome> {
  const payment = usePaymentStore.getState();
  if (payment.postPaymentDetails !== null && (paymentId === null || payment.checkoutId === paymentId)) return Promise.resolve('skipped');
  const key = paymentId ?? NO_CARD_PAYMENT;
  const pending = running.get(key);
  if (pending) return pending.promise;
  const controller = new AbortController();
  const entry: Running = {
    controller,
    promise: confirmUntilAnswered(paymentId, context, controller.signal).finally(() => {
      if (running.get(key) === entry) running.delete(key);
    }),
  };
  running.set(key, entry);
  return entry.promise;
}

/**
 * Picks up a paid booking whose confirmation a reload, a reopened tab or a
 * lapsed session cut short, from what the stores kept: nothing else of the
 * page needs to be shown for the confirmation to go on.
 */
export function resumeConfirmation(): Promise<ConfirmOutcome> {
  const payment = usePaymentStore.getState();
  if (!awaitingConfirmation(payment) || payment.checkoutId === null) return Promise.resolve('skipped');
  return confirmPayment(payment.checkoutId, contextFromStores());
}

function contextFromStores(): ConfirmContext {
  const booking = useBookingStore.getState();
  const product = useProductStore.getState();
  const currency = booking.origin?.currency ?? product.currency;
  return {
    product: { code: booking.origin?.tour ?? product.tour?.code ?? '', name: booking.summary.mainProduct?.name ?? product.tour?.name ?? '', currency },
    currency,
    phone: getRegionContact().phone,
  };
}

/** Whether this page still waits for this confirmation: a logout, a new booking or an answer elsewhere ends the asking. */
function stillWaiting(paymentId: string | null, bookingId: number): boolean {
  const payment = usePaymentStore.getState();
  if (useBookingStore.getState().activeBooking?.id !== bookingId || payment.postPaymentDetails !== null) return false;
  return paymentId === null || payment.checkoutId === paymentId;
}

type FailureReaction = 'retry' | 'refused' | 'stalled' | 'unavailable';

/**
 * A lost answer or a server still settling is asked again; a 400 is the
 * server's refusal; places gone on a booking with nothing to pay are the
 * spec's SERVICE_FAILURE (availability false); anything else the server will
 * not answer any differently.
 */
function reactionTo(error: unknown, paymentId: string | null): FailureReaction {
  if (isTransientFailure(error)) return 'retry';
  if (!isApiRequestError(error)) return 'stalled';
  if (error.status === 400) return 'refused';
  if (paymentId === null && error.status === 409 && error.code === 'SERVICE_FAILURE') return 'unavailable';
  return 'stalled';
}

async function confirmUntilAnswered(paymentId: string | null, context: ConfirmContext, signal: AbortSignal): Promise<ConfirmOutcome> {
  const booking = useBookingStore.getState().activeBooking;
  if (!booking || !stillWaiting(paymentId, booking.id)) return 'skipped';
  usePaymentStore.getState().setProcessing(true);
  usePaymentStore.getState().setConfirmationPhase('sending');

  for (let failures = 0; ; ) {
    let details: PostPaymentDetails;
    try {
      details = await postConfirm(booking, paymentId, context.currency, signal);
    } catch (error) {
      if (signal.aborted || !stillWaiting(paymentId, booking.id)) return 'skipped';
      const reaction = reactionTo(error, paymentId);
      if (reaction === 'refused') return refused(paymentId, context, error);
      if (reaction === 'stalled') return stalled(context, error);
      if (reaction === 'unavailable') return unavailable();
      failures += 1;
      if (failures >= CHECKING_AFTER_FAILURES) usePaymentStore.getState().setConfirmationPhase('checking');
      await pause(confirmRetryDelay(failures), signal);
      if (signal.aborted || !stillWaiting(paymentId, booking.id)) return 'skipped';
      continue;
    }
    if (!stillWaiting(paymentId, booking.id)) return 'skipped';
    return actOnConfirmation(details, context);
  }
}

/**
 * The server's answer, acted on: 'confirmed' is step 5 with the purchase
 * event; 'unconfirmed' the unconfirmed screen. Shared with the agent's
 * confirmation without payment (confirm-agent-booking.ts), which names its
 * own figures.
 */
export function actOnConfirmation(
  details: PostPaymentDetails,
  context: ConfirmContext,
  figures: PaymentEventFigures = paymentFigures(),
): 'confirmed' | 'unconfirmed' {
  usePaymentStore.getState().confirmationAnswered(details);
  if (details.status === 'confirmed') {
    useBookingStore.getState().purchaseCompleted();
    pushPaymentEvent('purchase', context.product, figures, details.reference);
    return 'confirmed';
  }
  // Paid and recorded, but not confirmed: staff follow it up (spec sections 2 and 8).
  addAlert(ALERTS.unableToConfirm(context.phone));
  useBookingStore.getState().bookingUnconfirmed();
  return 'unconfirmed';
}

function refused(paymentId: string | null, context: ConfirmContext, error: unknown): ConfirmOutcome {
  console.error(`The server refused to confirm ${paymentId ?? 'the booking without payment'}`, error);
  addAlert(ALERTS.unableToConfirm(context.phone));
  if (paymentId === null) {
    usePaymentStore.getState().setConfirmationPhase(null);
    usePaymentStore.getState().setProcessing(false);
  } else {
    usePaymentStore.getState().confirmationRefused();
  }
  return 'refused';
}

function stalled(context: ConfirmContext, error: unknown): ConfirmOutcome {
  console.error('The booking could not be confirmed from this page', error);
  addAlert(ALERTS.unableToConfirm(context.phone));
  usePaymentStore.getState().setConfirmationPhase('stalled');
  usePaymentStore.getState().setProcessing(false);
  return 'stalled';
}

function unavailable(): ConfirmOutcome {
  usePaymentStore.getState().setConfirmationPhase(null);
  usePaymentStore.getState().setProcessing(false);
  useBookingStore.getState().setAvailability(false);
  return 'unavailable';
}

/** For tests: a fresh page knows of no confirmation under way, and the old one stops asking. */
export function forgetRunningConfirmations(): void {
  for (const entry of running.values()) entry.controller.abort();
  running.clear();
}
