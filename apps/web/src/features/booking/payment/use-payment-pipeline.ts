import { PAYMENT_FIELDS_ENABLE_DELAY_MS, PAYMENT_TOKEN_REQUEST_DELAY_MS, type CurrencyCode, type MinorUnits, type Payer, type PaymentOption } from '@tours/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCardPayment, type CardPayment } from '../../../lib/card-payment/use-card-payment.ts';
import { requestPaymentToken } from '../api/payment-api.ts';
import type { BookingEventProduct } from '../flow/booking-analytics.ts';
import type { ActiveBooking } from '../store/active-booking.ts';
import { awaitingConfirmation, usePaymentStore } from '../store/payment-store.ts';
import { confirmPayment, recordSuccessfulPayment, type ConfirmContext, type ConfirmOutcome } from './confirm-payment.ts';
import { tokenRequestFor } from './payer.ts';

/**
 * The card payment of step 4a on the card client
 * (lib/card-payment/use-card-payment.ts), with what is particular to paying
 * for a booking (spec sections 4 and 9). The spec's three delays all count
 * from the terms being ticked and run side by side, so the card form is
 * ready when the payment fields are enabled (issue 25): the token is
 * requested 2 s after the terms, for the server's current amount (never
 * before the page has it); the provider's form initialises 500 ms after the
 * token, out of sight; at 3 s the payment fields are enabled and the form
 * shown. Then the provider's messages, a success confirming the booking
 * (confirm-payment.ts). Every stage is shown, so the page never looks
 * frozen. A change of amount or payer, or a restart, starts again from the
 * token with the same delays. A booking whose total is 0 has no card
 * payment: once the terms are ticked it is confirmed with 'Confirm Booking'.
 */

/** The booking flow's own waits before a form, in the order the visitor meets them. */
type BookingPaymentGate = 'terms' | 'nothing-to-pay' | 'unlocking' | 'figures' | 'figures-error' | 'billing';

export interface PaymentPipelineInput {
  booking: ActiveBooking;
  currency: CurrencyCode;
  product: BookingEventProduct;
  phone: string;
  /** The lead, or the lead with the billing address; null while that address is incomplete. */
  payer: Payer | null;
  option: PaymentOption;
  amount: MinorUnits;
  /** Whether the page holds the server's current figures yet (GET /bookings/payment-details), and asking again. */
  figures: 'loading' | 'ready' | 'error';
  refreshFigures: () => void;
  /** Replaced in tests: jsdom cannot reload. */
  reload?: () => void;
}

export interface PaymentPipeline extends CardPayment<BookingPaymentGate> {
  termsAccepted: boolean;
  /** When the terms were ticked (epoch ms), for the unlocking progress. */
  termsAcceptedAt: number | null;
  /** The payment options and billing address may be changed. */
  fieldsEnabled: boolean;
  setTermsAccepted: (accepted: boolean) => void;
  /** 'Confirm Booking' of a booking with nothing to pay. */
  confirmWithoutPayment: () => Promise<ConfirmOutcome>;
  /** Asks about the paid booking again after the page stopped asking by itself. */
  retryConfirmation: () => void;
}

const confirmContext = ({ product, currency, phone }: PaymentPipelineInput): ConfirmContext => ({ product, currency, phone });

/**
 * The first of the booking flow's own waits before a token that is not over,
 * or null. The 3 s before the fields are enabled is not one of them: the
 * token and the form are prepared while it runs (see visibleStage).
 */
function gateOf(input: PaymentPipelineInput, termsAcceptedAt: number | null): BookingPaymentGate | null {
  if (termsAcceptedAt === null) return 'terms';
  // No card form to unlock: the booking is confirmed as soon as the terms are accepted.
  if (input.figures === 'ready' && input.amount <= 0) return 'nothing-to-pay';
  if (input.figures === 'loading') return 'figures';
  if (input.figures === 'error') return 'figures-error';
  if (input.payer === null) return 'billing';
  return null;
}

