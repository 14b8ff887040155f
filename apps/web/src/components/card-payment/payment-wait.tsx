import { Spinner } from '../ui/spinner.tsx';
import './card-payment.css';

/** A wait of the card payment (the token being opened, the provider's form loading), shown so the page never looks frozen. */
export function PaymentWait({ label }: { label: string }) {
  return (
    <div className="payment-wait payment-wait--spinner">
      <Spinner label={label} />
      <p className="payment-wait__label" aria-hidden="true">
        {label}
      </p>
    </div>
  );
}
