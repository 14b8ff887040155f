import type { CardPayment } from '../../lib/card-payment/use-card-payment.ts';
import { Button } from '../ui/button.tsx';
import { Notice } from '../ui/notice.tsx';

/**
 * What a card payment says when its form is not showing, alike in the
 * booking flow and the account area: the visitor stopped it, it could not be
 * opened, or its request expired. Each says whether money was taken.
 */
export function CardFormNotice({ payment, phone }: { payment: Pick<CardPayment<string>, 'stage' | 'stoppedReason' | 'restart'>; phone: string }) {
  switch (payment.stage) {
    case 'stopped':
      return <CardFormStopped reason={payment.stoppedReason} onRestart={payment.restart} />;
    case 'error':
      return <CardFormUnavailable phone={phone} onRetry={payment.restart} />;
    case 'expired':
      return <PaymentRequestExpired />;
    default:
      return null;
  }
}

function CardFormStopped({ reason, onRestart }: { reason: 'canceled' | 'closed' | null; onRestart: () => void }) {
  return (
    <Notice tone="info" title={reason === 'canceled' ? 'Payment cancelled' : 'The card form was closed'} titleAs="p">
      <p>Nothing has been taken from your card. You can start the payment again when you are ready.</p>
      <Button onClick={onRestart}>Start payment again</Button>
    </Notice>
  );
}

function CardFormUnavailable({ phone, onRetry }: { phone: string; onRetry: () => void }) {
  return (
    <Notice tone="danger" title="We could not open the secure card form" titleAs="p">
      <p>Nothing has been taken from your card. Please try again, or call us on {phone}.</p>
      <Button onClick={onRetry}>Try again</Button>
    </Notice>
  );
}

function PaymentRequestExpired() {
  return (
    <Notice tone="warning" title="This payment request has expired" titleAs="p">
      <p>The page will reload so that you can start the payment again.</p>
    </Notice>
  );
}
