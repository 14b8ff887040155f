import { visibleSteps, type StepContext, type StepNumber } from '@tours/domain/booking/steps';

interface StepProgressProps {
  ctx: StepContext;
  current: StepNumber;
  canRevisitParticipants: boolean;
  onRevisitParticipants: () => void;
}

/**
 * The step labels as a progress indicator (spec section 2, Step labels): an
 * ordered list with the current step marked for assistive technology. Day
 * trips and online talks show no steps 2 and 3.
 */
export function StepProgress({ ctx, current, canRevisitParticipants, onRevisitParticipants }: StepProgressProps) {
  const steps = visibleSteps(ctx);
  return (
    <nav className="step-progress" aria-label="Booking progress">
      <ol className="step-progress__list">
        {steps.map(({ step, label }, index) => {
          const state = step === current ? 'current' : step < current ? 'done' : 'upcoming';
          const content = (
            <>
              <span className="step-progress__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="step-progress__label">{label}</span>
              {state === 'done' ? <span className="visually-hidden"> (completed)</span> : null}
            </>
          );
          return (
            <li key={step} className={`step-progress__item step-progress__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              {step === 1 && canRevisitParticipants ? (
                <button type="button" className="step-progress__link" onClick={onRevisitParticipants}>
                  {content}
                </button>
              ) : (
                <span className="step-progress__step">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
