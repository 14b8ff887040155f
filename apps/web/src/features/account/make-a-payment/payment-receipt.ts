import { ALERTS, createAccountPaymentToken, submitPaymentReceipt, type CardPaymentRequest, type PaymentToken } from '@tours/domain';
import { addAlert } from '../../../lib/alerts.ts';
import { callApi } from '../../../lib/api-client.ts';
import { isApiRequestError, reportApiError } from '../../../lib/api-error.ts';
import { CHECKING_AFTER_FAILURES, isTransientFailure, pause, retryDelay } from '../../../lib/retry.ts';
import { useAccountPaymentStore, type PendingReceipt } from './account-payment-store.ts';

/**
 * The account area's calls around a card payment (spec sections 4 and 7,
 * Account payment): the token that opens the provider's form, and the
 * receipt once the provider took the money. The receipt is idempotent on the
 * server for one payment id, so a lost answer or a server still settling is
 * asked again with the same id, with back-off; the page says it is checking
 * meanwhile. The provider's payment is never lost whatever this page does:
 * the server's reconciliation attaches it to its booking.
 */

/**
 * POST /account/bookings/:booking/payments/token with the customer's bearer
 * token. A failure raises the general toast (spec section 8: 'Payment token
 * ... failures: generic error alert').
 */
export async function requestAccountPaymentToken(bookingId: number, body: CardPaymentRequest, signal?: AbortSignal): Promise<PaymentToken> {
  return (await callApi(createAccountPaymentToken, { params: { booking: bookingId }, body, signal })).data;
}

/**
 * - recorded: the server recorded the payment (the toast with its id is shown);
 * - refused: the server will not record it from this receipt (400, 409, 422); it is forgotten;
 * - stalled: this page stopped asking (a failure it cannot act on, or too many lost answers); the receipt is kept;
 * - skipped: nothing (left) to send: answered elsewhere, or the customer logged out.
 */
export type ReceiptOutcome = { outcome: 'recorded'; id: number } | { outcome: 'refused' | 'stalled' | 'skipped' };

/** Consecutive lost answers (about a minute of back-off) after which the page stops asking and offers to ask again. */
export const RECEIPT_MAX_FAILURES = 8;

interface Running {
  promise: Promise<ReceiptOutcome>;
  controller: AbortController;
}
const running = new Map<string, Running>();

/** PUT /account/bookings/:booking/payments/:payment until the server answers; concurrent callers share the one run. */
export function sendReceipt(receipt: PendingReceipt): Promise<ReceiptOutcome> {
  const pending = running.get(receipt.payment_id);
  if (pending) return pending.promise;
  const controller = new AbortController();
  const entry: Running = {
    controller,
    promise: sendUntilAnswered(receipt, controller.signal).finally(() => {
      if (running.get(receipt.payment_id) === entry) running.delete(receipt.payment_id);
    }),
  };
  running.set(receipt.payment_id, entry);
  return entry.promise;
}

/** A logout (the store reset) or an answer in another run ends the asking. */
const stillPending = (paymentId: string): boolean => useAccountPaymentStore.getState().pendingReceipt?.payment_id === paymentId;

/** The server's word for good: refused, so asking again would be refused again. */
const isRefusal = (error: unknown): boolean => isApiRequestError(error) && [400, 409, 422].includes(error.status);

async function sendUntilAnswered(receipt: PendingReceipt, signal: AbortSignal): Promise<ReceiptOutcome> {
  const store = () => useAccountPaymentStore.getState();
  if (!stillPending(receipt.payment_id)) return { outcome: 'skipped' };
  store().setProcessing(true);
  store().setReceiptPhase('sending');

  for (let failures = 0; ; ) {
    let id: number;
    try {
      const answer = await callApi(submitPaymentReceipt, {
        params: { booking: receipt.booking_id, payment: receipt.payment_id },
        query: { currency: receipt.currency },
        // The sandbox's success message carries the payment's id only; the server verifies it with the provider.
        body: { payment_method_id: receipt.payment_id },
        signal,
        // Lost answers are asked again quietly; anything else raises the general toast (spec section 8).
        onError: (error) => (isTransientFailure(error) ? 'silent' : undefined),
      });
      id = answer.data.id;
    } catch (error) {
      if (signal.aborted || !stillPending(receipt.payment_id)) return { outcome: 'skipped' };
      if (isRefusal(error)) {
        console.error(`The server refused the receipt of ${receipt.payment_id}`, error);
        store().receiptSettled(receipt.payment_id);
        return { outcome: 'refused' };
      }
      failures += 1;
      if (!isTransientFailure(error) || failures >= RECEIPT_MAX_FAILURES) {
        if (isTransientFailure(error) && isApiRequestError(error)) reportApiError(error);
        store().setReceiptPhase('stalled');
        store().setProcessing(false);
        return { outcome: 'stalled' };
      }
      if (failures >= CHECKING_AFTER_FAILURES) store().setReceiptPhase('checking');
      await pause(retryDelay(failures), signal);
      if (signal.aborted || !stillPending(receipt.payment_id)) return { outcome: 'skipped' };
      continue;
    }
    if (!stillPending(receipt.payment_id)) return { outcome: 'skipped' };
    store().receiptSettled(receipt.payment_id);
    addAlert(ALERTS.paymentSuccessful, { extra: `(ID ${id})` });
    return { outcome: 'recorded', id };
  }
}

/** For tests: a fresh page knows of no receipt under way, and the old one stops asking. */
export function forgetRunningReceipts(): void {
  for (const entry of running.values()) entry.controller.abort();
  running.clear();
}
