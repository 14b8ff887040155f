import { confirmBooking } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { sessionOf } from '../bookings/session.ts';
import { validationFailed } from '../../lib/http-error.ts';
import { confirmWithoutPayment } from './confirm-without-payment.ts';
import { settleProviderPayment } from './settle-payment.ts';

/**
 * How long after its booking token expired POST /bookings/confirm still
 * accepts it. The card can be charged in the last seconds of a session (the
 * provider's form lives on its own clock), and the browser's confirmation
 * that follows must still get its answer rather than a 401. A day covers a
 * client that retries later; the server settles the payment anyway (the
 * provider's notification, reconciliation), and everything else the token
 * opened stays closed.
 */
export const CONFIRM_GRACE_SECONDS = 24 * 60 * 60;

export async function confirmationRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    confirmBooking,
    async (request) => {
      const session = sessionOf(request);
      if (request.body.currency !== session.currency) throw validationFailed({ currency: `This booking is paid in ${session.currency}.` });
      const outcome =
        request.body.payment_id === undefined
          ? await confirmWithoutPayment(app, { bookingId: session.bookingId, requestId: request.id })
          : await settleProviderPayment(app, {
              providerPaymentId: request.body.payment_id,
              bookingId: session.bookingId,
              source: 'browser',
              requestId: request.id,
            });
      return { data: outcome };
    },
    { config: { bookingTokenGraceSeconds: CONFIRM_GRACE_SECONDS } },
  );
}