/**
 * What the visitor is shown while the 3 s run: the card client's own stage
 * where it says more (the token on its way, the form loading), never the form
 * itself, which stays out of sight, like every payment field, until they end.
 * A billing address still to complete is asked for once the fields can take it.
 */
function visibleStage(card: CardPayment<BookingPaymentGate>, unlocked: boolean): PaymentPipeline['stage'] {
  if (unlocked) return card.stage;
  switch (card.stage) {
    case 'preparing':
      return card.requestingToken ? 'preparing' : 'unlocking';
    case 'open':
      return 'loading';
    // The price check runs while the options unlock; it is only worth a word if it outlasts them.
    case 'figures':
    case 'billing':
      return 'unlocking';
    default:
      return card.stage;
  }
}

export function usePaymentPipeline(input: PaymentPipelineInput): PaymentPipeline {
  const [termsAcceptedAt, setTermsAcceptedAt] = useState<number | null>(null);
  const [unlockedFor, setUnlockedFor] = useState<number | null>(null);
  const checkoutId = usePaymentStore((state) => (awaitingConfirmation(state) ? state.checkoutId : null));
  const unlocked = termsAcceptedAt !== null && unlockedFor === termsAcceptedAt;

  const latest = useRef(input);
  useEffect(() => {
    latest.current = input;
  });

  // The payment fields unlock 3 s after the terms are ticked.
  useEffect(() => {
    if (termsAcceptedAt === null) return;
    const handle = setTimeout(() => setUnlockedFor(termsAcceptedAt), PAYMENT_FIELDS_ENABLE_DELAY_MS);
    return () => clearTimeout(handle);
  }, [termsAcceptedAt]);

  const { booking, currency, option, product } = input;
  const card = useCardPayment<BookingPaymentGate>({
    store: usePaymentStore,
    subject: `${termsAcceptedAt}|${option}`,
    payer: input.payer,
    amount: input.amount,
    gate: gateOf(input, termsAcceptedAt),
    settling: checkoutId !== null,
    tokenDelayMs: PAYMENT_TOKEN_REQUEST_DELAY_MS,
    requestToken: (payer, amount, signal) => requestPaymentToken(booking, tokenRequestFor({ bookingId: booking.id, currency, amount, payer }), signal),
    tokenOpened: (token, opened) => usePaymentStore.getState().tokenOpened(token, { amount: opened.amount, option }),
    onPaid: (paymentId) => void recordSuccessfulPayment(paymentId, product),
    phone: input.phone,
    reload: input.reload,
  });

  // Paid: confirm, now or after a reload that cut the confirmation short. The outcome moves the flow on.
  useEffect(() => {
    if (checkoutId === null) return;
    void confirmPayment(checkoutId, confirmContext(latest.current));
  }, [checkoutId]);

  const setTermsAccepted = useCallback((accepted: boolean) => {
    setTermsAcceptedAt(accepted ? Date.now() : null);
    if (!accepted) {
      usePaymentStore.getState().discardToken();
      usePaymentStore.getState().setProcessing(false);
    }
  }, []);

  const confirmWithoutPayment = useCallback(async () => {
    const outcome = await confirmPayment(null, confirmContext(latest.current));
    // Refused: the total is no longer 0 (changed in another tab, say), so the page takes the server's figures again.
    if (outcome === 'refused') latest.current.refreshFigures();
    return outcome;
  }, []);

  const retryConfirmation = useCallback(() => {
    const paid = usePaymentStore.getState();
    if (!awaitingConfirmation(paid) || paid.checkoutId === null) return;
    void confirmPayment(paid.checkoutId, confirmContext(latest.current));
  }, []);

  const stage = termsAcceptedAt === null ? card.stage : visibleStage(card, unlocked);
  return {
    ...card,
    stage,
    termsAccepted: termsAcceptedAt !== null,
    termsAcceptedAt,
    fieldsEnabled: unlocked && stage !== 'settling' && stage !== 'expired',
    setTermsAccepted,
    confirmWithoutPayment,
    retryConfirmation,
  };
}
