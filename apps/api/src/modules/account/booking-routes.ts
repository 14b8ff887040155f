import { getAccountBooking, listAccountBookings as listAccountBookingsEndpoint, listPayments, minor, type Payment } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { BOOKING_NOT_FOUND } from '../bookings/index.ts';
import { paymentHistoryLines, type HistoryLine } from '../payments/index.ts';
import { accountCustomer, ownedBookingId } from './owned-booking.ts';
import { listAccountBookings, readAccountBooking } from './read-bookings.ts';

/**
 * The account area's reads (spec section 7, Account): the signed-in
 * customer's bookings, one of them with its components and passengers, and
 * its payment history. Another customer's booking is the one 404.
 */
export async function accountBookingRoutes(app: FastifyInstance) {
  registerEndpoint(app, listAccountBookingsEndpoint, async (request) => {
    const customer = await accountCustomer(app, request);
    // Someone signed in whose e-mail no booking made a customer has no bookings yet.
    return { data: { items: customer ? await listAccountBookings(app.db, customer.id, app.config.balances.dueDays) : [] } };
  });

  registerEndpoint(app, getAccountBooking, async (request) => {
    const { bookingId } = await ownedBookingId(app, request, request.params.booking);
    const detail = await readAccountBooking(app.db, bookingId, app.config.balances.dueDays);
    if (!detail) throw notFound(BOOKING_NOT_FOUND);
    return { data: detail };
  });

  registerEndpoint(app, listPayments, async (request) => {
    const { bookingId } = await ownedBookingId(app, request, request.params.booking);
    const lines = await paymentHistoryLines(app.db, bookingId);
    return { data: { items: lines.map(accountPayment) } };
  });
}

/**
 * A line of the history: a payment, its status the provider's own word for
 * it (the gateway status) or 'Refunded' / 'Partially refunded', or a refund
 * as a negative amount (payments' paymentHistoryLines).
 */
function accountPayment(line: HistoryLine): Payment {
  return {
    id: line.id,
    payment_id: line.paymentId,
    reference: line.reference,
    created_date: line.createdAt.toISOString(),
    amount: { value: minor(line.amount), currency: line.currency },
    detail: { gateway_status: line.gatewayStatus },
    currency: line.currency,
  };
}
