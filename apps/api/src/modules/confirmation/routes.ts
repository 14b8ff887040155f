import { CONFIRM_GRACE_SECONDS, confirmBooking } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { siteOriginOrNull } from '../../lib/site-origin.ts';
import { sessionOf } from '../bookings/index.ts';
import { confirmWithoutPayment } from './confirm-without-payment.ts';
import { paymentNotificationRoutes } from './notification-routes.ts';
import { settleProviderPayment } from './settle-payment.ts';

/** The ways a card payment reaches settlement from outside: the visitor's confirm call, and the provider's notifications. */
export async function confirmationRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    confirmBooking,
    async (request) => {
      const session = sessionOf(request);
      if (request.body.currency !== session.currency) throw validationFailed({ currency: `This booking is paid in ${session.currency}.` });
      const outcome =
        request.body.payment_id === undefined
          ? await confirmWithoutPayment(app, { bookingId: session.bookingId, requestId: request.id, siteOrigin: siteOriginOrNull(request) })
          : await settleProviderPayment(app, {
              providerPaymentId: request.body.payment_id,
              bookingId: session.bookingId,
              source: 'browser',
              requestId: request.id,
              siteOrigin: siteOriginOrNull(request),
            });
      return { data: outcome };
    },
    // The money may have been taken as the session ran out: see CONFIRM_GRACE_SECONDS.
    { config: { bookingTokenGraceSeconds: CONFIRM_GRACE_SECONDS } },
  );

  await app.register(paymentNotificationRoutes);
}
