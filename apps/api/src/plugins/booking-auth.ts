import type { FastifyRequest } from 'fastify';
import { bearerToken, hashBookingToken } from '../lib/booking-token.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { sharedPlugin } from '../lib/plugin.ts';
import { findSessionByTokenHash, type BookingSession } from '../modules/bookings/index.ts';
import { customerIdByEmail, type CustomerIdentity } from '../modules/customers/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Seconds a booking token is still accepted after it expired, on this
     * route only. Only POST /bookings/confirm sets it, and GET
     * /bookings/settlement, which reads what that confirmation settled: the
     * card may have been charged a moment before the session ran out, and the
     * money must still reach its booking (docs/decisions/0003).
     */
    bookingTokenGraceSeconds?: number;
    /**
     * A read-only route (a booking's option lists) that may take a booking
     * session this replica verified in the database less than
     * READ_CACHE_TTL_MS ago, instead of looking the token up again. Never set
     * on a route that writes: selections, the payment token, confirmation and
     * every other write verify the token in the database on every call
     * (docs/decisions/0014-hot-read-cache.md). Honoured on GET and HEAD only.
     */
    bookingSessionFromReadCache?: boolean;
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
  const expired = () => unauthorized('The booking session has expired or the token is not valid. Please start the booking again.');

  /** The session the token opens, asked of the database; refused (401, 403) as the guard refuses it. */
  async function verify(tokenHash: string, customer: CustomerIdentity | null, graceSeconds: number): Promise<BookingSession> {
    // Judged by the database's clock, as the session's holds are: replicas whose clocks drift agree on it.
    const session = await findSessionByTokenHash(app.db, tokenHash, app.clock.databaseNow());
    if (!session || session.secondsLeft + graceSeconds <= 0) throw expired();
    if (customer && session.customerId !== null && session.customerId !== (await customerIdByEmail(app.db, customer.email))) {
      throw forbidden('This booking belongs to another account.');
    }
    return session;
  }

  /**
   * A session verified in the database less than the cache's TTL ago, for
   * the read-only routes that allow it. Only verified sessions are kept (a
   * refusal is a failed computation, which the cache forgets), under the
   * token's hash and the signed-in customer it was checked for. Its time left
   * is counted down by this process's clock from when it was asked (a little
   * before the database measured it, so it ends early, never late): a token
   * that runs out is refused at once, cached or not. What the TTL lets through
   * is a change made on another replica (a booking cancelled there, its
   * passengers changed): for at most the TTL its option lists still show.
   */
  async function verifiedRecently(tokenHash: string, customer: CustomerIdentity | null): Promise<BookingSession> {
    const key = `booking-session:${tokenHash}:${customer?.email ?? ''}`;
    const { session, askedAt } = await app.readCache.get(key, async () => {
      const askedAt = app.clock.now().getTime();
      return { session: await verify(tokenHash, customer, 0), askedAt };
    });
    const secondsLeft = session.secondsLeft - (app.clock.now().getTime() - askedAt) / 1000;
    if (secondsLeft <= 0) throw expired();
    // A copy: the cached one is shared by every request that reads it.
    return { ...session, secondsLeft };
  }

  app.decorateRequest('bookingSession', null);
  app.authGuards.set('booking', async (request, reply) => {
    const customer = await app.signedInCustomer(request, reply);
    const token = bookingTokenOf(request);
    if (!token) throw unauthorized('A booking token is required: send Authorization: Bearer <token>, or X-Booking-Token: <token> when signed in.');
    const { config } = request.routeOptions;
    const readOnly = request.method === 'GET' || request.method === 'HEAD';
    request.bookingSession =
      config.bookingSessionFromReadCache && readOnly
        ? await verifiedRecently(hashBookingToken(token), customer)
        : await verify(hashBookingToken(token), customer, config.bookingTokenGraceSeconds ?? 0);
  });
});
