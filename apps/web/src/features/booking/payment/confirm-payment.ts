import { ALERTS, CONFIRMATION_WAIT_MS, type CurrencyCode, type PostPaymentDetails } from '@tours/domain';
import { addAlert } from '../../../lib/alerts.ts';
import { isApiRequestError } from '../../../lib/api-error.ts';
import { ASK_AGAIN, askUntilAnswered, stopAsking, type Asking } from '../../../lib/card-payment/ask-until-answered.ts';
import { getRegionContact } from '../../../lib/region.ts';
import { CHECKING_AFTER_FAILURES, isTransientFailure, retryDelay } from '../../../lib/retry.ts';
import { postConfirm } from '../api/payment-api.ts';
import { readSettlement } from '../api/settlement-api.ts';
import { pushPaymentEvent, type BookingEventProduct, type PaymentEventFigures } from '../flow/booking-analytics.ts';
import type { ActiveBooking } from '../store/active-booking.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { awaitingConfirmation, usePaymentStore } from '../store/payment-store.ts';
import { useProductStore } from '../store/product-store.ts';

/**
 * What the booking flow asks after the provider took the money (spec section
 * 4, Step 4 payment): record the payment id, then confirm the booking with
 * the card client's asking (lib/card-payment/ask-until-answered.ts). The
 * server's confirmation is idempotent for one payment id, and it settles the
 * payment on its own as well (the provider's notifications, reconciliation),
 * so a lost answer or a server still settling (5xx, 503 SERVICE_FAILURE) is
 * asked again with the same id; once it has failed twice (the page says it
 * is checking), the page also reads after each failure what the server
 * settled by itself (GET /bookings/settlement).
 *
 * When neither answers within CONFIRMATION_WAIT_MS, the page stops holding
 * the visitor on 'Confirming your booking…': it shows what the spec gives for
 * a confirmation failure after payment (section 8: the unconfirmed state and
 * screen, 'Unable to confirm booking'), and keeps asking at the back-off's
 * pace through the unconfirmed session's 90 s, moving on to step 5 if the
 * server confirms meanwhile. Past that session it lets the booking go as
 * unconfirmed; the server and staff own the payment from there.
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
 * - unanswered: no answer through the unconfirmed session; the unconfirmed screen stays and the page stops asking;
 * - unavailable: a booking with nothing to pay lost its places (no money was taken): the availability-error screen;
 * - skipped: nothing (left) to confirm.
 */
export type ConfirmOutcome = 'confirmed' | 'unconfirmed' | 'refused' | 'stalled' | 'unanswered' | 'unavailable' | 'skipped';

/** Back-off between tries: 1 s, 2 s, 4 s, 8 s, then every 10 s (shared with the account area's payment receipt). */
export const confirmRetryDelay = retryDelay;

/** The confirmations' names among the payments being asked about. */
const CONFIRMATIONS = 'confirm:';
/** The zero-total booking's key among running confirmations: it has no payment id. */
const NO_CARD_PAYMENT = '\u0000no-card-payment';

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
  const booking = useBookingStore.getState().activeBooking;
  if (!booking) return Promise.resolve('skipped');
  return askUntilAnswered(`${CONFIRMATIONS}${paymentId ?? NO_CARD_PAYMENT}`, confirmation(booking, paymentId, context), 'skipped');
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

