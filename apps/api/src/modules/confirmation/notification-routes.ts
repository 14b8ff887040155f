import type { FastifyInstance } from 'fastify';
import { PaymentGatewayError, toRefund, type GatewayRefund } from '../../adapters/payments/index.ts';
import { notificationSchema, SIGNATURE_HEADER, verifyNotificationSignature } from '../../adapters/payments/wire.ts';
import { HttpError, unauthorized, validationFailed } from '../../lib/http-error.ts';
import { markNotificationProcessed, receiveNotification, receiveRefundNotification } from '../payments/index.ts';
import { outcomeOf, settleRefundOutcome } from './refund-settlement.ts';
import { settleProviderPayment } from './settle-payment.ts';

/** The largest notification body accepted (413 above it). */
export const NOTIFICATION_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * POST /api/payments/notifications: the card provider's signed
 * server-to-server notifications. The signature is checked over the raw
 * body before anything is read; the event id makes a replay harmless (it is
 * settled again through the same idempotent path, and answers alike). A
 * payment already applied (the browser's confirm came first) is acknowledged
 * after one statement, with no second settlement. A
 * payment that succeeded is settled through the single settlement path, so a
 * visitor who closed the tab after paying still gets a confirmed booking. A
 * 2xx tells the provider to stop; a 5xx (a passing failure) makes it retry.
 */
export async function paymentNotificationRoutes(app: FastifyInstance) {
  // The signature covers the body exactly as sent, so it is kept as text.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  // The body is read whole before anyone is known, so it is capped well below the API's limit: a notification is under 1 KB.
  app.post('/payments/notifications', { schema: { hide: true }, bodyLimit: NOTIFICATION_BODY_LIMIT_BYTES }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers[SIGNATURE_HEADER];
    if (!verifyNotificationSignature(app.config.payments.webhookSecret, raw, Array.isArray(header) ? header[0] : header, app.clock.now())) {
      throw unauthorized('The notification signature is missing, wrong or too old.');
    }
    let parsed;
    try {
      parsed = notificationSchema.safeParse(JSON.parse(raw));
    } catch {
      throw validationFailed({ body: 'Not JSON' });
    }
    if (!parsed.success) throw validationFailed({ body: 'Not a notification this endpoint knows' });
    const event = parsed.data;
    if (event.type !== 'payment.succeeded') {
      // A refund's outcome: it settles our pending refund, found by the provider's id or the key we sent it with (its answer may not have reached us).
      let refund: GatewayRefund;
      try {
        refund = toRefund(event.data.refund);
      } catch (error) {
        if (error instanceof PaymentGatewayError) throw validationFailed({ body: error.message });
        throw error;
      }
      const { processed } = await receiveRefundNotification(app.db, { eventId: event.id, type: event.type, providerRefundId: refund.id, providerPaymentId: refund.paymentId });
      if (processed) return reply.code(200).send({ received: true });
      const settled = await settleRefundOutcome(app, { providerRefundId: refund.id, idempotencyKey: refund.idempotencyKey }, outcomeOf(refund), 'notification', request.id);
      if (!settled) request.log.info({ eventId: event.id, refundId: refund.id }, 'refund notification: the refund was settled already, or is not one of ours');
      await markNotificationProcessed(app.db, event.id, app.clock.now());
      return reply.code(200).send({ received: true });
    }
    const { payment } = event.data;

    // One statement records the event and says whether anything is left to do: nothing when the payment did not
    // succeed, or is applied already (the browser's confirm came first), and then the event is processed at once.
    const { done } = await receiveNotification(
      app.db,
      { eventId: event.id, type: event.type, providerPaymentId: payment.id, providerRequestId: payment.payment_request_id ?? null, paymentStatus: payment.status },
      app.clock.now(),
    );
    if (done) return reply.code(200).send({ received: true });
    try {
      await settleProviderPayment(app, { providerPaymentId: payment.id, source: 'notification', requestId: request.id, knownUnapplied: true });
    } catch (error) {
      // A payment that proves nothing for any booking of ours is acknowledged (the audit log and logs have it); a passing failure is retried.
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      request.log.warn({ err: error, eventId: event.id }, 'payment notification not applied');
    }
    await markNotificationProcessed(app.db, event.id, app.clock.now());
    return reply.code(200).send({ received: true });
  });
}
