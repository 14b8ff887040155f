import type { PaymentToken } from '@tours/domain/contracts/payment-token';
import { PAYMENT_FORM_INIT_DELAY_MS } from '@tours/domain/timing';
import { useEffect, useRef } from 'react';
import { loadProviderScript, reactionTo, type MountedCardForm } from '../../lib/card-payment/provider-sdk.ts';
import type { CardPayment } from '../../lib/card-payment/use-card-payment.ts';
import './card-payment.css';

/** A frame that never says it is ready (the provider refused the token, or never answered) is a failure to open, not a wait for ever. */
export const FORM_READY_TIMEOUT_MS = 20_000;

interface CardFormProps {
  token: Pick<PaymentToken, 'token' | 'script_url'>;
  /** Every message the provider's SDK relays for this token (the SDK has checked origin and frame). */
  onMessage: (token: string, message: unknown) => void;
  /** The script did not load or the form could not be mounted. */
  onFailure: (token: string) => void;
}

/**
 * The provider's inline card form (spec section 7, Third-party), for the
 * booking flow and the account area alike, initialised 500 ms after its
 * token arrives (spec section 9): the provider's script is loaded (once per
 * page) and mounts its frame here. A new token is a new form: the parent
 * keys this component by token, and the old frame is destroyed with its
 * listener.
 */
export function CardForm({ token, onMessage, onFailure }: CardFormProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onMessage, onFailure });
  useEffect(() => {
    handlers.current = { onMessage, onFailure };
  });

  useEffect(() => {
    let form: MountedCardForm | null = null;
    let cancelled = false;
    let readyTimer: ReturnType<typeof setTimeout> | undefined;
    const relay = (message: unknown) => {
      if (reactionTo(message).kind === 'ready') clearTimeout(readyTimer);
      handlers.current.onMessage(token.token, message);
    };
    const handle = setTimeout(() => {
      loadProviderScript(token.script_url)
        .then((sdk) => {
          const container = containerRef.current;
          if (cancelled || !container) return;
          form = sdk.mount(container, { token: token.token, onMessage: relay });
          readyTimer = setTimeout(() => handlers.current.onFailure(token.token), FORM_READY_TIMEOUT_MS);
        })
        .catch((error: unknown) => {
          console.error('The card payment form could not be opened', error);
          if (!cancelled) handlers.current.onFailure(token.token);
        });
    }, PAYMENT_FORM_INIT_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(handle);
      clearTimeout(readyTimer);
      form?.destroy();
    };
  }, [token.token, token.script_url]);

  return <div ref={containerRef} className="card-form" />;
}

/**
 * The form of a card payment's current token, while it loads or is open: a
 * new token is a new form (keyed by it). `className` names the slot, with the
 * stage as its modifier (`--loading` keeps a loading frame out of sight).
 */
export function CardPaymentForm({ payment, className }: { payment: Pick<CardPayment<string>, 'stage' | 'token' | 'onProviderMessage' | 'onFormFailure'>; className: string }) {
  if (!payment.token) return null;
  return (
    <div className={`${className} ${className}--${payment.stage}`}>
      <CardForm key={payment.token.token} token={payment.token} onMessage={payment.onProviderMessage} onFailure={payment.onFormFailure} />
    </div>
  );
}
