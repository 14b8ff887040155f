import { createAccountPaymentToken, submitPaymentReceipt } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { providerForBrowser } from '../../adapters/payments/index.ts';
import { conflict, validationFailed } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { siteOriginOrNull } from '../../lib/site-origin.ts';
import { bookingCurrency } from '../bookings/index.ts';
import { settleProviderPayment } from '../confirmation/index.ts';
import { pageOriginOf, receiptPayment, recordPaymentMethod } from '../payments/index.ts';
import { openBalancePayment } from './balance-payment.ts';
import { ownedBookingId } from './owned-booking.ts';

/** Money taken that settlement could not make a payments row of (another currency than the booking's): staff were told. */
export const PAYMENT_FOR_STAFF = 'We have received your payment, but it could not be added to your booking automatically. Our team will be in touch.';

/**
 * Balance payments by card (spec sections 4 and 7, Account payment): opening
 * the provider's form for the balance or a one-off amount, and the receipt
 * the browser submits once the form reports success. The receipt is settled
 * through the one settlement path (the booking flow's confirm call, the
 * provider's notification and reconciliation take it too), so whichever of
 * them comes first records the payment and the others find it: one record.
 */
export async function accountPaymentRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    createAccountPaymentToken,
    async (request) => {
      const { bookingId } = await ownedBookingId(app, request, request.params.booking);
      // The card form is framed by the page asking for it, on the origin the visitor opened the site at.
      const allowedOrigin = pageOriginOf(request);
      const token = await openBalancePayment(app, {
        bookingId,
        body: request.body,
        allowedOrigin,
        browser: providerForBrowser(app.adapters.payments, allowedOrigin),
        requestId: request.id,
      });
      return { data: token };
    },
    { status: 201 },
  );

  registerEndpoint(app, submitPaymentReceipt, async (request) => {
    const { bookingId } = await ownedBookingId(app, request, request.params.booking);
    const currency = await bookingCurrency(app.db, bookingId);
    if (request.query.currency !== currency) throw validationFailed({ currency: `This booking is paid in ${currency}.` });

    const providerPaymentId = request.params.payment;
    // The provider is asked what became of the payment; the browser's word proves nothing (400 when it is not this booking's succeeded payment).
    await settleProviderPayment(app, { providerPaymentId, bookingId, source: 'browser', requestId: request.id, siteOrigin: siteOriginOrNull(request) });

    const row = await receiptPayment(app.db, providerPaymentId, bookingId);
    if (!row) throw conflict(PAYMENT_FOR_STAFF);
    // The card the payer used, as the form reported it; the first receipt's is kept.
    await recordPaymentMethod(app.db, row.id, request.body.payment_method_id, app.clock.now());
    return { data: { id: row.id } };
  });
}
