import { BOOKING_TOKEN_TIMEOUT_SECONDS } from '../timing.ts';

/**
 * The booking session (spec section 4): active while a booking with a token
 * exists and its expiry lies ahead. Expiry is now plus the token time-out.
 */

export const SESSION_STATUS = { active: 'Active Session', inactive: 'Inactive Session' } as const;
export type SessionStatus = (typeof SESSION_STATUS)[keyof typeof SESSION_STATUS];

/** The active booking as the client keeps it: `booking.id` and `token.token`. */
export interface ActiveBookingRef {
  booking?: { id?: number | null } | null;
  token?: { token?: string | null } | null;
}

export function hasActiveBooking(active: ActiveBookingRef | null | undefined): boolean {
  return Boolean(active?.booking?.id) && Boolean(active?.token?.token);
}

/** Epoch milliseconds at which a session started `now` lapses. */
export function sessionExpiry(now: Date | number, timeoutSeconds: number = BOOKING_TOKEN_TIMEOUT_SECONDS): number {
  return new Date(now).getTime() + timeoutSeconds * 1000;
}

export function sessionStatus(
  active: ActiveBookingRef | null | undefined,
  expiresAt: number | string | null | undefined,
  now: Date | number = Date.now(),
): SessionStatus {
  if (!hasActiveBooking(active) || expiresAt == null) return SESSION_STATUS.inactive;
  const expiry = new Date(expiresAt).getTime();
  return Number.isFinite(expiry) && expiry > new Date(now).getTime() ? SESSION_STATUS.active : SESSION_STATUS.inactive;
}
