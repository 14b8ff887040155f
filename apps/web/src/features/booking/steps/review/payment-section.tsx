import { ALERTS, amountToPay, OPERATOR, paymentOptions, VALIDATION, type CurrencyCode, type PrePaymentDetails } from '@tours/domain';
import { useRef, useState, type RefObject } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { CheckboxField } from '../../../../components/ui/field.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { useRegionContact } from '../../../../lib/region.ts';
import type { BookingEventProduct } from '../../flow/booking-analytics.ts';
import { leadPayer, payerWith, type BillingAddress } from '../../payment/payer.ts';
import { usePaymentPipeline, type PaymentPipeline } from '../../payment/use-payment-pipeline.ts';
import { useBookingStore, type ActiveBooking, type FlowPassenger } from '../../store/booking-store.ts';
import { usePassengerStore } from '../../store/passenger-store.ts';
import { usePaymentStore } from '../../store/payment-store.ts';
import { BillingAddressForm } from './billing-address.tsx';
import { CardForm } from './card-form.tsx';
import { PaymentOptions } from './payment-options.tsx';
import { ConfirmingOverlay, PaymentWait, UnlockProgress } from './payment-status.tsx';

interface PaymentSectionProps {
  booking: ActiveBooking;
  currency: CurrencyCode;
  product: BookingEventProduct;
  passengers: FlowPassenger[];
  details: PrePaymentDetails;
  /** Replaced in tests: jsdom cannot reload. */
  reload?: () => void;
}

/**
 * The payment half of step 4a (spec sections 2 and 4): the terms, then the
 * payment options and billing address, then the provider's card form, each
 * unlocked in turn after the spec's delays (see usePaymentPipeline).
 */
export function PaymentSection({ booking, currency, product, passengers, details, reload }: PaymentSectionProps) {
  const { phone } = useRegionContact();
  const chosen = usePaymentStore((state) => state.paymentOption);
  const promotionActive = usePaymentStore((state) => state.validPromotionalCode);
  const altBilling = usePaymentStore((state) => state.altBilling);
  const expiredBefore = usePaymentStore((state) => state.paymentExpired);
  const leadContact = useBookingStore((state) => state.leadContact);
  const leadDraft = usePassengerStore((state) => state.participants[0]);
  const [billing, setBilling] = useState<BillingAddress | null>(null);
  const [termsError, setTermsError] = useState(false);
  const termsRef = useRef<HTMLInputElement>(null);

  const offered = paymentOptions(details, promotionActive);
  const option = offered.includes(chosen) ? chosen : 'full';
  const amount = amountToPay(details, option, promotionActive);
  const lead = leadPayer(passengers.find((passenger) => passenger.is_lead) ?? passengers[0], leadContact, leadDraft);
  const payer = payerWith(lead, billing, altBilling);
  const pipeline = usePaymentPipeline({ booking, currency, product, phone, payer, option, amount, reload });

  return (
    <section className="review-section payment" aria-labelledby="review-payment">
      <h3 id="review-payment">Payment</h3>
      {expiredBefore && pipeline.stage !== 'expired' ? (
        <Notice tone="warning" role="status">
          <p>{ALERTS.paymentExpired(phone).message}</p>
        </Notice>
      ) : null}
      <Terms pipeline={pipeline} error={termsError} setError={setTermsError} boxRef={termsRef} />
      {pipeline.stage === 'unlocking' && pipeline.termsAcceptedAt !== null ? <UnlockProgress since={pipeline.termsAcceptedAt} /> : null}
      <PaymentOptions
        details={details}
        currency={currency}
        offered={offered}
        chosen={option}
        promotionActive={promotionActive}
        enabled={pipeline.fieldsEnabled}
      />
      <div className="payment__billing">
        <CheckboxField
          label="Tick to use a different billing address"
          hint={lead ? undefined : 'We need the address of the card holder for the payment.'}
          checked={altBilling}
          disabled={!pipeline.fieldsEnabled}
          onChange={(event) => usePaymentStore.getState().setAltBilling(event.target.checked)}
        />
        {altBilling ? (
          // Kept while the fields are locked, so what was typed survives unticking and ticking the terms.
          <fieldset className="payment__billing-fields" disabled={!pipeline.fieldsEnabled}>
            <legend className="visually-hidden">Billing address</legend>
            <BillingAddressForm onChange={setBilling} />
          </fieldset>
        ) : null}
      </div>
      {pipeline.stage === 'terms' ? (
        // Where Next stands on the other steps; the form itself comes once the terms are accepted.
        <div className="payment__continue">
          <Button
            onClick={() => {
              setTermsError(true);
              termsRef.current?.focus();
            }}
          >
            Continue to payment
          </Button>
        </div>
      ) : null}
      <div className="payment__stage" aria-live="polite">
        <StageView pipeline={pipeline} altBilling={altBilling} phone={phone} />
      </div>
      {pipeline.token ? (
        <div className={`payment__form payment__form--${pipeline.stage}`}>
          <CardForm key={pipeline.token.token} token={pipeline.token} onMessage={pipeline.onProviderMessage} onFailure={pipeline.onFormFailure} />
        </div>
      ) : null}
      {pipeline.stage === 'confirming' ? <ConfirmingOverlay /> : null}
    </section>
  );
}

