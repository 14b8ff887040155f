import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { notificationSchema, SIGNATURE_HEADER, verifyNotificationSignature } from '../../adapters/payments/wire.ts';
import { queryRows } from '../../db/client.ts';
import { paymentNotifications } from '../../db/schema/index.ts';
import { HttpError, unauthorized, validationFailed } from '../../lib/http-error.ts';
import { settleProviderPayment } from '../confirmation/settle-payment.ts';

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
    const { payment } = event.data;

    // One statement records the event and says whether anything is left to do: nothing when the payment did not
    // succeed, or is applied already (the browser's confirm came first), and then the event is processed at once.
    const [{ done } = { done: false }] = await queryRows<{ done: boolean }>(
      app.db,
      sql`with settled as (
            select ${payment.status} <> 'succeeded'
              or exists (select 1 from payments where provider_payment_id = ${payment.id} and applied_at is not null) as done
          ), received as (
            insert into payment_notifications (event_id, type, provider_payment_id, provider_request_id, processed_at)
            select ${event.id}, ${event.type}, ${payment.id}, ${payment.payment_request_id ?? null}, case when done then ${app.clock.now()}::timestamptz end
            from settled
            on conflict (event_id) do update set processed_at = excluded.processed_at
              where payment_notifications.processed_at is null and excluded.processed_at is not null
          )
          select done from settled`,
    );
    if (done) return reply.code(200).send({ received: true });
    try {
      await settleProviderPayment(app, { providerPaymentId: payment.id, source: 'notification', requestId: request.id, knownUnapplied: true });
    } catch (error) {
      // A payment that proves nothing for any booking of ours is acknowledged (the audit log and logs have it); a passing failure is retried.
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      request.log.warn({ err: error, eventId: event.id }, 'payment notification not applied');
    }
    await app.db
      .update(paymentNotifications)
      .set({ processedAt: sql`coalesce(${paymentNotifications.processedAt}, ${app.clock.now()})` })
      .where(eq(paymentNotifications.eventId, event.id));
    return reply.code(200).send({ received: true });
  });
}
