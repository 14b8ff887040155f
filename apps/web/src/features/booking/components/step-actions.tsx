import { Button } from '../../../components/ui/button.tsx';
import type { BookingFlow } from '../flow/use-booking-flow.ts';

interface StepActionsProps {
  flow: BookingFlow;
  /** False keeps Next disabled (2a until everyone has chosen, 3a until a room type is chosen). */
  canContinue?: boolean;
  /** The message that explains a disabled Next. */
  describedBy?: string;
}

/** Back (where the flow allows it) and Next, the same on every step. */
export function StepActions({ flow, canContinue = true, describedBy }: StepActionsProps) {
  return (
    <div className="step-actions">
      {flow.canGoBack ? (
        <Button variant="secondary" onClick={flow.back} disabled={flow.loading}>
          Back
        </Button>
      ) : null}
      <Button
        className="step-actions__next"
        onClick={() => void flow.next()}
        disabled={!canContinue}
        busy={flow.loading}
        aria-describedby={describedBy}
      >
        {flow.nextLabel}
      </Button>
    </div>
  );
}