interface TermsProps {
  pipeline: PaymentPipeline;
  error: boolean;
  setError: (error: boolean) => void;
  boxRef: RefObject<HTMLInputElement | null>;
}

/** The terms checkbox, with its link and, after an attempt to continue without it, the spec's message (section 5). */
function Terms({ pipeline, error, setError, boxRef }: TermsProps) {
  const locked = pipeline.stage === 'confirming' || pipeline.stage === 'expired';
  return (
    <CheckboxField
      ref={boxRef}
      label="I have read and accept the terms and conditions"
      hint={
        <a href={OPERATOR.termsUrl} target="_blank" rel="noreferrer">
          Read the terms and conditions (opens in a new tab)
        </a>
      }
      error={error ? VALIDATION.termsRequired : undefined}
      checked={pipeline.termsAccepted}
      disabled={locked}
      onChange={(event) => {
        pipeline.setTermsAccepted(event.target.checked);
        if (event.target.checked) setError(false);
      }}
    />
  );
}

function StageView({ pipeline, altBilling, phone }: { pipeline: PaymentPipeline; altBilling: boolean; phone: string }) {
  switch (pipeline.stage) {
    case 'preparing':
      return <PaymentWait label="Preparing secure payment…" />;
    case 'loading':
      return <PaymentWait label="Loading the secure card form…" />;
    case 'billing':
      return (
        <p className="payment__hint">
          {altBilling
            ? 'Enter the billing address in full to continue to the card payment.'
            : 'Tick to use a different billing address, and enter the card holder’s address to continue.'}
        </p>
      );
    case 'stopped':
      return (
        <Notice tone="info" title={pipeline.stoppedReason === 'canceled' ? 'Payment cancelled' : 'The card form was closed'} titleAs="p">
          <p>Nothing has been taken from your card. You can start the payment again when you are ready.</p>
          <Button onClick={pipeline.restart}>Start payment again</Button>
        </Notice>
      );
    case 'error':
      return (
        <Notice tone="danger" title="We could not open the secure card form" titleAs="p">
          <p>Nothing has been taken from your card. Please try again, or call us on {phone}.</p>
          <Button onClick={pipeline.restart}>Try again</Button>
        </Notice>
      );
    case 'expired':
      return (
        <Notice tone="warning" title="This payment request has expired" titleAs="p">
          <p>The page will reload so that you can start the payment again.</p>
        </Notice>
      );
    case 'nothing-to-pay':
      return (
        <Notice tone="info">
          <p>There is nothing to pay by card on this booking. Please call us on {phone} to confirm it.</p>
        </Notice>
      );
    default:
      return null;
  }
}
