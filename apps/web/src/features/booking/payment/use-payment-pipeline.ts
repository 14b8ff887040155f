import {
  ALERTS,
  PAYMENT_FIELDS_ENABLE_DELAY_MS,
  PAYMENT_TOKEN_REQUEST_DELAY_MS,
  type CurrencyCode,
  type MinorUnits,
  type Payer,
  type PaymentOption,
} from '@tours/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addAlert } from '../../../lib/alerts.ts';
import { requestPaymentToken } from '../../../lib/card-payment/payment-token.ts';
import { reactionTo } from '../../../lib/card-payment/provider-sdk.ts';
import type { BookingEventProduct } from '../flow/booking-analytics.ts';
import type { ActiveBooking } from '../store/booking-store.ts';
import { awaitingConfirmation, usePaymentStore, type OpenedPayment } from '../store/payment-store.ts';
import { confirmPayment, recordSuccessfulPayment, type ConfirmContext, type ConfirmOutcome } from './confirm-payment.ts';
import { payerKey, tokenRequestFor } from './payer.ts';

/**
 * The card payment of step 4a as a sequence (spec sections 4 and 9): the
 * terms ticked; the payment fields enabled 3 s later; the token requested 2 s
 * after that, for the server's current amount (never before the page has
 * it); the provider's form initialised 500 ms after the token (in CardForm);
 * then the provider's messages. Every stage is shown, so the page never looks
 * frozen. A change of amount or payer, or a restart, starts again from the
 * token with the same delays; the stale token is discarded. A booking whose
 * total is 0 has no card payment: once the terms are ticked it is confirmed
 * with 'Confirm Booking'.
 */

export type PaymentStage =
  | 'terms'
  | 'unlocking'
  | 'figures'
  | 'figures-error'
  | 'billing'
  | 'nothing-to-pay'
  | 'preparing'
  | 'loading'
  | 'open'
  | 'stopped'
  | 'error'
  | 'expired'
  | 'confirming';

/** Long enough for the 'payment expired' toast to be seen before the page reloads. */
export const EXPIRED_RELOAD_DELAY_MS = 1_500;

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

export interface PaymentPipeline {
  stage: PaymentStage;
  termsAccepted: boolean;
  /** When the terms were ticked (epoch ms), for the unlocking progress. */
  termsAcceptedAt: number | null;
  /** The payment options and billing address may be changed. */
  fieldsEnabled: boolean;
  token: OpenedPayment | null;
  stoppedReason: 'canceled' | 'closed' | null;
  setTermsAccepted: (accepted: boolean) => void;
  /** 'Start payment again' after a cancel, a close or a failure to open. */
  restart: () => void;
  onProviderMessage: (token: string, message: unknown) => void;
  onFormFailure: (token: string) => void;
  /** 'Confirm Booking' of a booking with nothing to pay. */
  confirmWithoutPayment: () => Promise<ConfirmOutcome>;
  /** Asks about the paid booking again after the page stopped asking by itself. */
  retryConfirmation: () => void;
}

const confirmContext = ({ product, currency, phone }: PaymentPipelineInput): ConfirmContext => ({ product, currency, phone });

interface Keyed<T> {
  key: string;
  value: T;
}

