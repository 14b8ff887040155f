import { sessionStatus, SESSION_STATUS } from '@tours/domain';
import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, watchItem } from '../../lib/storage.ts';

/**
 * What the rest of the site (the app layer composes features) needs to know
 * about the booking in progress: the header hides the account and sign-in
 * links while one is active (spec section 2, Header).
 *
 * Read from what the booking store persists (store/booking-store.ts, key
 * STORAGE_KEYS.booking), not from the store itself: the header is on every
 * page, and the store brings the booking flow's rules and schemas, which a
 * visitor browsing the catalogue never needs (issue 15's page weight). The
 * store writes through lib/storage.ts on every change, so this follows it
 * at once, the same page load included, even where the browser refuses to
 * store anything.
 */

interface ActiveBookingRef {
  id: number;
  token: string;
  expiresAt: number;
}

const positiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The persisted `activeBooking`, checked as the store's schema checks it (bookingStateSchema); anything else is none. */
export function persistedActiveBooking(envelope: unknown): ActiveBookingRef | null {
  if (typeof envelope !== 'object' || envelope === null || !('state' in envelope)) return null;
  const { state } = envelope as { state: unknown };
  if (typeof state !== 'object' || state === null || !('activeBooking' in state)) return null;
  const active = (state as { activeBooking: unknown }).activeBooking;
  if (typeof active !== 'object' || active === null) return null;
  const { id, token, expiresAt } = active as Record<string, unknown>;
  if (!positiveInteger(id) || typeof token !== 'string' || token.length === 0 || !positiveInteger(expiresAt)) return null;
  return { id, token, expiresAt };
}

/** The last value seen, while anything listens; read from storage afresh otherwise. */
let active: ActiveBookingRef | null | undefined;
let listeners = 0;

function currentActive(): ActiveBookingRef | null {
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
