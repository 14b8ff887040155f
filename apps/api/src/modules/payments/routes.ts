import { createPaymentToken, getPaymentDetails } from '@tours/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { providerForBrowser } from '../../adapters/payments/index.ts';
import { bookingComponents } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { siteOriginOf } from '../../lib/site-origin.ts';
import { sessionOf } from '../bookings/session.ts';
import { bookingTotals } from '../bookings/totals.ts';
import { paymentNotificationRoutes } from './notifications.ts';
import { openPayment } from './token.ts';

export async function paymentRoutes(app: FastifyInstance) {
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

/**
 * The site's origin for this request, checked against the page's own when
 * the browser names it (Origin, sent with every POST): a form bound to an
 * origin other than the page's would never load, so the mismatch (a proxy
 * whose headers are not trusted, say) is answered with what to fix instead.
 */
export function pageOriginOf(request: FastifyRequest): string {
  const origin = siteOriginOf(request);
  const page = request.headers.origin;
  if (page !== undefined && page !== 'null' && page !== origin) {
    request.log.warn({ page, siteOrigin: origin }, 'card form asked for by a page on another origin than the request names; behind a proxy, set TRUST_PROXY');
    throw forbidden(`The card form cannot be shown on ${page}: this request reached the site as ${origin}. Please open the site at ${origin} and try again.`);
  }
  return origin;
}
