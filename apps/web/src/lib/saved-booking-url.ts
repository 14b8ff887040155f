import { useAccountSession } from './auth/account-session.ts';

/**
 * The booking flow saves the URL of the booking in progress in the account
 * session (spec section 3, `bookingURL`), which Home offers back as 'Continue
 * with your last booking' (features/home/saved-booking.ts reads it). It goes
 * through the account-session store: a write to storage behind the store's
 * back would be overwritten by the store's next change.
 */
export function saveBookingUrl(url: string): void {
  if (useAccountSession.getState().bookingURL === url) return;
  useAccountSession.getState().setBookingUrl(url);
}

/** Once a booking is bought there is nothing to continue: Home stops offering it. */
export function clearBookingUrl(): void {
  if (useAccountSession.getState().bookingURL === null) return;
  useAccountSession.getState().setBookingUrl(null);
}
