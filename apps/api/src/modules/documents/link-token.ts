import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DOCUMENT_LINK_TTL_SECONDS } from '@tours/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { documentLinkKeys } from './schema.ts';

/**
 * The token of a document download link. A new browser tab cannot send the
 * customer's bearer token, so the documents list hands out links that carry
 * their own short-lived proof: `<expiry>.<HMAC-SHA256>` over the customer,
 * the booking, the document and the expiry, with a secret every replica
 * reads from the database. Nothing is stored per link; a link works for
 * DOCUMENT_LINK_TTL_SECONDS and only for that customer's booking and that
 * document (docs/decisions/0012-booking-documents.md).
 */
export interface DocumentLinkClaims {
  customerId: number;
  bookingId: number;
  documentId: number;
}

const KEY_NAME = 'document-links';
/** Seconds since the epoch, then 43 base64url characters of MAC; anything else is refused before the database is asked. */
const TOKEN_PATTERN = /^(\d{10,12})\.([A-Za-z0-9_-]{43})$/;

const keys = new WeakMap<Database, Promise<Buffer>>();

/**
 * The signing secret, made on first use. Replicas starting together may both
 * make one; the insert keeps the first and all read back the same row.
 * Cached per database for the life of the process.
 */
export function documentLinkKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db.transaction((tx) =>
        tx.insert(documentLinkKeys).values({ name: KEY_NAME, secret: randomBytes(32).toString('base64url') }).onConflictDoNothing({ target: documentLinkKeys.name }),
      );
      const [row] = await db.select({ secret: documentLinkKeys.secret }).from(documentLinkKeys).where(eq(documentLinkKeys.name, KEY_NAME));
      if (!row) throw new Error('The document link key could not be stored');
      return Buffer.from(row.secret, 'base64url');
    })();
    // A failed read is tried again next time rather than remembered.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

function mac(secret: Buffer, claims: DocumentLinkClaims, expiresAt: number): Buffer {
  // Fixed fields joined by a separator no number holds, under a purpose label, so no other value signed with this key can pass for a link.
  const message = ['booking-document-link', 'v1', claims.customerId, claims.bookingId, claims.documentId, expiresAt].join('|');
  return createHmac('sha256', secret).update(message, 'utf8').digest();
}

export function signDocumentLink(secret: Buffer, claims: DocumentLinkClaims, now: Date): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_TTL_SECONDS;
  return `${expiresAt}.${mac(secret, claims, expiresAt).toString('base64url')}`;
}

/**
 * Whether the token was signed for exactly these claims and has not expired.
 * The MAC is compared in constant time; an expiry further ahead than a link
 * is ever given is refused too.
 */
export function verifyDocumentLink(secret: Buffer, token: string, claims: DocumentLinkClaims, now: Date): boolean {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const fresh = expiresAt > nowSeconds && expiresAt <= nowSeconds + DOCUMENT_LINK_TTL_SECONDS;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = mac(secret, claims, expiresAt);
  return timingSafeEqual(given, expected) && fresh;
}
