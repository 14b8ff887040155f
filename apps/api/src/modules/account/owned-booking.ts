import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identityOf } from '../../plugins/customer-auth.ts';
import { ownedBookingId as ownedBooking } from '../bookings/index.ts';
import { customerForIdentity, type CustomerRow } from '../customers/index.ts';

/**
 * The signed-in customer of an account call. A person the provider signed in
 * whose e-mail no booking made a customer owns nothing, so every booking id
 * is answered as not found for them, alike.
 */
export async function accountCustomer(app: FastifyInstance, request: FastifyRequest): Promise<CustomerRow | null> {
  return customerForIdentity(app.db, identityOf(request), app.clock.now());
}

/** The booking id of an account call's path, once it is known to be the signed-in customer's; otherwise the one 404 (bookings' ownedBookingId). */
export function ownedBookingId(app: FastifyInstance, request: FastifyRequest, bookingId: number): Promise<{ bookingId: number; customer: CustomerRow }> {
  return ownedBooking(app.db, identityOf(request), bookingId, app.clock.now());
}
