import { ALERTS } from '@tours/domain/messages';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../../components/ui/button.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { useRegionContact } from '../../../../lib/region.ts';
import { usePaymentStore } from '../../store/payment-store.ts';

/**
 * Once the card was charged: a blocking notice while the booking is
 * confirmed, or what to do when this page cannot get the answer. (The waits
 * before the card form are the progress line of payment-wait.tsx.)
 */

export const CHECKING_PAYMENT_TEXT =
  'We have received your payment and are confirming your booking. This can take a moment; please keep this page open.';
export const CHECKING_BOOKING_TEXT = 'We are confirming your booking. This can take a moment; please keep this page open.';

/**
 * After the card was charged: the overlay while the confirmation is asked
 * for, or, once this page has stopped asking by itself, the notice that
 * says so and offers to ask again. Never a way to pay a second time.
 */
export function PaymentConfirmationStatus({ bookingId, onRetry }: { bookingId: number; onRetry: () => void }) {
  const phase = usePaymentStore((state) => state.confirmation);
  const { phone } = useRegionContact();
  if (phase !== 'stalled') return <ConfirmingOverlay checking={phase === 'checking'} />;
  return (
    <Notice tone="warning" title="Your payment has been taken" titleAs="p" role="alert">
      <p>{ALERTS.unableToConfirm(phone).message}</p>
      <p>
        Your booking number is <strong>{bookingId}</strong>. Please quote it if you contact us.
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Check again
      </Button>
    </Notice>
  );
}

/**
 * Confirming the booking after the card was charged: the whole page waits
 * (nothing else should be pressed), focus is held on the notice, and leaving
 * the page asks first, since the confirmation is under way. When the answer
 * is slow to come, the notice says politely that the payment is being checked.
 */
export function ConfirmingOverlay({ checking = false }: { checking?: boolean }) {
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
        aria-describedby={`${id}-text ${id}-checking`}
        aria-busy={checking ? undefined : true}
        tabIndex={-1}
        ref={ref}
      >
        <span className="spinner confirming-overlay__spinner" aria-hidden="true" />
        <p className="confirming-overlay__title" id={`${id}-title`}>
          Confirming your booking…
        </p>
        <div>
          <p id={`${id}-text`}>{checking ? null : 'Your payment has been taken. Please keep this page open while we confirm your booking.'}</p>
          {/* Present from the start, so screen readers announce the text when it appears. */}
          <p id={`${id}-checking`} role="status">
            {checking ? CHECKING_PAYMENT_TEXT : null}
          </p>
        </div>
      </div>
    </div>,
    document.body,
  );
}
