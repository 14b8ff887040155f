import type { PaymentToken } from '@tours/domain/contracts/payment-token';
import { createAccountPaymentToken, submitPaymentReceipt, type CardPaymentRequest } from '@tours/domain/contracts/payments';
import { callApi } from '../../../lib/api-client.ts';
import { isTransientFailure } from '../../../lib/retry.ts';
import type { PendingReceipt } from '../make-a-payment/account-payment-store.ts';

/**
 * The account area's calls around a balance payment by card (spec sections
 * 4 and 7, Account payment), with the customer's bearer token.
 */

/**
 * POST /account/bookings/:booking/payments/token. A failure raises the
 * general toast (spec section 8: 'Payment token ... failures: generic error alert').
 */
export async function requestAccountPaymentToken(bookingId: number, body: CardPaymentRequest, signal?: AbortSignal): Promise<PaymentToken> {
  return (await callApi(createAccountPaymentToken, { params: { booking: bookingId }, body, signal })).data;
}

/**
 * PUT /account/bookings/:booking/payments/:payment?currency=, answering the
 * recorded payment's id. Lost answers are asked again quietly (the caller
 * does); anything else raises the general toast (spec section 8).
 */
export async function putPaymentReceipt(receipt: PendingReceipt, signal: AbortSignal): Promise<number> {
  const answer = await callApi(submitPaymentReceipt, {
    params: { booking: receipt.booking_id, payment: receipt.payment_id },
    query: { currency: receipt.currency },
    // The sandbox's success message carries the payment's id only; the server verifies it with the provider.
    body: { payment_method_id: receipt.payment_id },
    signal,
    onError: (error) => (isTransientFailure(error) ? 'silent' : undefined),
  });
  return answer.data.id;
}
