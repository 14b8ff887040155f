import type { Tour } from '@tours/domain/contracts/catalogue';
import type { BookingEventProduct } from '../flow/booking-analytics.ts';
import { OnRequestScreen, QuoteScreen } from './availability-error.tsx';

/** Which availability-error screen: the quote (with the booking id) once a booking exists, else 'on request'. */
export function AvailabilityGate({
  tour,
  product,
  bookingId,
  onRetry,
}: {
  tour: Tour;
  product: BookingEventProduct;
  bookingId: number | null;
  onRetry: () => void;
}) {
  return bookingId !== null ? (
    <QuoteScreen bookingId={bookingId} product={product} onRetry={onRetry} />
  ) : (
    <OnRequestScreen tour={tour} product={product} />
  );
}
