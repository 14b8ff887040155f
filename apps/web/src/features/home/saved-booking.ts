import { z } from 'zod/mini';
import { readPersistedState, STORAGE_KEYS } from '../../lib/storage.ts';

/**
 * The account session keeps the URL of the booking in progress (spec
 * section 3, `bookingURL`). It is only ever offered back as a link to our
 * own booking route, so a tampered value cannot send anyone elsewhere.
 */
export function toBookingPath(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin !== window.location.origin || parsed.pathname !== '/book') return null;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

const bookingUrlSchema = z.object({ bookingURL: z.nullable(z.string().check(z.minLength(1))) });

export function readSavedBookingUrl(): string | null {
  const saved = readPersistedState(STORAGE_KEYS.accountSession, bookingUrlSchema)?.bookingURL;
  return saved ? toBookingPath(saved) : null;
}
