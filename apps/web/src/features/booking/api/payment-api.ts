import {
  applyPromotion,
  confirmBooking,
  createPaymentToken,
  type AppliedPromotion,
  type CurrencyCode,
  type PaymentToken,
  type PaymentTokenRequest,
  type PostPaymentDetails,
} from '@tours/domain';
import { callApi } from '../../../lib/api-client.ts';
import type { ActiveBooking } from '../store/booking-store.ts';

/**
 * Review and payment calls (spec section 7, Bookings), all with the booking
 * token. Each caller shows its own failure where it belongs (the field, the
 * payment panel, the unconfirmed screen), so none raises the general toast
 * by itself except where noted.
 */

/** POST /bookings/payments/token: the server checks the amount against its own totals. General toast on failure (spec section 8). */
export async function requestPaymentToken(booking: ActiveBooking, body: PaymentTokenRequest, signal?: AbortSignal): Promise<PaymentToken> {
  return (await callApi(createPaymentToken, { body, token: booking.token, signal })).data;
}

/** POST /bookings/promotion: an unknown or expired code is a 400 the field shows. */
export async function postPromotion(booking: ActiveBooking, code: string): Promise<AppliedPromotion> {
  return (await callApi(applyPromotion, { body: { code }, token: booking.token, onError: 'silent' })).data;
}

/** POST /bookings/confirm: idempotent on the server for one payment id. */
export async function postConfirm(booking: ActiveBooking, paymentId: string, currency: CurrencyCode): Promise<PostPaymentDetails> {
  return (await callApi(confirmBooking, { body: { payment_id: paymentId, currency }, token: booking.token, onError: 'silent' })).data;
}
