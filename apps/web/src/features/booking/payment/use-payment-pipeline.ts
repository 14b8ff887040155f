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
import { requestPaymentToken } from '../api/payment-api.ts';
import type { BookingEventProduct } from '../flow/booking-analytics.ts';
import type { ActiveBooking } from '../store/booking-store.ts';
import { awaitingConfirmation, usePaymentStore, type OpenedPayment } from '../store/payment-store.ts';
import { confirmPayment, recordSuccessfulPayment } from './confirm-payment.ts';
import { payerKey, tokenRequestFor } from './payer.ts';
import { reactionTo } from './provider-sdk.ts';

/**
 * The card payment of step 4a as a sequence (spec sections 4 and 9): the
 * terms ticked; the payment fields enabled 3 s later; the token requested 2 s
 * after that; the provider's form initialised 500 ms after the token (in
 * CardForm); then the provider's messages. Every stage is shown, so the page
 * never looks frozen. A change of amount or payer, or a restart, starts again
 * from the token with the same delays; the stale token is discarded.
 */

export type PaymentStage =
  | 'terms'
  | 'unlocking'
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
}

interface Keyed<T> {
  key: string;
  value: T;
}

export function usePaymentPipeline(input: PaymentPipelineInput): PaymentPipeline {
  const { booking, currency, product, phone, payer, option, amount } = input;
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

  const latest = useRef({ booking, currency, product, phone, payer, option, amount, key, reload: input.reload });
  useEffect(() => {
    latest.current = { booking, currency, product, phone, payer, option, amount, key, reload: input.reload };
  });

  // The payment fields unlock 3 s after the terms are ticked.
  useEffect(() => {
    if (termsAcceptedAt === null) return;
    const handle = setTimeout(() => setUnlockedFor(termsAcceptedAt), PAYMENT_FIELDS_ENABLE_DELAY_MS);
    return () => clearTimeout(handle);
  }, [termsAcceptedAt]);

  // The token, 2 s after the fields unlock or after anything it depends on changed.
  const wantsToken = unlocked && payer !== null && amount > 0 && !isStopped && !isFailed && !expired && checkoutId === null;
  useEffect(() => {
    if (!wantsToken) return;
    usePaymentStore.getState().discardToken();
    const controller = new AbortController();
    const handle = setTimeout(() => {
      const now = latest.current;
      if (!now.payer) return;
      const body = tokenRequestFor({ bookingId: now.booking.id, currency: now.currency, amount: now.amount, payer: now.payer });
      requestPaymentToken(now.booking, body, controller.signal).then(
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
    const { product: forProduct, currency: inCurrency, phone: quoting } = latest.current;
    void confirmPayment(checkoutId, { product: forProduct, currency: inCurrency, phone: quoting });
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

  const stage: PaymentStage =
    checkoutId !== null
      ? 'confirming'
      : expired
        ? 'expired'
        : termsAcceptedAt === null
          ? 'terms'
          : !unlocked
            ? 'unlocking'
            : isStopped
              ? 'stopped'
              : isFailed
                ? 'error'
                : payer === null
                  ? 'billing'
                  : amount <= 0
                    ? 'nothing-to-pay'
                    : !token
                      ? 'preparing'
                      : readyToken !== token.token
                        ? 'loading'
                        : 'open';

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
  };
}
