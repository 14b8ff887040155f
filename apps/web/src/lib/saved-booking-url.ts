import { readJson, writeJson, STORAGE_KEYS } from './storage.ts';

/**
 * The booking flow saves the URL of the booking in progress in the account
 * session (spec section 3, `bookingURL`), which Home offers back as 'Continue
 * with your last booking' (features/home/saved-booking.ts reads it). The
 * account session is a zustand `persist` envelope `{ state, version }`; only
 * `bookingURL` is written here and every other stored key is kept, so the
 * account-session store restores it unchanged.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function saveBookingUrl(url: string): void {
  const stored = readJson(STORAGE_KEYS.accountSession);
  const envelope = isRecord(stored) && isRecord(stored.state) ? stored : { version: 0, state: {} };
  const state = envelope.state as Record<string, unknown>;
  if (state.bookingURL === url) return;
  writeJson(STORAGE_KEYS.accountSession, { ...envelope, state: { ...state, bookingURL: url } });
}

/** Once a booking is bought there is nothing to continue: Home stops offering it. */
export function clearBookingUrl(): void {
  const stored = readJson(STORAGE_KEYS.accountSession);
  if (!isRecord(stored) || !isRecord(stored.state) || stored.state.bookingURL === undefined) return;
  const { bookingURL: _cleared, ...state } = stored.state;
  writeJson(STORAGE_KEYS.accountSession, { ...stored, state });
}
