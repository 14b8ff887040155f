import { OPERATOR } from '@tours/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ArrowRightIcon } from '../../components/ui/icons.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { readSavedBookingUrl } from './saved-booking.ts';

/** Home is the sign-in page (spec section 2). */
export function HomePage() {
  useDocumentTitle('Sign in or create an account');
  const navigate = useNavigate();
  // Read once: storage does not change under an open page in a way this link must follow.
  const [savedBooking] = useState(readSavedBookingUrl);

  // The identity provider redirect arrives with the sign-in issue; until then Continue goes to the account area.
  const signIn = () => void navigate('/account');

  return (
    <div className="page page--narrow home">
      <section className="card card--raised home__sign-in" aria-labelledby="sign-in-heading">
        <h1 id="sign-in-heading">Sign in or create an account</h1>
        <p className="lede">
          With a confirmed booking you can sign in to submit your travel information, pay your balance and download your booking
          confirmation and travel documents.
        </p>
        <p>Please sign in with the e-mail address you used when your reservation was confirmed.</p>
        <div className="home__actions">
          <Button onClick={signIn}>Continue</Button>
          {savedBooking ? (
            <Link className="text-link text-link--strong" to={savedBooking}>
              Continue with your last booking
              <ArrowRightIcon />
            </Link>
          ) : null}
        </div>
      </section>
      <section className="card home__browse" aria-labelledby="browse-heading">
        <h2 id="browse-heading">Looking for your next tour?</h2>
        <p>{OPERATOR.tagline}. See every departure and start a booking online.</p>
        <Link className="text-link text-link--strong" to="/tours">
          Browse our tours
          <ArrowRightIcon />
        </Link>
      </section>
    </div>
  );
}
