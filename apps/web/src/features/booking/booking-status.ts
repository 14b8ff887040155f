import { useBookingStore, bookingSessionStatus } from './store/booking-store.ts';

/**
 * What the rest of the site (the app layer composes features) needs to know
 * about the booking in progress: the header hides the account and sign-in
 * links while one is active (spec section 2, Header).
 */
export function useBookingInProgress(): boolean {
  return useBookingStore((state) => bookingSessionStatus(state) === 'Active Session');
}
