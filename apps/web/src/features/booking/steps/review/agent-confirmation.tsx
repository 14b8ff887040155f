import { VALIDATION } from '@tours/domain/messages';
import type { CurrencyCode } from '@tours/domain/money';
import { OPERATOR } from '@tours/domain/operator';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { CheckboxField } from '../../../../components/ui/field.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { useRegionContact } from '../../../../lib/region.ts';
import { useAgentIdentity } from '../../flow/agent-booking.ts';
import { useAgentRegistration } from '../../flow/agent-registration.ts';
import type { BookingEventProduct } from '../../flow/booking-analytics.ts';
import { confirmAgentBooking } from '../../payment/confirm-agent-booking.ts';
import type { ActiveBooking } from '../../store/active-booking.ts';
import { usePaymentStore } from '../../store/payment-store.ts';

export const AGENT_TERMS_LABEL = 'I accept the travel agent terms and conditions on behalf of my client';
export const REGISTERING_AGENT_TEXT = 'Adding your agency to this booking…';
export const CONFIRMING_AGENT_BOOKING_TEXT = 'Confirming the booking. This can take a moment; please keep this page open.';

interface AgentConfirmationProps {
  booking: ActiveBooking;
  currency: CurrencyCode;
  product: BookingEventProduct;
}

/**
 * The agent's half of step 4a in place of the payment (spec sections 2 and
 * 4): the agency is added to the booking on arrival, then the agent terms
 * and 'Confirm Booking', which confirms without payment. Each wait says what
 * is happening, and a failure offers to try again.
 */
export function AgentConfirmation({ booking, currency, product }: AgentConfirmationProps) {
  const { phone } = useRegionContact();
  const session = useAgentIdentity();
  const registration = useAgentRegistration(booking.id);
  const sending = usePaymentStore((state) => state.confirmation === 'sending');
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [failed, setFailed] = useState(false);
  const termsRef = useRef<HTMLInputElement>(null);
  const ready = registration.status === 'registered';

  const confirm = async () => {
    if (!accepted) {
      setTermsError(true);
      termsRef.current?.focus();
      return;
    }
    setFailed(false);
    const outcome = await confirmAgentBooking({ product, currency, phone });
    if (outcome === 'failed') setFailed(true);
  };

  return (
    <section className="review-section payment agent-confirmation" aria-labelledby="review-agent">
      <h3 id="review-agent">Confirm the booking</h3>
      <p className="review-text">
        {session ? `You are booking as ${session.staff.Name} of ${session.agent.Name}, on behalf of your client. ` : null}
        No payment is taken online: the outstanding balance is settled through your agency.
      </p>
      <div aria-live="polite" className="agent-confirmation__status">
        {registration.status === 'registering' ? (
          <p className="payment__hint agent-confirmation__wait">
            <span className="spinner" aria-hidden="true" /> {REGISTERING_AGENT_TEXT}
          </p>
        ) : null}
        {registration.status === 'unverified' ? (
          <Notice tone="warning" title="Please verify your travel agent details again" titleAs="p">
            <p>
              We need to check your agent ID and staff e-mail before this booking can be confirmed. End the agent session under Travel
              agents, verify your details again and restart the booking, or call us on {phone}.
            </p>
          </Notice>
        ) : null}
        {registration.status === 'failed' ? (
          <Notice tone="danger" title="We could not add your agency to this booking" titleAs="p">
            <p>
              Please try again. If the problem persists, end the agent session under Travel agents, verify your details again and
              restart the booking, or call us on {phone}.
            </p>
            <Button variant="secondary" onClick={registration.retry}>
              Try again
            </Button>
          </Notice>
        ) : null}
      </div>
      <CheckboxField
        ref={termsRef}
        label={AGENT_TERMS_LABEL}
        hint={
          <a href={`${OPERATOR.termsUrl}#travel-agents`} target="_blank" rel="noreferrer">
            Read the travel agent terms and conditions (opens in a new tab)
          </a>
        }
        error={termsError ? VALIDATION.agentTermsRequired : undefined}
        checked={accepted}
        disabled={sending}
        onChange={(event) => {
          setAccepted(event.target.checked);
          if (event.target.checked) setTermsError(false);
        }}
      />
      <div className="payment__continue payment__free">
        <p className="payment__hint">Your client receives the confirmation e-mail, with a copy to you.</p>
        <Button busy={sending} disabled={!ready} onClick={() => void confirm()}>
          Confirm Booking
        </Button>
        <p role="status" className="payment__hint">
          {sending ? CONFIRMING_AGENT_BOOKING_TEXT : null}
        </p>
      </div>
      {failed ? (
        <Notice tone="danger" role="alert" title="We could not confirm the booking" titleAs="p">
          <p>Please press Confirm Booking again (a booking is never confirmed twice), or call us on {phone}.</p>
        </Notice>
      ) : null}
    </section>
  );
}
