import { ALERTS, type MinorUnits, type Payer, type PaymentToken } from '@tours/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { addAlert } from '../alerts.ts';
import type { CardPaymentSlice, OpenedCardPayment } from './card-payment-state.ts';
import { reactionTo } from './provider-sdk.ts';

/**
 * The card payment as a sequence, for whatever is being paid (spec sections
 * 4 and 9): a booking's deposit or full amount at step 4a, or a balance
 * payment in the account area. Once the feature's own waits are over (the
 * terms, the server's figures, the billing address, the amount), a token is
 * requested after the feature's delay (2 s in the booking flow, 500 ms in the
 * account area) and the provider's form initialises 500 ms after it arrives
 * (components/card-payment/card-form.tsx). The booking flow shows the form
 * with its payment fields, 3 s after the terms (use-payment-pipeline.ts).
 * A change of anything the token was opened for (the subject, amount or
 * payer) or a restart starts again from the token with the same delay: the
 * stale token is discarded and an answer still on its way for it ignored, so
 * there is never more than one form, nor one for a stale amount.
 *
 * Then the provider's messages (spec section 4, Step 4 payment and Account
 * payment): success hands the payment id to the feature, which asks our
 * server about it (ask-until-answered.ts); canceled or closed stops
 * processing; failed alerts (and, in the account area, ends processing);
 * closed with 'Expired request' clears the token, alerts and reloads.
 */

/** Long enough for the 'payment expired' toast to be seen before the page reloads. */
export const EXPIRED_RELOAD_DELAY_MS = 1_500;

/** Equal payers give equal keys: a change of payer discards the token opened for the old one. */
const payerKey = (payer: Payer | null): string => (payer ? JSON.stringify(payer) : '');

/** Where the card form stands once nothing of the feature's is waited for. */
type CardFormStage = 'preparing' | 'loading' | 'open' | 'stopped' | 'error';

/**
 * The first thing the payment waits on, in the order the payer meets them:
 * the server's answer about a paid payment ('settling'), an expired request,
 * the feature's own waits (`Gate`), then the form.
 */
type CardPaymentStage<Gate extends string> = 'settling' | 'expired' | Gate | CardFormStage;

/** The feature's payment store, as the client reads and drives it. */
type CardPaymentStore = Pick<StoreApi<CardPaymentSlice>, 'getState' | 'getInitialState' | 'subscribe'>;

interface CardPaymentInput<Gate extends string> {
  store: CardPaymentStore;
  /** What is being paid, as far as the token is concerned: another value (a booking, an option, a balance) means another token. */
  subject: string;
  /** Who pays; null while their address is incomplete. */
  payer: Payer | null;
  /** Minor units to charge; null while unknown. */
  amount: MinorUnits | null;
  /** The feature's first wait before a form can be prepared, or null when there is none. */
  gate: Gate | null;
  /** The provider took the money and our server is being asked about it: no form, no token. */
  settling: boolean;
  /** From the moment nothing is waited for (or anything the token is for changed) to the token request. */
  tokenDelayMs: number;
  /** Opens a token with our API for this payer and amount; a failure has raised the general toast. */
  requestToken: (payer: Payer, amount: MinorUnits, signal: AbortSignal) => Promise<PaymentToken>;
  /** Keeps the token in the store with what it was opened for. */
  tokenOpened: (token: PaymentToken, opened: { amount: MinorUnits; key: string }) => void;
  /** The provider's success message: the payment id and what its form was opened for (null when another form's). */
  onPaid: (paymentId: string, amount: MinorUnits | null) => void;
  /** The account area's 'A failed message ends processing'; the booking flow's form stays in progress for another card. */
  declineEndsProcessing?: boolean;
  /** The regional phone number the expiry toast quotes. */
  phone: string;
  /** Replaced in tests: jsdom cannot reload. */
  reload?: () => void;
}

export interface CardPayment<Gate extends string> {
  stage: CardPaymentStage<Gate>;
  /** The token whose form is shown (loading or open); null otherwise. */
  token: OpenedCardPayment | null;
  stoppedReason: 'canceled' | 'closed' | null;
  /** When the wait for the current form began (epoch ms), for a progress line; null until known. */
  preparingSince: number | null;
  /** The token for the current form has been asked for and not yet answered. */
  requestingToken: boolean;
  /** 'Start payment again' after a cancel, a close or a failure to open. */
  restart: () => void;
  onProviderMessage: (token: string, message: unknown) => void;
  onFormFailure: (token: string) => void;
}

interface Keyed<T> {
  key: string;
  value: T;
}

