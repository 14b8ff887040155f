import { useBookingStore, bookingSessionStatus } from './store/booking-store.ts';
import { resetPassengers } from './store/passenger-store.ts';
import { resetPayment } from './store/payment-store.ts';
import { useProductStore } from './store/product-store.ts';

/**
 * What the rest of the site (the app layer composes features) needs to know
 * about the booking in progress: the header hides the account and sign-in
 * links while one is active (spec section 2, Header).
 */
export function useBookingInProgress(): boolean {
  return useBookingStore((state) => bookingSessionStatus(state) === 'Active Session');
}

/** Logout and the end of an agent session clear the booking, payment, product and passenger stores (spec section 4). */
export function clearBookingStores(): void {
  useBookingStore.getState().restart(null);
  resetPayment();
  useProductStore.getState().reset();
  resetPassengers();
}
