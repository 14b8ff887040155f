import { useEffect, useId, useRef, useState } from 'react';
import './card-payment.css';

export interface ProgressStep {
  /** What is happening now, shown under the label and read as the bar's value. */
  text: string;
  /** How long this step usually takes: the spec's delay, or a fair guess for a call. */
  durationMs: number;
}

interface PaymentProgressProps {
  /** The progress line's name, which screen readers announce once: 'Preparing secure payment…'. */
  label: string;
  steps: readonly ProgressStep[];
  /** The step under way (index into `steps`); null when nothing is being waited for. */
  current: number | null;
  /** When the first step began (epoch ms), so a bar drawn late still shows the time already waited. */
  since: number;
}

/**
 * The waits before a card form (spec section 9: 3 s to unlock the payment
 * fields, 2 s to the token, 500 ms to the form) as one labelled progress line.
 * The polite live region is always there, so screen readers announce the
 * label when a wait begins; the bar's value says which step is under way.
 * Each step fills its share of the bar over its usual duration and holds just
 * short of the end until the next begins, so the bar never claims to be done
 * before the form is there.
 */
export function PaymentProgress({ label, steps, current, since }: PaymentProgressProps) {
  return (
    <div className="payment-progress-region" role="status" aria-live="polite">
      {current === null ? null : <ProgressLine label={label} steps={steps} step={Math.min(Math.max(current, 0), steps.length - 1)} since={since} />}
    </div>
  );
}

function ProgressLine({ label, steps, step, since }: { label: string; steps: readonly ProgressStep[]; step: number; since: number }) {
  const labelId = useId();
  // When the step under way began (null: at the next tick), and the time now; advanced by the timer, never read from the clock while drawing.
  const [clock, setClock] = useState<{ step: number; startedAt: number | null; now: number }>({
    step,
    startedAt: step === 0 ? since : null,
    now: since,
  });
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  });
  useEffect(() => {
    const handle = setInterval(() => {
      const now = Date.now();
      setClock((previous) =>
        previous.step === stepRef.current ? { ...previous, startedAt: previous.startedAt ?? now, now } : { step: stepRef.current, startedAt: now, now },
      );
    }, 100);
    return () => clearInterval(handle);
  }, []);

  const total = steps.reduce((sum, each) => sum + each.durationMs, 0) || 1;
  const before = steps.slice(0, step).reduce((sum, each) => sum + each.durationMs, 0);
  const duration = steps[step]?.durationMs ?? 0;
  const elapsed = clock.step === step && clock.startedAt !== null ? Math.max(0, clock.now - clock.startedAt) : 0;
  const within = duration > 0 ? Math.min(elapsed / duration, 0.95) * duration : 0;
  const percent = Math.round(((before + within) / total) * 100);
  const text = steps[step]?.text ?? '';

  return (
    <div className="payment-wait">
      <p className="payment-wait__label" id={labelId}>
        {label}
      </p>
      <div
        className="payment-progress"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <span className="payment-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="payment-wait__detail" aria-hidden="true">
        {text}
      </p>
    </div>
  );
}
