import type { FastifyInstance } from 'fastify';
import { frameRoutes } from './frame-routes.ts';
import { serverApiRoutes } from './server-api.ts';

/**
 * The sandbox card payment provider, built as a third party would build it
 * and mounted at /pay (not under /api) when PAYMENT_PROVIDER=sandbox:
 *   GET  /pay/sdk.js                 browser SDK: SandboxPay.mount(container, { token, onMessage })
 *   GET  /pay/frame?token=           the inline card form the SDK frames
 *   POST /pay/api/frame/payments     the frame's own call, authorised by the token
 *   POST /pay/api/tokens             server API (secret key): open a payment
 *   GET  /pay/api/payments/:id       server API (secret key): read a payment back
 *   GET  /pay/api/payment-requests/:id          server API: a payment request and its payment
 *   POST /pay/api/payment-requests/:id/cancel   server API: withdraw a payment request
 *   POST /pay/api/payments/:id/refunds          server API: refund a payment (Idempotency-Key)
 *   GET  /pay/api/refunds/:id                   server API: read a refund back
 * and it sends signed notifications of payments and refunds to PAYMENT_WEBHOOK_URL.
 * Our API reaches it only through the PaymentGateway port (adapters/payments).
 */
export async function paymentProviderPlugin(app: FastifyInstance) {
  if (app.config.nodeEnv === 'production') {
    app.log.warn('the sandbox card provider is serving /pay: it takes test cards only and no money moves');
  }
  await app.register(frameRoutes);
  await app.register(serverApiRoutes, { prefix: '/api' });
}

export { payProviderNotificationsPlugin } from './notifications.ts';
