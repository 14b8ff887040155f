import { createPaymentToken, getPaymentDetails } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { providerForBrowser } from '../../adapters/payments/index.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { pageOriginOf } from '../payments/index.ts';
import { openPayment } from './payment-token.ts';
import { bookingComponents } from './schema.ts';
import { sessionOf } from './session.ts';
import { bookingTotals, withBalanceDue } from './totals.ts';

/** The booking flow's payment step: the card form's token for the amount due now, and the figures it is paid from. */
export async function bookingPaymentRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    createPaymentToken,
    async (request) => {
      // The card form is framed by the page asking for it, on the origin the visitor opened the site at (403 for one it is not served at).
      const allowedOrigin = pageOriginOf(request);
      const token = await openPayment(app.db, {
        session: sessionOf(request),
        body: request.body,
        gateway: app.adapters.payments,
        provider: app.config.payments.provider,
        allowedOrigin,
        browser: providerForBrowser(app.adapters.payments, allowedOrigin),
        now: app.clock.now(),
        databaseNow: app.clock.databaseNow(),
        requestId: request.id,
      });
      return { data: token };
    },
    { status: 201 },
  );

  registerEndpoint(app, getPaymentDetails, async (request) => {
    const session = sessionOf(request);
    const [{ details }, lines] = await Promise.all([
      bookingTotals(app.db, session.bookingId, session.currency, session),
      app.db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, session.bookingId)),
    ]);
    const promotion = lines.find((line) => line.componentType === 'PromotionalCode');
    return {
      data: {
        details: withBalanceDue(details, session, app.config.balances.dueDays),
        promotion: promotion
          ? { id: promotion.id, name: promotion.name, component_type: 'PromotionalCode' as const, price: { value: promotion.price, currency_code: session.currency } }
          : null,
      },
    };
  });
}
