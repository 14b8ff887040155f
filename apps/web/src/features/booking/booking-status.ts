import { sessionStatus, SESSION_STATUS } from '@tours/domain/booking/session';
import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, watchItem } from '../../lib/storage.ts';
import { activeBookingSchema, type ActiveBooking } from './store/active-booking.ts';

/**
 * What the rest of the site (the app layer composes features) needs to know
 * about the booking in progress: the header hides the account and sign-in
 * links while one is active (spec section 2, Header).
 *
 * Read from what the booking store persists (store/booking-store.ts, key
 * STORAGE_KEYS.booking), with the store's schema of the active booking
 * (store/active-booking.ts), not from the store itself: the header is on
 * every page, and the store brings the booking flow's rules and schemas,
 * which a visitor browsing the catalogue never needs (issue 15's page weight). The
 * store writes through lib/storage.ts on every change, so this follows it
 * at once, the same page load included, even where the browser refuses to
 * store anything.
 */

/** The persisted `activeBooking`, checked with the store's own schema; anything else is none. */
export function persistedActiveBooking(envelope: unknown): ActiveBooking | null {
  const state = typeof envelope === 'object' && envelope !== null && 'state' in envelope ? (envelope as { state: unknown }).state : null;
  const stored = typeof state === 'object' && state !== null && 'activeBooking' in state ? (state as { activeBooking: unknown }).activeBooking : null;
  const parsed = activeBookingSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The last value seen, while anything listens; read from storage afresh otherwise. */
let active: ActiveBooking | null | undefined;
let listeners = 0;

function currentActive(): ActiveBooking | null {
  if (active !== undefined) return active;
  const stored = persistedActiveBooking(readJson(STORAGE_KEYS.booking));
  if (listeners > 0) active = stored;
  return stored;
}

function subscribe(onChange: () => void): () => void {
  listeners += 1;
  const stop = watchItem(STORAGE_KEYS.booking, (envelope) => {
    active = persistedActiveBooking(envelope);
    onChange();
  });
  return () => {
    stop();
    listeners -= 1;
    if (listeners === 0) active = undefined;
  };
}

function inProgress(): boolean {
  const booking = currentActive();
  return sessionStatus(booking ? { booking: { id: booking.id }, token: { token: booking.token } } : null, booking?.expiresAt) === SESSION_STATUS.active;
}

export function useBookingInProgress(): boolean {
  return useSyncExternalStore(subscribe, inProgress);
}