export function useCardPayment<Gate extends string>(input: CardPaymentInput<Gate>): CardPayment<Gate> {
  const { store, subject, payer, amount, gate, settling } = input;
  // A fresh page asks for a fresh token: one kept in storage from before a reload was opened for no key of this page.
  const [opened, setOpened] = useState<Keyed<string> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [readyToken, setReadyToken] = useState<string | null>(null);
  const [stopped, setStopped] = useState<Keyed<'canceled' | 'closed'> | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [preparing, setPreparing] = useState<Keyed<number> | null>(null);
  const [requestedFor, setRequestedFor] = useState<string | null>(null);
  const storedToken = useStore(store, (state) => state.paymentToken);

  // Everything a token is opened for: another value of any part means another token.
  const key = `${attempt}|${subject}|${amount ?? ''}|${payerKey(payer)}`;
  const token = storedToken && opened?.key === key && opened.value === storedToken.token ? storedToken : null;
  const isStopped = stopped?.key === key;
  const isFailed = failedFor === key;

  const latest = useRef({ ...input, key });
  useEffect(() => {
    latest.current = { ...input, key };
  });

  const wantsToken = gate === null && !settling && !expired && !isStopped && !isFailed && payer !== null && amount !== null && amount > 0;
  useEffect(() => {
    if (!wantsToken) return;
    store.getState().discardToken();
    const controller = new AbortController();
    const began = Date.now();
    // The progress line starts from this moment (set from a timer: state is not set while an effect runs).
    const mark = setTimeout(() => setPreparing({ key, value: began }), 0);
    const handle = setTimeout(() => {
      const now = latest.current;
      if (!now.payer || now.amount === null) return;
      const forAmount = now.amount;
      setRequestedFor(key);
      now.requestToken(now.payer, forAmount, controller.signal).then(
        (paymentToken) => {
          if (controller.signal.aborted) return;
          latest.current.tokenOpened(paymentToken, { amount: forAmount, key });
          store.getState().setProcessing(true);
          setOpened({ key, value: paymentToken.token });
        },
        () => {
          // The API client has shown the general toast; the payment offers to try again.
          if (!controller.signal.aborted) setFailedFor(key);
        },
      );
    }, latest.current.tokenDelayMs);
    return () => {
      clearTimeout(mark);
      clearTimeout(handle);
      controller.abort();
    };
  }, [wantsToken, key, store]);

  const restart = useCallback(() => setAttempt((value) => value + 1), []);

  const onProviderMessage = useCallback(
    (forToken: string, message: unknown) => {
      const reaction = reactionTo(message);
      const now = latest.current;
      const state = store.getState();
      const current = state.paymentToken?.token === forToken ? state.paymentToken : null;
      // Only the form of the current token speaks for this payment; a success is taken from any form, since the money is.
      if (!current && reaction.kind !== 'paid') return;
      switch (reaction.kind) {
        case 'ready':
          setReadyToken(forToken);
          return;
        case 'paid':
          now.onPaid(reaction.paymentId, current?.amount ?? null);
          return;
        case 'declined':
          // The provider keeps its form open for another card.
          if (now.declineEndsProcessing) state.setProcessing(false);
          addAlert(ALERTS.paymentFailed);
          return;
        case 'stopped':
          setStopped({ key: now.key, value: reaction.reason });
          state.discardToken();
          state.setProcessing(false);
          return;
        case 'expired':
          setExpired(true);
          state.paymentRequestExpired();
          addAlert(ALERTS.paymentExpired(now.phone));
          // The reloaded page starts the payment again, as the spec asks.
          setTimeout(now.reload ?? (() => window.location.reload()), EXPIRED_RELOAD_DELAY_MS);
          return;
        case 'ignore':
          return;
      }
    },
    [store],
  );

  const onFormFailure = useCallback(
    (forToken: string) => {
      if (store.getState().paymentToken?.token === forToken) setFailedFor(latest.current.key);
    },
    [store],
  );

  const formStage: CardFormStage = isStopped ? 'stopped' : isFailed ? 'error' : !token ? 'preparing' : readyToken === token.token ? 'open' : 'loading';
  const stage: CardPaymentStage<Gate> = settling ? 'settling' : expired ? 'expired' : (gate ?? formStage);

  return {
    stage,
    token: stage === 'loading' || stage === 'open' ? token : null,
    stoppedReason: isStopped ? stopped.value : null,
    preparingSince: preparing?.key === key ? preparing.value : null,
    requestingToken: requestedFor === key && formStage === 'preparing',
    restart,
    onProviderMessage,
    onFormFailure,
  };
}
