import { formatAmount, type CurrencyCode } from '@tours/domain/money';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useAccountPaymentStore } from './account-payment-store.ts';
import type { AccountPayment } from './use-account-payment.ts';
import { CardFormNotice } from '../../../components/card-payment/card-form-notices.tsx';

/** What the form says at each stage that is not the card form itself (spec section 4, Account payment). */

export const RECEIVING_TEXT = 'We have received your payment and are recording it against your booking…';
export const CHECKING_TEXT = 'We are checking your payment with our payment provider. This can take a moment; please keep this page open.';
export const UPDATING_TEXT = 'Updating your balance…';

interface PaymentStageProps {
  payment: AccountPayment;
  currency: CurrencyCode;
  phone: string;
  /** No address of the customer's own: the billing address is the only way to pay. */
  needsBillingAddress: boolean;
  onContinue: () => void;
}

export function PaymentStage({ payment, currency, phone, needsBillingAddress, onContinue }: PaymentStageProps) {
  switch (payment.stage) {
    case 'billing':
    case 'amount':
      return (
        <div className="make-payment__continue">
          <p className="make-payment__hint">
            {payment.stage === 'amount'
              ? 'Enter the amount you would like to pay to continue to the card payment.'
              : needsBillingAddress
                ? 'We need the card holder’s address: tick to use a different billing address and enter it to continue.'
                : 'Enter the billing address in full to continue to the card payment.'}
          </p>
          <Button onClick={onContinue}>Continue to payment</Button>
        </div>
      );
    case 'settling':
      return <ReceiptStatus payment={payment} currency={currency} phone={phone} />;
    case 'updating':
      return <Waiting text={UPDATING_TEXT} />;
    default:
      return <CardFormNotice payment={payment} phone={phone} />;
  }
}

/** After the provider took the money: the receipt on its way, being checked, or (this page gave up asking) what happens next. */
function ReceiptStatus({ payment, currency, phone }: { payment: AccountPayment; currency: CurrencyCode; phone: string }) {
  const phase = useAccountPaymentStore((state) => state.receiptPhase);
  const pending = useAccountPaymentStore((state) => state.pendingReceipt);
  if (phase === 'stalled') {
    const paid = pending?.amount != null ? ` of ${formatAmount(pending.amount, currency, { pence: 'always' })}` : '';
    return (
      <Notice tone="warning" title="Your payment has been taken" titleAs="p">
        <p>
          We could not record your payment{paid} from this page yet. It will be added to your booking automatically; please do not pay
          again. You can check again now, or call us on {phone}.
        </p>
        <Button variant="secondary" onClick={payment.retryReceipt}>
          Check again
        </Button>
      </Notice>
    );
  }
  return <Waiting text={phase === 'checking' ? CHECKING_TEXT : RECEIVING_TEXT} />;
}

function Waiting({ text }: { text: string }) {
  return (
    <div className="payment-wait payment-wait--spinner">
      <span className="spinner" aria-hidden="true" />
      <p className="payment-wait__label">{text}</p>
    </div>
  );
}
