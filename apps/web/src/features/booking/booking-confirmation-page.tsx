import { useState } from 'react';
import { Navigate } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { readConfirmationEntry } from './confirmation/confirmation-entry.ts';
import { ConfirmationView } from './confirmation/confirmation-view.tsx';
import { isSignedIn } from './confirmation/signed-in.ts';
import './components/booking-layout.css';
import './confirmation/confirmation.css';

/**
 * /booking-confirmation (spec section 2): reached after a confirmed booking.
 * Without an active booking, or once its session is inactive, it sends the
 * visitor to /; a booking not yet at step 5 goes back to its booking page.
 * The decision is taken on arrival: the 90 s after purchase may run out
 * while the visitor reads, and the page must not vanish under them.
 */
export function BookingConfirmationPage() {
  useDocumentTitle('Booking confirmation');
  const [entry] = useState(() => readConfirmationEntry());
  const [signedIn] = useState(isSignedIn);

  if (entry.kind === 'none') return <Navigate to="/" replace />;
  if (entry.kind === 'in-progress') return <Navigate to={entry.path} replace />;
  return (
    <div className="page booking-page">
      <h1>Booking confirmation</h1>
      <ConfirmationView confirmation={entry.confirmation} signedIn={signedIn} />
    </div>
  );
}
