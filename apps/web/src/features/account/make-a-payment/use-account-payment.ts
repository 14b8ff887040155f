import { ALERTS, buildCardPaymentRequest, PAYMENT_FORM_INIT_DELAY_MS, type AccountBooking, type MinorUnits, type Payer } from '@tours/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addAlert } from '../../../lib/alerts.ts';
import { reactionTo } from '../../../lib/card-payment/provider-sdk.ts';
import { useAccountPaymentStore, type OpenedAccountPayment } from './account-payment-store.ts';
import { requestAccountPaymentToken, sendReceipt } from './payment-receipt.ts';

/**
 * The card payment of 'Make a payment' as a sequence (spec sections 4 and 9,
 * Account payment): once the amount and the payer are complete, a token is
 * requested 500 ms later, and the provider's form initialises 500 ms after
 * it arrives (CardForm). A change of option, amount or billing address starts
 * again after the same delay: the old token is discarded (and an answer still
 * on its way for it ignored), so there is never more than one form, and never
 * one for a stale amount. Then the provider's messages: success sends the
 * receipt (paymentTaken keeps it through a reload until the server answers),
 * cancel or close ends processing, failed alerts, 'Expired request' clears the
 * token, alerts and reloads.
 */

export type AccountPaymentStage =
  | 'billing'
  | 'amount'
  | 'preparing'
  | 'loading'
  | 'open'
  | 'stopped'
  | 'error'
  | 'expired'
  | 'receipt'
  | 'updating';

/** Long enough for the 'payment expired' toast to be seen before the page reloads. */
export const EXPIRED_RELOAD_DELAY_MS = 1_500;

export interface AccountPaymentInput {
  booking: AccountBooking;
  /** The customer with their address, or with the billing address; null while that is incomplete. */
  payer: Payer | null;
  /** Minor units to charge; null while a one-off amount is missing or invalid. */
  amount: MinorUnits | null;
  phone: string;
  onPaid: () => void;
  /** A payment was recorded, before the booking is refreshed (the form clears the one-off amount). */
  onRecorded?: () => void;
  /** Replaced in tests: jsdom cannot reload. */
  reload?: () => void;
}

export interface LastPayment {
  id: number;
  amount: MinorUnits | null;
}

export interface AccountPayment {
  stage: AccountPaymentStage;
  /** The token whose form is shown (loading or open); null otherwise. */
  token: OpenedAccountPayment | null;
  stoppedReason: 'canceled' | 'closed' | null;
  /** When the wait for the current form began (epoch ms), for the progress line; null until known. */
  preparingSince: number | null;
  /** The payment recorded last on this page, for the thank-you notice. */
  lastPayment: LastPayment | null;
  /** 'Start payment again' after a cancel, a close or a failure to open. */
  restart: () => void;
  onProviderMessage: (token: string, message: unknown) => void;
  onFormFailure: (token: string) => void;
  /** Asks about the receipt again after this page stopped asking by itself. */
  retryReceipt: () => void;
}

const payerKey = (payer: Payer | null): string => (payer ? JSON.stringify(payer) : '');

