import type { FastifyRequest } from 'fastify';
import { bearerToken, hashBookingToken } from '../lib/booking-token.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { sharedPlugin } from '../lib/plugin.ts';
import { findSessionByTokenHash } from '../modules/bookings/session.ts';
import { customerIdByEmail } from '../modules/customers/repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Seconds a booking token is still accepted after it expired, on this
     * route only. Only POST /bookings/confirm sets it: the card may have been
     * charged a moment before the session ran out, and the money must still
     * reach its booking (docs/decisions/0003).
     */
    bookingTokenGraceSeconds?: number;
  }
}

/** The header that names the booking when Authorization carries the signed-in customer's access token. */
export const BOOKING_TOKEN_HEADER = 'x-booking-token';

/**
 * The booking token of a request: in Authorization when the visitor is not
 * signed in, in X-Booking-Token when Authorization carries the customer's
 * access token. Both at once must agree. Undefined when they disagree.
 */
function bookingTokenOf(request: FastifyRequest): string | null | undefined {
  const named = request.headers[BOOKING_TOKEN_HEADER];
  const inHeader = typeof named === 'string' ? bearerToken(`Bearer ${named}`) : null;
  if (typeof named === 'string' && inHeader === null) return undefined;
  const inAuthorization = bearerToken(request.headers.authorization);
  if (inHeader !== null && inAuthorization !== null && inHeader !== inAuthorization) return undefined;
  return inHeader ?? inAuthorization;
}

/**
 * The 'booking' auth guard: the booking token POST /bookings issued opens
 * that booking, until the token expires (plus the route's grace, if it has
 * one). Missing, unknown and expired tokens get the same 401, so the answer
 * does not tell a guesser which it was. Whether the booking may touch a given
 * resource (its own tour) is the route's check, answered with 403.
 *
 * A signed-in visitor sends their access token in Authorization and the
 * booking's token in X-Booking-Token: the access token is verified like the
 * account calls' (an invalid one is the customer 401), and a booking that
 * belongs to another customer is refused with 403, so neither token ever
 * reaches someone else's booking (docs/decisions/0011-customer-tokens.md).
 */
export const bookingAuthPlugin = sharedPlugin('booking-auth', async (app) => {
  app.decorateRequest('bookingSession', null);
  app.authGuards.set('booking', async (request, reply) => {
    const customer = await app.signedInCustomer(request, reply);
    const token = bookingTokenOf(request);
    if (!token) throw unauthorized('A booking token is required: send Authorization: Bearer <token>, or X-Booking-Token: <token> when signed in.');
    // Judged by the database's clock, as the session's holds are: replicas whose clocks drift agree on it.
    const session = await findSessionByTokenHash(app.db, hashBookingToken(token), app.clock.databaseNow());
    const graceSeconds = request.routeOptions.config.bookingTokenGraceSeconds ?? 0;
    if (!session || session.secondsLeft + graceSeconds <= 0) {
      throw unauthorized('The booking session has expired or the token is not valid. Please start the booking again.');
    }
    if (customer && session.customerId !== null && session.customerId !== (await customerIdByEmail(app.db, customer.email))) {
      throw forbidden('This booking belongs to another account.');
    }
    request.bookingSession = session;
  });
});
