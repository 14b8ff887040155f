import { createHash, randomBytes } from 'node:crypto';
import { BOOKING_TOKEN_TIMEOUT_SECONDS } from '@tours/domain';

/**
 * The bearer token of an anonymous booking session. 256 random bits, so it
 * cannot be guessed; only its SHA-256 is stored, so a leaked database or log
 * of the bookings table does not hand out sessions. Looking a token up by its
 * hash compares digests in the index, never the secret byte by byte, so the
 * time an answer takes says nothing about how much of a guess was right.
 */
export interface IssuedBookingToken {
  token: string;
  hash: string;
  expiresAt: Date;
}

export const hashBookingToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export function issueBookingToken(now: Date): IssuedBookingToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashBookingToken(token), expiresAt: new Date(now.getTime() + BOOKING_TOKEN_TIMEOUT_SECONDS * 1000) };
}

/** 43 base64url characters; anything else cannot be one of ours and is refused before the database is asked. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  const token = match?.[1];
  return token && TOKEN_PATTERN.test(token) ? token : null;
}
