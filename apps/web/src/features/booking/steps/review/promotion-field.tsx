import { ALERTS, SCREEN_TEXT, VALIDATION } from '@tours/domain/messages';
import { RATE_LIMIT_MESSAGES } from '@tours/domain/rate-limit-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { addAlert } from '../../../../lib/alerts.ts';
import { isApiRequestError, rateLimitMessage } from '../../../../lib/api-error.ts';
import { getRegionContact } from '../../../../lib/region.ts';
import { deletePromotion, paymentDetailsKey, postPromotion } from '../../api/payment-api.ts';
import type { ActiveBooking } from '../../store/active-booking.ts';
import { usePaymentStore } from '../../store/payment-store.ts';

/** 'Promotional code WELCOME100' is how the server names the line; the field shows the code alone. */
const codeOf = (name: string | undefined): string => name?.replace(/^Promotional code\s+/i, '') ?? '';

/**
 * The promotional code (spec sections 4 and 5): an empty code is ignored; a
 * code the server refuses shows its message at the field; a valid one is
 * applied once, with the server's new totals, and the field is then closed.
 * Remove takes it off: the server prices the booking again and the deposit
 * option comes back where the tour takes one. A code applied or removed in
 * another tab arrives with the review's fresh figures.
 */
export function PromotionField({ booking, locked }: { booking: ActiveBooking; locked: boolean }) {
  const applied = usePaymentStore((state) => state.validPromotionalCode);
  const promotion = usePaymentStore((state) => state.promotion);
  const [code, setCode] = useState(() => codeOf(promotion?.name));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removed, setRemoved] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const queryClient = useQueryClient();

  // Once the code is off, the field is open again: the visitor continues where the Remove button was.
  useEffect(() => {
    if (removed && !applied) inputRef.current?.focus();
  }, [removed, applied]);

  const failed = (caught: unknown) => {
    if (isApiRequestError(caught) && caught.fields.code) setError(caught.fields.code);
    else addAlert(ALERTS.generalFailure(getRegionContact().phone));
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed === '' || applied || busy) return;
    setBusy(true);
    try {
      usePaymentStore.getState().applyPromotion(await postPromotion(booking, typed));
      setError(null);
      setRemoved(false);
      // A check of the figures sent before the code was applied must not put the old total back.
      void queryClient.invalidateQueries({ queryKey: paymentDetailsKey(booking.id) });
    } catch (caught) {
      if (isApiRequestError(caught) && caught.status === 400) setError(caught.fields.code ?? VALIDATION.promoInvalid);
      // Too many refused codes: the server's refusal says how long to wait, at the field where the visitor typed.
      else if (isApiRequestError(caught) && caught.code === 'RATE_LIMITED') setError(rateLimitMessage(caught, RATE_LIMIT_MESSAGES.promoFromClient));
      else failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!applied || removing) return;
    setRemoving(true);
    try {
      const figures = await deletePromotion(booking);
      const payment = usePaymentStore.getState();
      payment.figuresRefreshed(figures);
      // The deposit is offered again: back to the spec's default option, and no token for the old amount.
      payment.setPrePaymentDetails(figures.details);
      setCode('');
      setError(null);
      setRemoved(true);
      void queryClient.invalidateQueries({ queryKey: paymentDetailsKey(booking.id) });
    } catch (caught) {
      failed(caught);
    } finally {
      setRemoving(false);
    }
  };

  const describedBy = [error ? `${id}-error` : null, applied ? `${id}-applied` : null].filter(Boolean).join(' ') || undefined;
  return (
    <section className="review-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Promotional code</h3>
      <form className={`promotion${error ? ' field--invalid' : ''}`} onSubmit={(event) => void apply(event)} noValidate>
        <label className="field__label" htmlFor={`${id}-code`}>
          Enter a promotional code
        </label>
        <div className="promotion__row">
          <input
            ref={inputRef}
            id={`${id}-code`}
            className="input promotion__input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={applied && code === '' ? codeOf(promotion?.name) : code}
            disabled={applied || locked}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setCode(event.target.value);
              if (error) setError(null);
            }}
          />
          <Button type="submit" variant="secondary" busy={busy} disabled={applied || locked}>
            Apply
          </Button>
        </div>
        {error ? (
          <p className="field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : null}
        {applied ? (
          <div className="promotion__applied-row">
            <p className="promotion__applied" id={`${id}-applied`} role="status">
              {VALIDATION.promoApplied}
            </p>
            <Button
              variant="ghost"
              className="review-change"
              aria-label="Remove the promotional code"
              busy={removing}
              disabled={locked}
              onClick={() => void remove()}
            >
              Remove
            </Button>
          </div>
        ) : null}
        <p className="visually-hidden" role="status">
          {removed && !applied ? SCREEN_TEXT.promoRemoved : null}
        </p>
      </form>
    </section>
  );
}
