import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idpAccounts } from './schema.ts';

export interface IdpAccount {
  sub: string;
  email: string;
}

/** Addresses compare case-insensitively: Ann@Example.com and ann@example.com are one person. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The subject for an e-mail address: random, made at its first sign-in and
 * the same ever after. Two first sign-ins at once keep one.
 */
export async function accountForEmail(db: Database, email: string): Promise<IdpAccount> {
  const address = normaliseEmail(email);
  await db.transaction((tx) => tx.insert(idpAccounts).values({ email: address, sub: randomUUID() }).onConflictDoNothing({ target: idpAccounts.email }));
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.email, address));
  if (!row) throw new Error('The sign-in account could not be stored');
  return { sub: row.sub, email: row.email };
}

export async function accountBySubject(db: Database, sub: string): Promise<IdpAccount | null> {
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.sub, sub));
  return row ? { sub: row.sub, email: row.email } : null;
}
