import { confirmBooking } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { sessionOf } from '../bookings/session.ts';
import { CONFIRM_GRACE_SECONDS, confirmPayment } from './workflow.ts';

export async function confirmationRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    confirmBooking,
    async (request) => {
      const session = sessionOf(request);
      const outcome = await confirmPayment(app, {
        session,
        paymentId: request.body.payment_id,
        currency: request.body.currency,
        requestId: request.id,
      });
      return { data: outcome };
    },
    // The money may have been taken as the session ran out: see CONFIRM_GRACE_SECONDS.
    { config: { bookingTokenGraceSeconds: CONFIRM_GRACE_SECONDS } },
  );
}
