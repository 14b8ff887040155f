import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { customerForEmail, normaliseEmail } from '../customers/index.ts';
import { bookingPassengers, bookings } from './schema.ts';

export interface LinkedCustomer {
  customerId: number;
  /** The customer was made for this booking (a new e-mail address). */
  created: boolean;
}

/**
 * Makes the confirmed booking its customer's, inside the confirmation's
 * transaction: the customer whose e-mail is the lead passenger's, created
 * from the lead (name, telephone, address) when the address is new. That is
 * what lets the lead sign in afterwards with the e-mail of the booking. The
 * customers module makes (or finds) the customer; the link is the booking's.
 *
 * A booking that already has a customer keeps it: it was started while that
 * customer was signed in (or seeded so), and the person who booked it keeps
 * it in their account even when the lead is someone else. A lead without an
 * e-mail (never the case online) leaves the booking without a customer.
 */
export async function linkBookingToCustomer(
  db: Database,
  input: { bookingId: number; now: Date; requestId: string; actor: string },
): Promise<LinkedCustomer | null> {
  const [booking] = await db.select({ customerId: bookings.customerId }).from(bookings).where(eq(bookings.id, input.bookingId));
  if (!booking) return null;
  if (booking.customerId !== null) return { customerId: booking.customerId, created: false };

  const [lead] = await db
    .select()
    .from(bookingPassengers)
    .where(and(eq(bookingPassengers.bookingId, input.bookingId), eq(bookingPassengers.isLead, true)));
  const email = lead?.email ? normaliseEmail(lead.email) : '';
  if (!lead || !email.includes('@')) return null;

  // Another booking of the same person confirmed at the same moment may have made the customer first.
  const { id: customerId, created } = await customerForEmail(db, {
    email,
    title: lead.title,
    forename: lead.givenName,
    surname: lead.familyName,
    telephone: lead.telephoneHome || lead.telephoneMobile || null,
    address: lead.address,
  });

  await db.update(bookings).set({ customerId, updatedAt: input.now }).where(eq(bookings.id, input.bookingId));
  await recordAudit(db, {
    actor: input.actor,
    action: 'booking.customer_linked',
    entityType: 'booking',
    entityId: input.bookingId,
    bookingId: input.bookingId,
    requestId: input.requestId,
    detail: { customerId, customerCreated: created },
  });
  return { customerId, created };
}
