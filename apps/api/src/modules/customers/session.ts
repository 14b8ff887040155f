import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { customerIdByEmail } from './repository.ts';

/**
 * The customer a booking call is made for: the signed-in visitor's, when
 * their access token names the e-mail of a customer; null for a visitor who
 * is not signed in, or whose e-mail no confirmed booking has made a customer
 * yet (their booking is linked by the lead's e-mail at confirmation). A
 * token that is sent but proves nothing is refused (401), never ignored:
 * the booking would silently be nobody's.
 */
export async function signedInCustomerId(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<number | null> {
  const identity = await app.signedInCustomer(request, reply);
  return identity ? customerIdByEmail(app.db, identity.email) : null;
}
