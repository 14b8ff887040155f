import { PAYMENT_FIELDS_ENABLE_DELAY_MS } from '@tours/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '../../../../components/ui/spinner.tsx';

/**
 * The waits of the payment (spec section 9) made visible: a bar that fills
 * while the payment options unlock, a spinner while the secure form is
 * prepared, and a blocking notice while the booking is confirmed.
 */

/** Fills over the 3 s between ticking the terms and the payment options unlocking. */
export function UnlockProgress({ since, durationMs = PAYMENT_FIELDS_ENABLE_DELAY_MS }: { since: number; durationMs?: number }) {
  const [now, setNow] = useState(since);
  const labelId = useId();
  useEffect(() => {
    const handle = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(handle);
  }, []);
  const percent = Math.round(Math.min(1, Math.max(0, (now - since) / durationMs)) * 100);
  return (
    <div className="payment-wait" role="status">
      <p className="payment-wait__label" id={labelId}>
        Unlocking the payment options…
      </p>
      <div className="payment-progress" role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span className="payment-progress__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

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

/**
 * Confirming the booking after the card was charged: the whole page waits
 * (nothing else should be pressed), focus is held on the notice, and leaving
 * the page asks first, since the confirmation is under way.
 */
export function ConfirmingOverlay() {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    const box = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const holdFocus = (event: KeyboardEvent) => {
      if (event.key === 'Tab') event.preventDefault();
    };
    const askFirst = (event: BeforeUnloadEvent) => event.preventDefault();
    document.addEventListener('keydown', holdFocus);
    window.addEventListener('beforeunload', askFirst);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', holdFocus);
      window.removeEventListener('beforeunload', askFirst);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div className="confirming-overlay">
      <div
        className="confirming-overlay__box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        aria-busy="true"
        tabIndex={-1}
        ref={ref}
      >
        <span className="spinner confirming-overlay__spinner" aria-hidden="true" />
        <p className="confirming-overlay__title" id={`${id}-title`}>
          Confirming your booking…
        </p>
        <p id={`${id}-text`}>Your payment has been taken. Please keep this page open while we confirm your booking.</p>
      </div>
    </div>,
    document.body,
  );
}