export function useAccountPayment(input: AccountPaymentInput): AccountPayment {
  const { booking, payer, amount } = input;
  const currency = booking.outstanding_balance.currency;
  // A fresh page asks for a fresh token: one kept in storage from before a reload is never shown again.
  const [mount] = useState(() => Math.random().toString(36).slice(2));
  const [attempt, setAttempt] = useState(0);
  const [readyToken, setReadyToken] = useState<string | null>(null);
  const [stopped, setStopped] = useState<{ key: string; reason: 'canceled' | 'closed' } | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [preparing, setPreparing] = useState<{ key: string; since: number }>({ key: '', since: 0 });
  const [lastPayment, setLastPayment] = useState<LastPayment | null>(null);
  // The balance a recorded payment was made against: no new form until the refreshed booking shows the new balance.
  const [paidAgainst, setPaidAgainst] = useState<string | null>(null);
  const storedToken = useAccountPaymentStore((state) => state.paymentToken);
  const pending = useAccountPaymentStore((state) => state.pendingReceipt);
  const receiptHere = pending !== null && pending.booking_id === booking.id;

  const balanceKey = `${booking.id}|${booking.outstanding_balance.value}|${currency}`;
  const key = `${mount}|${attempt}|${balanceKey}|${amount ?? ''}|${payerKey(payer)}`;
  const token = storedToken && storedToken.key === key ? storedToken : null;
  const isStopped = stopped?.key === key;
  const isFailed = failedFor === key;
  const updating = paidAgainst === balanceKey;

  const latest = useRef({ ...input, key });
  useEffect(() => {
    latest.current = { ...input, key };
  });

  useEffect(() => {
    useAccountPaymentStore.getState().setPrePaymentDetails(booking.id, booking.outstanding_balance);
  }, [booking.id, booking.outstanding_balance]);

  // The token, 500 ms after the amount and payer are complete or after either changed.
  const wantsToken = payer !== null && amount !== null && amount > 0 && !isStopped && !isFailed && !expired && !receiptHere && !updating;
  useEffect(() => {
    if (!wantsToken) return;
    const store = useAccountPaymentStore.getState();
    store.discardToken();
    store.setProcessing(false);
    const controller = new AbortController();
    const began = Date.now();
    const forKey = key;
    // The progress line starts from this moment (set from a timer: state is not set while an effect runs).
    const mark = setTimeout(() => setPreparing({ key: forKey, since: began }), 0);
    const handle = setTimeout(() => {
      const now = latest.current;
      if (!now.payer || now.amount === null) return;
      const body = buildCardPaymentRequest({ bookingId: now.booking.id, currency: now.booking.outstanding_balance.currency, amount: now.amount, payer: now.payer });
      requestAccountPaymentToken(now.booking.id, body, controller.signal).then(
        (opened) => {
          if (controller.signal.aborted) return;
          useAccountPaymentStore.getState().tokenOpened(opened, { bookingId: now.booking.id, amount: now.amount!, key: now.key });
          useAccountPaymentStore.getState().setProcessing(true);
        },
        () => {
          // The API client has shown the general toast; the form offers to try again.
          if (!controller.signal.aborted) setFailedFor(now.key);
        },
      );
    }, PAYMENT_FORM_INIT_DELAY_MS);
    return () => {
      clearTimeout(mark);
      clearTimeout(handle);
      controller.abort();
    };
  }, [wantsToken, key]);

  const settle = useCallback((paymentId: string, bookingId: number, paid: MinorUnits | null) => {
    void sendReceipt({ booking_id: bookingId, payment_id: paymentId, currency: latest.current.booking.outstanding_balance.currency, amount: paid }).then(
      (result) => {
        if (result.outcome !== 'recorded' || bookingId !== latest.current.booking.id) return;
        const now = latest.current;
        setLastPayment({ id: result.id, amount: paid });
        setPaidAgainst(`${now.booking.id}|${now.booking.outstanding_balance.value}|${now.booking.outstanding_balance.currency}`);
        now.onRecorded?.();
        now.onPaid();
      },
    );
  }, []);

  // A receipt kept from before a reload (or a closed tab in this session) is sent again.
  useEffect(() => {
    const kept = useAccountPaymentStore.getState().pendingReceipt;
    if (kept) settle(kept.payment_id, kept.booking_id, kept.amount);
  }, [settle]);

  const restart = useCallback(() => setAttempt((value) => value + 1), []);

  const onProviderMessage = useCallback(
    (forToken: string, message: unknown) => {
      const reaction = reactionTo(message);
      const now = latest.current;
      const store = useAccountPaymentStore.getState();
      // Only the form of the current token speaks for this payment.
      if (store.paymentToken?.token !== forToken && reaction.kind !== 'paid') return;
      switch (reaction.kind) {
        case 'ready':
          setReadyToken(forToken);
          return;
        case 'paid': {
          if (store.pendingReceipt?.payment_id === reaction.paymentId) return;
          const paid = store.paymentToken?.token === forToken ? store.paymentToken.amount : null;
          store.paymentTaken({ booking_id: now.booking.id, payment_id: reaction.paymentId, currency: now.booking.outstanding_balance.currency, amount: paid });
          settle(reaction.paymentId, now.booking.id, paid);
          return;
        }
        case 'declined':
          // The provider keeps its form open for another card.
          store.setProcessing(false);
          addAlert(ALERTS.paymentFailed);
          return;
        case 'stopped':
          setStopped({ key: now.key, reason: reaction.reason });
          store.discardToken();
          store.setProcessing(false);
          return;
        case 'expired':
          setExpired(true);
          store.discardToken();
          store.setProcessing(false);
          addAlert(ALERTS.paymentExpired(now.phone));
          setTimeout(now.reload ?? (() => window.location.reload()), EXPIRED_RELOAD_DELAY_MS);
          return;
        case 'ignore':
          return;
      }
    },
    [settle],
  );

  const onFormFailure = useCallback((forToken: string) => {
    if (useAccountPaymentStore.getState().paymentToken?.token === forToken) setFailedFor(latest.current.key);
  }, []);

  const retryReceipt = useCallback(() => {
    const kept = useAccountPaymentStore.getState().pendingReceipt;
    if (kept) settle(kept.payment_id, kept.booking_id, kept.amount);
  }, [settle]);

  const stage = stageOf({ receiptHere, expired, updating, payer, amount, isStopped, isFailed, token, readyToken });
  return {
    stage,
    token: stage === 'loading' || stage === 'open' ? token : null,
    stoppedReason: isStopped ? stopped.reason : null,
    preparingSince: preparing.key === key ? preparing.since : null,
    lastPayment,
    restart,
    onProviderMessage,
    onFormFailure,
    retryReceipt,
  };
}

interface StageFacts {
  receiptHere: boolean;
  expired: boolean;
  updating: boolean;
  payer: Payer | null;
  amount: MinorUnits | null;
  isStopped: boolean;
  isFailed: boolean;
  token: OpenedAccountPayment | null;
  readyToken: string | null;
}

/** The first thing the payment waits on, in the order the customer meets them. */
function stageOf(facts: StageFacts): AccountPaymentStage {
  if (facts.receiptHere) return 'receipt';
  if (facts.expired) return 'expired';
  if (facts.updating) return 'updating';
  if (facts.payer === null) return 'billing';
  if (facts.amount === null || facts.amount <= 0) return 'amount';
  if (facts.isStopped) return 'stopped';
  if (facts.isFailed) return 'error';
  if (!facts.token) return 'preparing';
  return facts.readyToken !== facts.token.token ? 'loading' : 'open';
}
