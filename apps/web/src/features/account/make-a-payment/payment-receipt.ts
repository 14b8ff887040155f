import { ALERTS } from '@tours/domain/messages';
import { addAlert } from '../../../lib/alerts.ts';
import { isApiRequestError, reportApiError } from '../../../lib/api-error.ts';
import { ASK_AGAIN, askUntilAnswered, stopAsking } from '../../../lib/card-payment/ask-until-answered.ts';
import { isTransientFailure } from '../../../lib/retry.ts';
import { putPaymentReceipt } from '../api/balance-payment.ts';
import { useAccountPaymentStore, type PendingReceipt } from './account-payment-store.ts';

/**
 * What the account area asks after the provider took a balance payment
 * (spec section 4, Account payment): the receipt, sent with the card
 * client's asking (lib/card-payment/ask-until-answered.ts) until the server
 * records it. A refusal is final; a failure this page cannot act on, or too
 * many lost answers, stops the asking with the receipt kept, for 'Check
 * again' or a reload. The provider's payment is never lost whatever this
 * page does: the server's reconciliation attaches it to its booking.
 */

/**
 * - recorded: the server recorded the payment (the toast with its id is shown);
 * - refused: the server will not record it from this receipt (400, 409, 422); it is forgotten;
 * - stalled: this page stopped asking (a failure it cannot act on, or too many lost answers); the receipt is kept;
 * - skipped: nothing (left) to send: answered elsewhere, or the customer logged out.
 */
export type ReceiptOutcome = { outcome: 'recorded'; id: number } | { outcome: 'refused' | 'stalled' | 'skipped' };

/** Consecutive lost answers (about a minute of back-off) after which the page stops asking and offers to ask again. */
export const RECEIPT_MAX_FAILURES = 8;

const RECEIPTS = 'receipt:';
const store = () => useAccountPaymentStore.getState();

/** A logout (the store reset) or an answer in another run ends the asking. */
const stillPending = (paymentId: string): boolean => store().pendingReceipt?.payment_id === paymentId;

/** The server's word for good: refused, so asking again would be refused again. */
const isRefusal = (error: unknown): boolean => isApiRequestError(error) && [400, 409, 422].includes(error.status);

/** PUT /account/bookings/:booking/payments/:payment until the server answers; concurrent callers share the one run. */
export function sendReceipt(receipt: PendingReceipt): Promise<ReceiptOutcome> {
  const skipped: ReceiptOutcome = { outcome: 'skipped' };
  return askUntilAnswered<number, ReceiptOutcome>(
    `${RECEIPTS}${receipt.payment_id}`,
    {
      ask: (signal) => putPaymentReceipt(receipt, signal),
      stillWaiting: () => stillPending(receipt.payment_id),
      phase: (phase) => {
        if (phase === 'sending') store().setProcessing(true);
        store().setReceiptPhase(phase);
      },
      answered: (id) => {
        store().receiptSettled(receipt.payment_id);
        addAlert(ALERTS.paymentSuccessful, { extra: `(ID ${id})` });
        return { outcome: 'recorded', id };
      },
      failed: (error, failures) => {
        if (isRefusal(error)) {
          console.error(`The server refused the receipt of ${receipt.payment_id}`, error);
          store().receiptSettled(receipt.payment_id);
          return { outcome: 'refused' };
        }
        if (isTransientFailure(error) && failures < RECEIPT_MAX_FAILURES) return ASK_AGAIN;
        // Lost answers were asked again quietly; giving up on them says so with the general toast.
        if (isTransientFailure(error) && isApiRequestError(error)) reportApiError(error);
        store().setReceiptPhase('stalled');
        store().setProcessing(false);
        return { outcome: 'stalled' };
      },
    },
    skipped,
  );
}

/** For tests: a fresh page knows of no receipt under way, and the old one stops asking. */
export const forgetRunningReceipts = (): void => stopAsking(RECEIPTS);
