import { createPaymentToken, getPaymentDetails } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { bookingComponents } from '../../db/schema/index.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { sessionOf } from '../bookings/session.ts';
import { bookingTotals } from '../bookings/totals.ts';
import { paymentNotificationRoutes } from './notifications.ts';
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

  registerEndpoint(app, getPaymentDetails, async (request) => {
    const session = sessionOf(request);
    const [{ details }, lines] = await Promise.all([
      bookingTotals(app.db, session.bookingId, session.currency, session.brandChannel),
      app.db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, session.bookingId)),
    ]);
    const promotion = lines.find((line) => line.componentType === 'PromotionalCode');
    return {
      data: {
        details,
        promotion: promotion
          ? { id: promotion.id, name: promotion.name, component_type: 'PromotionalCode' as const, price: { value: promotion.price, currency_code: session.currency } }
          : null,
      },
    };
  });

  await app.register(paymentNotificationRoutes);
}
