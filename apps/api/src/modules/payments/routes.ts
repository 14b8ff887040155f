import { createPaymentToken } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { sessionOf } from '../bookings/session.ts';
import { openPayment } from './token.ts';

export async function paymentRoutes(app: FastifyInstance) {
  // The card form is framed by our own pages only: the origin people reach the site at.
  const allowedOrigin = new URL(app.config.publicUrl).origin;

  registerEndpoint(
    app,
    createPaymentToken,
    async (request) => {
      const token = await openPayment(app.db, {
        session: sessionOf(request),
        body: request.body,
        gateway: app.adapters.payments,
        provider: app.config.payments.provider,
        allowedOrigin,
        now: app.clock.now(),
        requestId: request.id,
      });
      return { data: token };
    },
    { status: 201 },
  );
}