export function usePaymentPipeline(input: PaymentPipelineInput): PaymentPipeline {
  const { payer, option, amount, figures } = input;
  const [termsAcceptedAt, setTermsAcceptedAt] = useState<number | null>(null);
  const [unlockedFor, setUnlockedFor] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const [readyToken, setReadyToken] = useState<string | null>(null);
  const [stopped, setStopped] = useState<Keyed<'canceled' | 'closed'> | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const storedToken = usePaymentStore((state) => state.paymentToken);
  const checkoutId = usePaymentStore((state) => (awaitingConfirmation(state) ? state.checkoutId : null));

  const unlocked = termsAcceptedAt !== null && unlockedFor === termsAcceptedAt;
  const forPayer = payerKey(payer);
  // Everything a token is opened for: another value of any part means another token.
  const key = `${attempt}|${termsAcceptedAt}|${option}|${amount}|${forPayer}`;
  const token = storedToken && openedFor === key ? storedToken : null;
  const isStopped = stopped?.key === key;
  const isFailed = failedFor === key;

  const latest = useRef({ ...input, key });
  useEffect(() => {
    latest.current = { ...input, key };
  });

  // The payment fields unlock 3 s after the terms are ticked.
  useEffect(() => {
    if (termsAcceptedAt === null) return;
    const handle = setTimeout(() => setUnlockedFor(termsAcceptedAt), PAYMENT_FIELDS_ENABLE_DELAY_MS);
    return () => clearTimeout(handle);
  }, [termsAcceptedAt]);

  // The token, 2 s after the fields unlock or after anything it depends on changed.
  const wantsToken =
    unlocked && figures === 'ready' && payer !== null && amount > 0 && !isStopped && !isFailed && !expired && checkoutId === null;
  useEffect(() => {
    if (!wantsToken) return;
    usePaymentStore.getState().discardToken();
    const controller = new AbortController();
    const handle = setTimeout(() => {
      const now = latest.current;
      if (!now.payer) return;
      const body = tokenRequestFor({ bookingId: now.booking.id, currency: now.currency, amount: now.amount, payer: now.payer });
      requestPaymentToken(now.booking.token, body, controller.signal).then(
        (opened) => {
          if (controller.signal.aborted) return;
          usePaymentStore.getState().tokenOpened(opened, { amount: now.amount, option: now.option });
          usePaymentStore.getState().setProcessing(true);
          setOpenedFor(now.key);
        },
        () => {
          // The API client has shown the general toast; the panel offers to try again.
          if (!controller.signal.aborted) setFailedFor(now.key);
        },
      );
    }, PAYMENT_TOKEN_REQUEST_DELAY_MS);
    return () => {
      clearTimeout(handle);
      controller.abort();
    };
  }, [wantsToken, key]);

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

  const restart = useCallback(() => setAttempt((value) => value + 1), []);

  const onProviderMessage = useCallback((forToken: string, message: unknown) => {
    const reaction = reactionTo(message);
    const now = latest.current;
    switch (reaction.kind) {
      case 'ready':
        setReadyToken(forToken);
        return;
      case 'paid':
        recordSuccessfulPayment(reaction.paymentId, now.product);
        return;
      case 'declined':
        // The provider keeps its form open for another card.
        addAlert(ALERTS.paymentFailed);
        return;
      case 'stopped':
        setStopped({ key: now.key, value: reaction.reason });
        usePaymentStore.getState().discardToken();
        usePaymentStore.getState().setProcessing(false);
        return;
      case 'expired':
        setExpired(true);
        usePaymentStore.getState().paymentRequestExpired();
        addAlert(ALERTS.paymentExpired(now.phone));
        // The reloaded page starts the payment again at 4a, as the spec asks.
        setTimeout(now.reload ?? (() => window.location.reload()), EXPIRED_RELOAD_DELAY_MS);
        return;
      case 'ignore':
        return;
    }
  }, []);

  const onFormFailure = useCallback((forToken: string) => {
    if (usePaymentStore.getState().paymentToken?.token === forToken) setFailedFor(latest.current.key);
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

  const stage = stageOf({ checkoutId, expired, termsAcceptedAt, figures, amount, unlocked, isStopped, isFailed, payer, token, readyToken });

  return {
    stage,
    termsAccepted: termsAcceptedAt !== null,
    termsAcceptedAt,
    fieldsEnabled: unlocked && checkoutId === null && !expired,
    token: stage === 'loading' || stage === 'open' ? token : null,
    stoppedReason: isStopped ? stopped.value : null,
    setTermsAccepted,
    restart,
    onProviderMessage,
    onFormFailure,
    confirmWithoutPayment,
    retryConfirmation,
  };
}

interface StageFacts {
  checkoutId: string | null;
  expired: boolean;
  termsAcceptedAt: number | null;
  figures: PaymentPipelineInput['figures'];
  amount: MinorUnits;
  unlocked: boolean;
  isStopped: boolean;
  isFailed: boolean;
  payer: Payer | null;
  token: OpenedPayment | null;
  readyToken: string | null;
}

/** The first thing the payment waits on, in the order the visitor meets them. */
function stageOf(facts: StageFacts): PaymentStage {
  if (facts.checkoutId !== null) return 'confirming';
  if (facts.expired) return 'expired';
  if (facts.termsAcceptedAt === null) return 'terms';
  // No card form to unlock: the booking is confirmed as soon as the terms are accepted.
  if (facts.figures === 'ready' && facts.amount <= 0) return 'nothing-to-pay';
  if (!facts.unlocked) return 'unlocking';
  if (facts.figures === 'loading') return 'figures';
  if (facts.figures === 'error') return 'figures-error';
  if (facts.isStopped) return 'stopped';
  if (facts.isFailed) return 'error';
  if (facts.payer === null) return 'billing';
  if (!facts.token) return 'preparing';
  return facts.readyToken !== facts.token.token ? 'loading' : 'open';
}
