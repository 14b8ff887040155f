import {
  ALERTS,
  amountToPay,
  OPERATOR,
  PAYMENT_FIELDS_ENABLE_DELAY_MS,
  PAYMENT_TOKEN_REQUEST_DELAY_MS,
  paymentOptions,
  SCREEN_TEXT,
  VALIDATION,
  type CurrencyCode,
  type PaymentOption,
  type PrePaymentDetails,
} from '@tours/domain';
import { useRef, useState, type RefObject } from 'react';
import { CardPaymentForm } from '../../../../components/card-payment/card-form.tsx';
import { BillingAddressForm } from '../../../../components/forms/billing-address-form.tsx';
import { PaymentProgress, type ProgressStep } from '../../../../components/card-payment/payment-wait.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { CheckboxField } from '../../../../components/ui/field.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { useRegionContact } from '../../../../lib/region.ts';
import type { BookingEventProduct } from '../../flow/booking-analytics.ts';
import { leadPayer, payerWith, type BillingAddress } from '../../payment/payer.ts';
import { usePaymentPipeline, type PaymentPipeline, type PaymentPipelineInput } from '../../payment/use-payment-pipeline.ts';
import type { ActiveBooking } from '../../store/active-booking.ts';
import { useBookingStore, type FlowPassenger } from '../../store/booking-store.ts';
import { usePassengerStore } from '../../store/passenger-store.ts';
import { usePaymentStore } from '../../store/payment-store.ts';
import { PaymentOptions } from './payment-options.tsx';
import { CHECKING_BOOKING_TEXT, PaymentConfirmationStatus } from './payment-status.tsx';
import { CardFormNotice } from '../../../../components/card-payment/card-form-notices.tsx';

/**
 * What happens between accepting the terms and the card form (spec section
 * 9), as the steps of one progress line. The 2 s to the token, its request
 * and the form's 500 ms run inside the 3 s before the payment fields are
 * enabled (use-payment-pipeline.ts), so the line fills over those 3 s. The
 * price check and the token take what the network takes: fair guesses.
 */
const PREPARING_STEPS: readonly ProgressStep[] = [
  { text: 'Unlocking the payment options…', durationMs: PAYMENT_TOKEN_REQUEST_DELAY_MS },
  { text: 'Checking the latest price of your booking…', durationMs: 300 },
  { text: 'Opening a secure payment request…', durationMs: 300 },
  { text: 'Loading the secure card form…', durationMs: PAYMENT_FIELDS_ENABLE_DELAY_MS - PAYMENT_TOKEN_REQUEST_DELAY_MS },
];
const PREPARING_STEP_OF: Partial<Record<PaymentPipeline['stage'], number>> = { unlocking: 0, figures: 1, preparing: 2, loading: 3 };

interface PaymentSectionProps {
  booking: ActiveBooking;
  currency: CurrencyCode;
  product: BookingEventProduct;
  passengers: FlowPassenger[];
  details: PrePaymentDetails;
  /** Whether the server's current figures have replaced the remembered ones; no card payment is opened before. */
  figures: PaymentPipelineInput['figures'];
  refreshFigures: () => void;
  /** Replaced in tests: jsdom cannot reload. */
  reload?: () => void;
}

/**
 * The payment half of step 4a (spec sections 2 and 4): the terms, then the
 * payment options and billing address, then the provider's card form, each
 * unlocked in turn after the spec's delays (see usePaymentPipeline). A
 * booking with nothing to pay (a promotion covers it) has no card form: the
 * terms, then 'Confirm Booking'.
 */
export function PaymentSection({ booking, currency, product, passengers, details, figures, refreshFigures, reload }: PaymentSectionProps) {
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
  const pipeline = usePaymentPipeline({ booking, currency, product, phone, payer, option, amount, figures, refreshFigures, reload });
  const free = amount <= 0;
  const askForTerms = () => {
    setTermsError(true);
    termsRef.current?.focus();
  };

  return (
    <section className="review-section payment" aria-labelledby="review-payment">
      <h3 id="review-payment">Payment</h3>
      {expiredBefore && pipeline.stage !== 'expired' ? (
        <Notice tone="warning" role="status">
          <p>{ALERTS.paymentExpired(phone).message}</p>
        </Notice>
      ) : null}
      <Terms pipeline={pipeline} error={termsError} setError={setTermsError} boxRef={termsRef} />
      <PaymentProgress
        label={SCREEN_TEXT.preparingPayment}
        steps={PREPARING_STEPS}
        current={pipeline.termsAcceptedAt === null ? null : (PREPARING_STEP_OF[pipeline.stage] ?? null)}
        since={pipeline.termsAcceptedAt ?? 0}
      />
      {free ? (
        <FreeConfirmation pipeline={pipeline} onTermsMissing={askForTerms} />
      ) : (
        <CardPaymentFields
          pipeline={pipeline}
          details={details}
          currency={currency}
          offered={offered}
          option={option}
          promotionActive={promotionActive}
          altBilling={altBilling}
          hasLead={lead !== null}
          onBilling={setBilling}
          onTermsMissing={askForTerms}
        />
      )}
      <div className="payment__stage" aria-live="polite">
        <StageView pipeline={pipeline} altBilling={altBilling} phone={phone} retryFigures={refreshFigures} />
      </div>
      <CardPaymentForm payment={pipeline} className="payment__form" />
      {pipeline.stage === 'settling' ? <PaymentConfirmationStatus bookingId={booking.id} onRetry={pipeline.retryConfirmation} /> : null}
    </section>
  );
}

