import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PostalAddress } from '../../db/json-types.ts';
import { customers } from './schema.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { CustomerIdentity } from './access-token.ts';

export type CustomerRow = typeof customers.$inferSelect;

/** E-mail addresses are stored lower-case and trimmed (a check constraint holds it), so sign-in matches however it was typed. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export async function findCustomerByEmail(db: Database, email: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.email, normaliseEmail(email)));
  return row ?? null;
}

/** The customer id of a signed-in person, or null when no booking has made them a customer yet. */
export async function customerIdByEmail(db: Database, email: string): Promise<number | null> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, normaliseEmail(email)));
  return row?.id ?? null;
}

/**
 * The customer a verified token speaks for, found by its e-mail; at their
 * first sign-in the provider's subject is recorded. The e-mail stays the
 * key: a subject already recorded (or taken by another customer, after an
 * address changed at the provider) is left as it is rather than refusing a
 * person whose verified address matches.
 */
export async function customerForIdentity(db: Database, identity: CustomerIdentity, now: Date): Promise<CustomerRow | null> {
  const customer = await findCustomerByEmail(db, identity.email);
  if (!customer || customer.identitySubject !== null) return customer;
  try {
    const [updated] = await db
      .update(customers)
      .set({ identitySubject: identity.subject, updatedAt: now })
      .where(
        and(
          eq(customers.id, customer.id),
          isNull(customers.identitySubject),
          sql`not exists (select 1 from customers other where other.identity_subject = ${identity.subject})`,
        ),
      )
      .returning();
    return updated ?? (await findCustomerByEmail(db, identity.email));
  } catch (error) {
    // Two first sign-ins at once: the other one recorded it.
    if (isUniqueViolation(error)) return findCustomerByEmail(db, identity.email);
    throw error;
  }
}

/** Who a customer is made from: the lead passenger of the booking that first names their e-mail. */
export interface NewCustomer {
  /** Already normalised (normaliseEmail). */
  email: string;
  title: string;
  forename: string;
  surname: string;
  telephone: string | null;
  address: PostalAddress | null;
}

/**
 * The customer with this e-mail, made from `details` when there is none yet.
 * Answers their id and whether this call made them. Two confirmations of the
 * same person at once both get the one customer (the insert yields to the
 * other's, and the row it made is read).
 */
export async function customerForEmail(db: Database, details: NewCustomer): Promise<{ id: number; created: boolean }> {
  const [inserted] = await db
    .insert(customers)
    .values(details)
    .onConflictDoNothing({ target: customers.email })
    .returning({ id: customers.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, details.email));
  return { id: existing!.id, created: false };
}
