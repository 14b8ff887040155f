import { PaymentGatewayError, type GatewayPayment, type PaymentGateway } from '../../adapters/payments/index.ts';
import { serviceFailure, validationFailed } from '../../lib/http-error.ts';

/** The 400 messages of a payment id that proves nothing for this booking; nothing is recorded for any of them. */
export const PAYMENT_REFUSED = {
  unknown: 'We have no record of this payment.',
  declined: 'This payment did not go through: the card was declined.',
  otherBooking: 'This payment was not made for this booking.',
} as const;

/** The 502 when the provider could not be asked (no answer in time, or an error of its own): the payment, if taken, is still found later. */
export const PROVIDER_UNREACHABLE = 'We could not check the payment with the card payment service. Please try again shortly.';

/**
 * Asks the provider what became of the payment: the browser's word (a
 * success message with an id) is never enough. Only a succeeded payment that
 * the provider filed under this booking's id goes further; the request it
 * came through is checked against our own when it is applied.
 */
export async function verifyWithProvider(gateway: PaymentGateway, paymentId: string, bookingId?: number): Promise<GatewayPayment> {
  let payment: GatewayPayment | null;
  try {
    payment = await gateway.getPayment(paymentId);
  } catch (error) {
    // Unknown is not the same as unpaid: the client may try again, and the money, if taken, is still found then.
    if (error instanceof PaymentGatewayError) {
      throw serviceFailure(PROVIDER_UNREACHABLE, 502);
    }
    throw error;
  }
  if (!payment) throw validationFailed({ payment_id: PAYMENT_REFUSED.unknown });
  // Without a booking to speak for (a notification, reconciliation), the crm key we gave the provider names it.
  if (bookingId === undefined ? !/^[1-9]\d{0,9}$/.test(payment.crmKey) : payment.crmKey !== String(bookingId)) {
    throw validationFailed({ payment_id: PAYMENT_REFUSED.otherBooking });
  }
  if (payment.status !== 'succeeded') throw validationFailed({ payment_id: PAYMENT_REFUSED.declined });
  return payment;
}