interface CardPaymentFieldsProps {
  pipeline: PaymentPipeline;
  details: PrePaymentDetails;
  currency: CurrencyCode;
  offered: readonly PaymentOption[];
  option: PaymentOption;
  promotionActive: boolean;
  altBilling: boolean;
  hasLead: boolean;
  onBilling: (billing: BillingAddress | null) => void;
  onTermsMissing: () => void;
}

/** The deposit or full amount, the billing address, and where Next stands on the other steps. */
function CardPaymentFields({ pipeline, details, currency, offered, option, promotionActive, altBilling, hasLead, onBilling, onTermsMissing }: CardPaymentFieldsProps) {
  return (
    <>
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
          hint={hasLead ? undefined : 'We need the address of the card holder for the payment.'}
          checked={altBilling}
          disabled={!pipeline.fieldsEnabled}
          onChange={(event) => usePaymentStore.getState().setAltBilling(event.target.checked)}
        />
        {altBilling ? (
          // Kept while the fields are locked, so what was typed survives unticking and ticking the terms.
          <fieldset className="payment__billing-fields" disabled={!pipeline.fieldsEnabled}>
            <legend className="visually-hidden">Billing address</legend>
            <BillingAddressForm onChange={onBilling} />
          </fieldset>
        ) : null}
      </div>
      {pipeline.stage === 'terms' ? (
        // Where Next stands on the other steps; the form itself comes once the terms are accepted.
        <div className="payment__continue">
          <Button onClick={onTermsMissing}>Continue to payment</Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * Nothing to pay (spec section 4: the agent's 'Confirm Booking' without
 * payment, here for a total a promotion brought to 0): the booking is
 * confirmed once the terms are accepted, and the answer is handled like a
 * paid confirmation.
 */
function FreeConfirmation({ pipeline, onTermsMissing }: { pipeline: PaymentPipeline; onTermsMissing: () => void }) {
  const phase = usePaymentStore((state) => state.confirmation);
  if (pipeline.stage !== 'terms' && pipeline.stage !== 'nothing-to-pay') return null;
  const running = phase === 'sending' || phase === 'checking';
  return (
    <div className="payment__continue payment__free">
      <p className="payment__hint">There is nothing to pay on this booking.</p>
      <Button busy={running} onClick={() => (pipeline.stage === 'terms' ? onTermsMissing() : void pipeline.confirmWithoutPayment())}>
        Confirm Booking
      </Button>
      <p role="status" className="payment__hint">
        {phase === 'checking' ? CHECKING_BOOKING_TEXT : null}
      </p>
    </div>
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
  const confirmingFree = usePaymentStore((state) => state.confirmation === 'sending' || state.confirmation === 'checking');
  const locked = pipeline.stage === 'settling' || pipeline.stage === 'expired' || confirmingFree;
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

interface StageViewProps {
  pipeline: PaymentPipeline;
  altBilling: boolean;
  phone: string;
  retryFigures: () => void;
}

function StageView({ pipeline, altBilling, phone, retryFigures }: StageViewProps) {
  switch (pipeline.stage) {
    case 'figures-error':
      return (
        <Notice tone="danger" title="We could not check the latest price of your booking" titleAs="p">
          <p>Nothing has been taken from your card. Please try again, or call us on {phone}.</p>
          <Button onClick={retryFigures}>Try again</Button>
        </Notice>
      );
    case 'billing':
      return (
        <p className="payment__hint">
          {altBilling
            ? 'Enter the billing address in full to continue to the card payment.'
            : 'Tick to use a different billing address, and enter the card holder’s address to continue.'}
        </p>
      );
    default:
      return <CardFormNotice payment={pipeline} phone={phone} />;
  }
}
