import { createPaymentToken, type PaymentToken, type PaymentTokenRequest } from '@tours/domain';
import { callApi } from '../api-client.ts';

/**
 * Opening a card payment: the token that the provider's inline form is
 * mounted with. The server checks the amount against its own totals and
 * answers the provider's script address with the token, so nothing here
 * knows which provider it is. A failure raises the general toast (spec
 * section 8: 'Payment token ... failures: generic error alert').
 */
export async function requestPaymentToken(bearer: string, body: PaymentTokenRequest, signal?: AbortSignal): Promise<PaymentToken> {
  return (await callApi(createPaymentToken, { body, token: bearer, signal })).data;
}
