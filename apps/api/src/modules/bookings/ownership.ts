import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { customerForIdentity, type CustomerIdentity, type CustomerRow } from '../customers/index.ts';
import { bookings } from './schema.ts';

/**
 * One answer for a booking that is not there and for one that is someone
 * else's, word for word and status for status, so an id tells a prober
 * nothing (issue #11: 'the answer does not tell whether the id exists').
 */
export const BOOKING_NOT_FOUND = 'We could not find that booking in your account.';

/** Booking ids are PostgreSQL integers: a larger number names no booking (and would make the query fail, not answer). */
const MAX_BOOKING_ID = 2_147_483_647;
const isBookingId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_BOOKING_ID;

export async function isOwnedBy(db: Database, bookingId: number, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)));
  return row !== undefined;
}

/**
 * The booking id of an account call's path, once it is known to belong to
 * the signed-in person's customer; otherwise the one 404. A person the
 * provider signed in whose e-mail no booking made a customer owns nothing,
 * so every booking id is answered as not found for them, alike. Every
 * /account/bookings/:booking route asks this first, and everything it reads
 * or writes is then filtered by this id, so no other customer's row is ever touched.
 */
export async function ownedBookingId(
  db: Database,
  identity: CustomerIdentity,
  bookingId: number,
  now: Date,
): Promise<{ bookingId: number; customer: CustomerRow }> {
  const customer = await customerForIdentity(db, identity, now);
  if (!customer || !isBookingId(bookingId) || !(await isOwnedBy(db, bookingId, customer.id))) throw notFound(BOOKING_NOT_FOUND);
  return { bookingId, customer };
}
