import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * Reached after a confirmed booking. The booking issue adds the final view,
 * the redirect to / without an active booking, and the account link or
 * sign-in redirect.
 */
export function BookingConfirmationPage() {
  useDocumentTitle('Booking confirmation');
  return (
    <div className="page page--narrow">
      <h1>Booking confirmation</h1>
      <div className="card">
        <p className="lede">Your booking confirmation will be shown here once a booking has been confirmed.</p>
      </div>
    </div>
  );
}
