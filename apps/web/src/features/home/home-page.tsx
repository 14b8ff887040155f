import { OPERATOR, SCREEN_TEXT } from '@tours/domain';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ArrowRightIcon } from '../../components/ui/icons.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { useAccountSession } from '../../lib/auth/account-session.ts';
import { readNoAccount } from '../../lib/auth/no-account.ts';
import { hasSignInError, startSignIn } from '../../lib/auth/sign-in.ts';
import { useRegionContact } from '../../lib/region.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { readSavedBookingUrl } from './saved-booking.ts';

/**
 * Home is the sign-in page (spec section 2). Continue goes to the identity
 * provider; the visitor comes back to where they were when sign-in was asked
 * for (a deep link into the account area), or to the account area. A sign-in
 * that found no account is named here after the provider's logout, with what
 * to do about it. The way to the tours is in the first screen on a phone too
 * (issue 25): a first-time visitor has no account yet.
 */
export function HomePage() {
  useDocumentTitle('Sign in or create an account');
  const location = useLocation();
  // Read once: storage does not change under an open page in a way this link must follow.
  const [savedBooking] = useState(readSavedBookingUrl);
  const [noAccountFor] = useState(readNoAccount);
  const authenticating = useAccountSession((state) => state.authenticating);
  const providerError = hasSignInError(location.state);

  return (
    <div className="page page--narrow home">
      <section className="card card--raised home__sign-in" aria-labelledby="sign-in-heading">
        <h1 id="sign-in-heading">Sign in or create an account</h1>
        {providerError ? (
          <Notice tone="danger" role="alert">
            <p>{SCREEN_TEXT.invalidAccount}</p>
          </Notice>
        ) : null}
        {noAccountFor && !providerError ? <NoAccountNotice email={noAccountFor} /> : null}
        <p className="lede">
          With a confirmed booking you can sign in to submit your travel information, pay your balance and download your booking
          confirmation and travel documents.
        </p>
        <p>Please sign in with the e-mail address you used when your reservation was confirmed.</p>
        <div className="home__actions">
          <Button onClick={() => void startSignIn()} disabled={authenticating}>
            Continue
          </Button>
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

/** After 'No account found': the address tried, and the two ways on (spec section 8's toast says the same, for 3 s). */
function NoAccountNotice({ email }: { email: string }) {
  const { phone, tel } = useRegionContact();
  return (
    <Notice tone="warning" title="No account found" titleAs="h2" role="status" className="home__no-account">
      <p>
        You signed in as <strong>{email}</strong>, which is not the e-mail address of a confirmed booking. Please sign in with the e-mail
        address you used on your booking (the one your booking confirmation was sent to), or call us on <a href={`tel:${tel}`}>{phone}</a>{' '}
        and we will help.
      </p>
    </Notice>
  );
}
