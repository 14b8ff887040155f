import { formatAmount, forCount, formatShortDate, OPERATOR, SCREEN_TEXT } from '@tours/domain';
import { useEffect } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { startSignIn } from '../../../lib/auth/sign-in.ts';
import { useRegionContact } from '../../../lib/region.ts';
import { StepProgress } from '../components/step-progress.tsx';
import { endPurchasedBooking, type Confirmation } from './confirmation-entry.ts';

/**
 * What the booking now is. A departure under five weeks away is booked as
 * an optional booking, subject to availability checks (spec section 2, Step
 * 1 notice): it is not confirmed yet, and the page must not say it is.
 */
function BookingOutcome({ confirmation }: { confirmation: Confirmation }) {
  if (confirmation.bookingStatus === 'Optional') {
    return (
      <Notice tone="info" title="Your optional booking has been received" titleAs="p" role="status">
        <p>
          Your booking of {confirmation.tourName} is an optional booking, subject to availability checks. Our team will be in touch to
          confirm it.
        </p>
      </Notice>
    );
  }
  return (
    <Notice tone="success" role="status">
      <p>Your booking of {confirmation.tourName} is confirmed.</p>
    </Notice>
  );
}

/**
 * A travel agent confirmed without payment, on behalf of the client: the
 * rates note of the review, who receives the confirmation e-mail, and how
 * the client reaches the booking. No sign-in here: the header hides it while
 * an agent staff member is set, and the client signs in with their own e-mail.
 */
function AgentOutcome({ confirmation }: { confirmation: Confirmation }) {
  const client = confirmation.email ? ` at ${confirmation.email}` : '';
  return (
    <div className="confirmation__sign-in">
      <p className="agent-rates">{SCREEN_TEXT.agentRates}</p>
      <p>
        Your client will receive the booking confirmation by e-mail{client} within 1-3 working days, with a copy to
        {confirmation.agent?.staffName ? ` ${confirmation.agent.staffName}` : ' you'}.
      </p>
      <p>
        Your client can sign in to their account with that e-mail address to submit their travel information, pay the balance and
        download their documents.
      </p>
    </div>
  );
}

/**
 * Step 5, the final view of /booking-confirmation (spec section 2): the
 * reference, what was paid and what is left, the promise of the confirmation
 * e-mail, and the way into the account (or to sign in first). The booking
 * stays active 90 s after purchase, then ends; the page stays as it is.
 */
export function ConfirmationView({ confirmation, signedIn }: { confirmation: Confirmation; signedIn: boolean }) {
  const { phone, tel } = useRegionContact();
  const money = (value: number) => formatAmount(value, confirmation.currency);
  const balance = confirmation.paid === null ? null : Math.max(0, confirmation.total - confirmation.paid);
  const { agent } = confirmation;
  const sameDay = confirmation.start !== null && confirmation.start.slice(0, 10) === confirmation.end?.slice(0, 10);

  useEffect(() => {
    window.scrollTo({ top: 0 });
    const handle = setTimeout(endPurchasedBooking, Math.max(0, confirmation.expiresAt - Date.now()));
    return () => clearTimeout(handle);
  }, [confirmation.expiresAt]);

  return (
    <div className="confirmation">
      <StepProgress
        ctx={{ brandChannel: confirmation.brandChannel, participantCount: confirmation.participants.length, isAgent: agent !== null }}
        current={5}
        canRevisitParticipants={false}
        onRevisitParticipants={() => undefined}
      />
      <div className="card confirmation__card">
        <h2 className="confirmation__heading">Thank you for your booking</h2>
        <BookingOutcome confirmation={confirmation} />
        <div className="reference-card confirmation__reference">
          <p className="reference-card__label">Your booking reference</p>
          <p className="reference-card__value">{confirmation.reference}</p>
          <p className="reference-card__help">Please quote it whenever you contact us.</p>
        </div>
        <dl className="review-details confirmation__details">
          <div>
            <dt>Tour</dt>
            <dd>{confirmation.tourName}</dd>
          </div>
          {confirmation.start ? (
            <div>
              <dt>{sameDay ? 'Date' : 'Dates'}</dt>
              <dd>
                {sameDay || !confirmation.end
                  ? formatShortDate(confirmation.start)
                  : `${formatShortDate(confirmation.start)} to ${formatShortDate(confirmation.end)}`}
              </dd>
            </div>
          ) : null}
          {confirmation.participants.length > 0 ? (
            <div>
              <dt>{forCount(confirmation.participants.length, 'Participant', 'Participants')}</dt>
              <dd>{confirmation.participants.join(', ')}</dd>
            </div>
          ) : null}
          <div>
            <dt>Total cost</dt>
            <dd>{money(confirmation.total)}</dd>
          </div>
          {confirmation.paid !== null ? (
            <div>
              <dt>Paid today</dt>
              <dd>{money(confirmation.paid)}</dd>
            </div>
          ) : null}
          {balance !== null ? (
            <div>
              <dt>Balance due</dt>
              <dd>{balance > 0 ? `${money(balance)}, payable before you travel` : 'Nothing: paid in full'}</dd>
            </div>
          ) : null}
          {agent ? (
            <div>
              <dt>Outstanding balance</dt>
              <dd>
                {money(confirmation.total)}, settled through {agent.agentName ?? 'your travel agent'}
              </dd>
            </div>
          ) : null}
        </dl>
        {agent ? <AgentOutcome confirmation={confirmation} /> : null}
        {agent ? null : (
          <p>
            You will receive your booking confirmation by e-mail{confirmation.email ? ` at ${confirmation.email}` : ''} within 1-3 working
            days.
          </p>
        )}
        {agent ? null : signedIn ? (
          <p>
            <ButtonLink to="/account">View your booking in your account</ButtonLink>
          </p>
        ) : (
          <div className="confirmation__sign-in">
            <p>
              Sign in with the e-mail address you booked with to submit your travel information, pay the balance and download your
              documents.
            </p>
            {/* Straight to the provider; back in the account area afterwards, where this booking is listed. */}
            <Button onClick={() => void startSignIn('/account')}>Sign in</Button>
          </div>
        )}
        <p className="confirmation__contact">
          Questions about your booking? Call our relationship team on{' '}
          <a href={`tel:${OPERATOR.relationshipTeamPhone.replace(/\s+/g, '')}`}>{OPERATOR.relationshipTeamPhone}</a>, or us on{' '}
          <a href={`tel:${tel}`}>{phone}</a>.
        </p>
      </div>
    </div>
  );
}