/** The confirmation of one payment (or of a booking with nothing to pay), as the card client asks it. */
function confirmation(booking: ActiveBooking, paymentId: string | null, context: ConfirmContext): Asking<PostPaymentDetails, ConfirmOutcome> {
  // Only a card payment is settled by the server by itself, and only it has been paid: a booking with nothing to pay just asks.
  const wait = paymentId === null ? null : boundedWait(booking, context);
  return {
    ask: (signal) => postConfirm(booking, paymentId, context.currency, signal),
    answered: (details) => actOnConfirmation(details, context),
    stillWaiting: () => stillWaiting(paymentId, booking.id),
    phase: (phase) => {
      if (phase === 'sending') usePaymentStore.getState().setProcessing(true);
      usePaymentStore.getState().setConfirmationPhase(phase);
    },
    failed: async (error, failures, signal) => {
      const reaction = failureReaction(error, paymentId);
      if (reaction === 'refused') return refused(paymentId, context, error);
      if (reaction === 'stalled') return stalled(context, error);
      if (reaction === 'unavailable') return unavailable();
      if (!wait) return ASK_AGAIN;
      // Failing again (the page now says it is checking): the server may have settled the payment by itself meanwhile.
      if (failures >= CHECKING_AFTER_FAILURES) {
        const settled = await readSettlement(booking, signal);
        if (signal.aborted || !stillWaiting(paymentId, booking.id)) return 'skipped';
        if (settled) return actOnConfirmation(settled, context);
      }
      return wait.afterFailure();
    },
    delay: (failures) => wait?.delay(failures) ?? retryDelay(failures),
  };
}

/**
 * CONFIRMATION_WAIT_MS of 'Confirming your booking…', then the unconfirmed
 * screen while the page still asks, through the unconfirmed session. A page
 * reloaded on the unconfirmed screen is past the wait already: it asks at
 * the slower pace from the start, and says nothing twice.
 */
function boundedWait(booking: ActiveBooking, context: ConfirmContext) {
  let unanswered = useBookingStore.getState().unconfirmed;
  const deadline = Date.now() + CONFIRMATION_WAIT_MS;
  const sessionEnd = () => useBookingStore.getState().activeBooking?.expiresAt ?? 0;
  return {
    afterFailure: (): ConfirmOutcome | typeof ASK_AGAIN => {
      const now = Date.now();
      if (!unanswered && now >= deadline) {
        unanswered = true;
        console.error(`No answer about the payment of booking ${booking.id} within ${CONFIRMATION_WAIT_MS / 1000} s`);
        addAlert(ALERTS.unableToConfirm(context.phone));
        useBookingStore.getState().bookingUnconfirmed();
      }
      if (!unanswered || now < sessionEnd()) return ASK_AGAIN;
      // The unconfirmed session is over: the booking is let go as unconfirmed, as the server answers a booking it could not confirm.
      usePaymentStore.getState().confirmationAnswered({ status: 'unconfirmed', reference: String(booking.id) });
      return 'unanswered';
    },
    /** The back-off, cut short so the page moves on at the end of the wait, and asks once more at the end of the session. */
    delay: (failures: number): number => Math.max(0, Math.min(retryDelay(failures), (unanswered ? sessionEnd() : deadline) - Date.now())),
  };
}

type FailureReaction = 'retry' | 'refused' | 'stalled' | 'unavailable';

/**
 * A lost answer or a server still settling is asked again; a 400 is the
 * server's refusal; places gone on a booking with nothing to pay are the
 * spec's SERVICE_FAILURE (availability false); anything else the server will
 * not answer any differently.
 */
function failureReaction(error: unknown, paymentId: string | null): FailureReaction {
  if (isTransientFailure(error)) return 'retry';
  if (!isApiRequestError(error)) return 'stalled';
  if (error.status === 400) return 'refused';
  if (paymentId === null && error.status === 409 && error.code === 'SERVICE_FAILURE') return 'unavailable';
  return 'stalled';
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
    useBookingStore.getState().purchaseCompleted(Date.now(), details.reference);
    pushPaymentEvent('purchase', context.product, figures, details.reference);
    return 'confirmed';
  }
  // Paid and recorded, but not confirmed: staff follow it up (spec sections 2 and 8). Said once, when the page showed it already.
  if (!useBookingStore.getState().unconfirmed) {
    addAlert(ALERTS.unableToConfirm(context.phone));
    useBookingStore.getState().bookingUnconfirmed();
  }
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
export const forgetRunningConfirmations = (): void => stopAsking(CONFIRMATIONS);
