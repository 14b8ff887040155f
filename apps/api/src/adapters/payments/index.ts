import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../plugins/env.ts';
import { createHttpPaymentGateway } from './http.ts';
import { injectFetch } from './inject-fetch.ts';
import type { PaymentGateway } from './port.ts';

export type {
  GatewayPayer,
  GatewayPayment,
  GatewayPaymentRequest,
  GatewayPaymentRequestStatus,
  GatewayPaymentStatus,
  GatewayToken,
  GatewayTokenRequest,
  PaymentGateway,
} from './port.ts';
export { PaymentGatewayError } from './port.ts';
export { createHttpPaymentGateway } from './http.ts';
export { injectFetch } from './inject-fetch.ts';

/**
 * The gateway the API uses. Always the HTTP adapter: with PAYMENT_PROVIDER=http
 * over the network to PAYMENT_PROVIDER_URL; with the sandbox mounted in this
 * app (its URL on our own PUBLIC_URL origin), through `app.inject`, so the
 * same HTTP API answers without a round trip through a proxy or a port that
 * tests never open. The browser still loads the sandbox from PUBLIC_URL/pay.
 */
export function createPaymentGateway(config: AppConfig['payments'], app?: FastifyInstance): PaymentGateway {
  const inProcess = config.provider === 'sandbox' && app !== undefined && new URL(config.url).origin === new URL(app.config.publicUrl).origin;
  return createHttpPaymentGateway({
    url: config.url,
    secretKey: config.secretKey,
    ...(inProcess ? { fetch: injectFetch(app) } : {}),
  });
}
