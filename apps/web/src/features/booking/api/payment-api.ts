import {
  applyPromotion,
  confirmBooking,
  getPaymentDetails,
  removePromotion,
  type AppliedPromotion,
  type PaymentDetails,
  type PostPaymentDetails,
} from '@tours/domain/contracts/booking';
import type { PaymentToken } from '@tours/domain/contracts/payment-token';
import { createPaymentToken, type PaymentTokenRequest } from '@tours/domain/contracts/payments';
import type { CurrencyCode } from '@tours/domain/money';
import { callApi } from '../../../lib/api-client.ts';
import type { ActiveBooking } from '../store/active-booking.ts';

/**
 * Review and confirmation calls (spec section 7, Bookings), all with the
 * booking token. Each caller shows its own failure where it belongs (the
 * field, the payment panel, the confirmation), so none raises the general
 * toast by itself, except the token request, whose failure is the general
 * alert (spec section 8).
 */

/**
 * POST /bookings/payments/token: the token the provider's inline form is
 * mounted with. The server checks the amount against its own totals and
 * answers the provider's script address with the token, so nothing here
 * knows which provider it is.
 */
export async function requestPaymentToken(booking: ActiveBooking, body: PaymentTokenRequest, signal?: AbortSignal): Promise<PaymentToken> {
  return (await callApi(createPaymentToken, { body, token: booking.token, signal })).data;
}

/** POST /bookings/promotion: an unknown or expired code is a 400 the field shows. */
export async function postPromotion(booking: ActiveBooking, code: string): Promise<AppliedPromotion> {
  return (await callApi(applyPromotion, { body: { code }, token: booking.token, onError: 'silent' })).data;
}

/** DELETE /bookings/promotion: the code comes off and the server answers the totals without it. */
export async function deletePromotion(booking: ActiveBooking): Promise<PaymentDetails> {
  return (await callApi(removePromotion, { token: booking.token, onError: 'silent' })).data;
}

/** GET /bookings/payment-details: the total, deposit and promotion as the server prices the booking now. */
export async function fetchPaymentDetails(booking: ActiveBooking, signal?: AbortSignal): Promise<PaymentDetails> {
  return (await callApi(getPaymentDetails, { token: booking.token, signal, onError: 'silent' })).data;
}

export const paymentDetailsKey = (bookingId: number) => ['booking', bookingId, 'payment-details'] as const;

/**
 * POST /bookings/confirm, idempotent on the server for one payment id. A
 * null payment id is the zero-total booking (a promotion covers it): there
 * is no card payment to name.
 */
export async function postConfirm(
  booking: ActiveBooking,
  paymentId: string | null,
  currency: CurrencyCode,
  signal?: AbortSignal,
): Promise<PostPaymentDetails> {
  const body = paymentId === null ? { currency } : { payment_id: paymentId, currency };
  return (await callApi(confirmBooking, { body, token: booking.token, signal, onError: 'silent' })).data;
}
