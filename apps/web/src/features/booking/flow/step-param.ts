import { isStepId, type StepId } from '@tours/domain/booking/steps';

/**
 * The step the visitor is on, kept in the URL beside the booking query
 * (`&step=2b`) so every step has its own history entry: the browser's Back
 * and Forward move between steps. It never identifies the booking: another
 * step of the same query is the same booking.
 */
export const STEP_PARAM = 'step';

/** The step the URL names, or null when it names none (or one that does not exist). */
export function readStepParam(params: URLSearchParams): StepId | null {
  const step = params.get(STEP_PARAM);
  return isStepId(step) ? step : null;
}

/** The same search with the step set, every other parameter kept as it was. */
export function searchWithStep(search: string, step: StepId): string {
  const params = new URLSearchParams(search);
  params.set(STEP_PARAM, step);
  return `?${params.toString()}`;
}
