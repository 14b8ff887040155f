import { accountPaymentAmount, type AccountPaymentOption } from '@tours/domain/account/payment';
import type { Payer } from '@tours/domain/booking/payment-request';
import type { AccountBooking } from '@tours/domain/contracts/account';
import type { AddressRecord, Customer } from '@tours/domain/contracts/session-records';
import { countryName } from '@tours/domain/countries';
import { ALERTS } from '@tours/domain/messages';
import { formatAmount } from '@tours/domain/money';
import { formatPersonName } from '@tours/domain/people';
import { PAYMENT_FORM_INIT_DELAY_MS } from '@tours/domain/timing';
import { useId, useRef, useState } from 'react';
import { CardPaymentForm } from '../../../components/card-payment/card-form.tsx';
import { PaymentProgress, type ProgressStep } from '../../../components/card-payment/payment-wait.tsx';
import { BillingAddressForm, type BillingAddress, type BillingAddressHandle } from '../../../components/forms/billing-address-form.tsx';
import { CheckboxField } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { addAlert } from '../../../lib/alerts.ts';
import { useAccountSession } from '../../../lib/auth/account-session.ts';
import { useRegionContact } from '../../../lib/region.ts';
import { useAccountPaymentStore } from './account-payment-store.ts';
import './make-a-payment.css';
import { PaymentAmount } from './payment-amount.tsx';
import { PaymentStage } from './payment-stage.tsx';
import { useAccountPayment, type AccountPayment } from './use-account-payment.ts';

/** The waits before the card form (spec section 9: 500 ms, then 500 ms more once the token is there); the calls take what the network takes. */
const PREPARING_STEPS: readonly ProgressStep[] = [
  { text: 'Opening a secure payment request…', durationMs: PAYMENT_FORM_INIT_DELAY_MS + 500 },
  { text: 'Loading the secure card form…', durationMs: PAYMENT_FORM_INIT_DELAY_MS + 1_000 },
];
const PREPARING_STEP_OF: Partial<Record<AccountPayment['stage'], number>> = { preparing: 0, loading: 1 };

/** The customer pays as themselves, at their own address or at the billing address given instead. */
function payerFor(customer: Customer | null, address: AddressRecord | BillingAddress | null): Payer | null {
  if (!customer || !address) return null;
  return { first_name: customer.forename, last_name: customer.surname, email: customer.email, address };
}

/**
 * 'Make a payment' of the Booking summary tab (spec sections 2 and 4,
 * Account payment): the customer's address, or a different billing address;
 * the full balance or a one-off amount; then the provider's inline card form.
 * `onPaid` runs once the server has recorded a payment, so the page can
 * refresh the booking and its payments.
 */
interface MakeAPaymentProps {
  booking: AccountBooking;
  onPaid: () => void;
  /** Replaced in tests: jsdom cannot reload. */
  reload?: () => void;
}

export function MakeAPayment({ booking, onPaid, reload }: MakeAPaymentProps) {
  const customer = useAccountSession((state) => state.customer);
  const address = useAccountSession((state) => state.customerAddress);
  const { phone } = useRegionContact();
  const option = useAccountPaymentStore((state) => state.paymentOption);
  const altBilling = useAccountPaymentStore((state) => state.altBilling);
  const typed = useAccountPaymentStore((state) => state.customAmount);
  const setTyped = useAccountPaymentStore((state) => state.setCustomAmount);
  const [amountChecked, setAmountChecked] = useState(false);
  const [billing, setBilling] = useState<BillingAddress | null>(null);
  const billingRef = useRef<BillingAddressHandle>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const { value: outstanding, currency } = booking.outstanding_balance;
  const amount = accountPaymentAmount(option, outstanding, typed);
  const payer = payerFor(customer, altBilling ? billing : address);
  const payment = useAccountPayment({
    booking,
    payer,
    amount,
    phone,
    onPaid,
    reload,
    onRecorded: () => {
      setTyped('');
      setAmountChecked(false);
    },
  });
  const locked = payment.stage === 'settling' || payment.stage === 'expired' || payment.stage === 'updating';
  const missingAddress = address === null && !altBilling;

  const chooseOption = (next: AccountPaymentOption) => {
    useAccountPaymentStore.getState().chooseOption(next);
    setAmountChecked(false);
  };

  // Paying with something missing: every message shows, the general validation alert, and focus on the first field to fix.
  const continueToPayment = async () => {
    setAmountChecked(true);
    const billingValid = altBilling ? ((await billingRef.current?.validate()) ?? false) : !missingAddress;
    if (billingValid && amount !== null) return;
    addAlert(ALERTS.validationErrors);
    if (missingAddress) altRef.current?.focus();
    else if (billingValid) amountRef.current?.focus();
  };

  return (
    <section className="make-payment" aria-labelledby={headingId}>
      <h3 id={headingId}>Make a payment</h3>
      {payment.lastPayment ? (
        <Notice tone="success" role="status" title="Thank you for your payment" titleAs="p">
          <p>
            {payment.lastPayment.amount !== null
              ? `Your payment of ${formatAmount(payment.lastPayment.amount, currency, { pence: 'always' })} has been received`
              : 'Your payment has been received'}{' '}
            (ID {payment.lastPayment.id}).
          </p>
        </Notice>
      ) : null}

      <div className="make-payment__billing">
        <h4 className="make-payment__subheading">Address details</h4>
        <CustomerAddress name={customer ? formatPersonName({ forename: customer.forename, surname: customer.surname }) : ''} address={address} />
        <CheckboxField
          ref={altRef}
          label="Tick to use a different billing address"
          hint={address === null ? 'We need the address of the card holder for the payment.' : undefined}
          checked={altBilling}
          disabled={locked}
          onChange={(event) => useAccountPaymentStore.getState().setAltBilling(event.target.checked)}
        />
        {altBilling ? (
          <fieldset className="make-payment__billing-fields" disabled={locked}>
            <legend className="visually-hidden">Billing address</legend>
            <BillingAddressForm onChange={setBilling} stateLabel="State" handleRef={billingRef} />
          </fieldset>
        ) : null}
      </div>

      <PaymentAmount
        outstanding={outstanding}
        currency={currency}
        option={option}
        onOption={chooseOption}
        typed={typed}
        onTyped={setTyped}
        checked={amountChecked}
        onChecked={() => setAmountChecked(true)}
        disabled={locked}
        amountRef={amountRef}
      />

      <PaymentProgress
        label="Preparing secure payment…"
        steps={PREPARING_STEPS}
        current={payment.preparingSince === null ? null : (PREPARING_STEP_OF[payment.stage] ?? null)}
        since={payment.preparingSince ?? 0}
      />
      <div className="make-payment__stage" aria-live="polite">
        <PaymentStage
          payment={payment}
          currency={currency}
          phone={phone}
          needsBillingAddress={address === null}
          onContinue={() => void continueToPayment()}
        />
      </div>
      <CardPaymentForm payment={payment} className="make-payment__form" />
    </section>
  );
}

function CustomerAddress({ name, address }: { name: string; address: AddressRecord | null }) {
  if (!address) return <p className="make-payment__hint">We do not have an address on your account.</p>;
  const lines = [name, address.line_1, address.line_2, address.line_3, address.city, address.state, address.postal_code, countryName(address.country)];
  return (
    <address className="make-payment__address">
      {lines
        .filter((line) => line.trim() !== '')
        .map((line, index) => (
          <span key={`${index}-${line}`}>{line}</span>
        ))}
    </address>
  );
}
