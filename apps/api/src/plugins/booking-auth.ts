import { bearerToken, hashBookingToken } from '../lib/booking-token.ts';
import { unauthorized } from '../lib/http-error.ts';
import { sharedPlugin } from '../lib/plugin.ts';
import { findSessionByTokenHash } from '../modules/bookings/session.ts';

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

/**
 * The 'booking' auth guard: `Authorization: Bearer <token>` as POST /bookings
 * issued it opens that booking, until the token expires (plus the route's
 * grace, if it has one). Missing, unknown and expired tokens get the same
 * 401, so the answer does not tell a guesser which it was. Whether the
 * booking may touch a given resource (its own tour) is the route's check,
 * answered with 403.
 */
export const bookingAuthPlugin = sharedPlugin('booking-auth', async (app) => {
  app.decorateRequest('bookingSession', null);
  app.authGuards.set('booking', async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized('A booking token is required: send Authorization: Bearer <token>.');
    const session = await findSessionByTokenHash(app.db, hashBookingToken(token));
    const graceMs = (request.routeOptions.config.bookingTokenGraceSeconds ?? 0) * 1000;
    if (!session || session.expiresAt.getTime() + graceMs <= app.clock.now().getTime()) {
      throw unauthorized('The booking session has expired or the token is not valid. Please start the booking again.');
    }
    request.bookingSession = session;
  });
});
