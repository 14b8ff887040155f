import { useEffect, useRef } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { isSignedIn } from '../../../lib/auth/account-session.ts';
import { startSignIn } from '../../../lib/auth/sign-in.ts';
import type { FinishedBooking } from '../store/booking-store.ts';

/**
 * A step of a booking already bought in this tab, reached by the browser's
 * Back from its confirmation (issue 25). The steps are not opened again: the
 * visitor reads that the booking is bought, under which reference, and
 * chooses what comes next (their account, another booking of this tour, or
 * the catalogue). Focus moves here, since it stands in for the step they expected.
 */
export function FinishedBookingScreen({ finished, tourName, onBookAgain }: { finished: FinishedBooking; tourName: string | null; onBookAgain: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const signedIn = isSignedIn();
  return (
    <div ref={ref} tabIndex={-1} className="availability-error-focus">
      <Notice tone="success" title="You have already booked this tour" titleAs="h2" className="finished-booking">
        <p>
          {tourName ? `Your booking of ${tourName} is complete` : 'This booking is complete'}: there is nothing more to pay or fill in here.
          {finished.reference ? (
            <>
              {' '}
              Your booking reference is <strong>{finished.reference}</strong>.
            </>
          ) : null}
        </p>
        {finished.email ? <p>Your confirmation will be sent to {finished.email}.</p> : null}
        <div className="finished-booking__actions">
          {signedIn ? (
            <ButtonLink to="/account">View your booking</ButtonLink>
          ) : (
            <Button onClick={() => void startSignIn('/account')}>Sign in to see your booking</Button>
          )}
          <Button variant="secondary" onClick={onBookAgain}>
            Book this tour again
          </Button>
          <ButtonLink variant="ghost" to="/tours">
            Browse our tours
          </ButtonLink>
        </div>
      </Notice>
    </div>
  );
}
