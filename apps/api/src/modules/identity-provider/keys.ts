import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idpKeys } from './schema.ts';

/** A private RSA or EC key as JSON (RFC 7517): every member a string. */
export interface PrivateJwk {
  kty: string;
  kid: string;
  alg: string;
  use?: string;
  [member: string]: string | undefined;
}

/** What the provider signs and seals with; every replica must hold the same, or one's tokens and cookies fail at another. */
export interface ProviderKeys {
  /** Private signing keys, newest first: tokens are signed with the first, verified with any (rotation). */
  jwks: { keys: PrivateJwk[] };
  /** Cookie signing secrets (Keygrip), newest first. */
  cookieKeys: string[];
  /** The secret one-time sign-in codes are hashed with. */
  codeSecret: string;
}

function newSigningKey(): PrivateJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as { kty: string }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

const secret = () => randomBytes(32).toString('base64url');

/**
 * The stored value under `name`, made by `create` if there is none yet. Two
 * replicas starting together may both create one; the insert keeps the
 * first and both read back the same row, so only one key is ever used.
 * Read first: a new RSA key costs about half a second of CPU, and every
 * start after the first finds one.
 */
async function storedOrCreated<T>(db: Database, name: string, create: () => T): Promise<T> {
  const stored = async () => (await db.select({ value: idpKeys.value }).from(idpKeys).where(eq(idpKeys.name, name)))[0];
  const found = await stored();
  if (found) return found.value as T;
  await db.transaction((tx) => tx.insert(idpKeys).values({ name, value: create() }).onConflictDoNothing({ target: idpKeys.name }));
  const row = await stored();
  if (!row) throw new Error(`The identity provider's ${name} key could not be stored`);
  return row.value as T;
}

/** Keys from OIDC_JWKS when configured, else generated on first start and kept in the database. */
export async function loadProviderKeys(db: Database, configured: { keys: Record<string, unknown>[] } | undefined): Promise<ProviderKeys> {
  const jwks = configured ? (configured as { keys: PrivateJwk[] }) : await storedOrCreated(db, 'signing', () => ({ keys: [newSigningKey()] }));
  const cookieKeys = await storedOrCreated(db, 'cookies', () => [secret()]);
  const codeSecret = await storedOrCreated(db, 'sign-in-codes', secret);
  return { jwks, cookieKeys, codeSecret };
}
