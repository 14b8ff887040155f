import { omitsTravelAndAccommodation } from '../brand-channels.ts';

/**
 * The booking flow as a registry of steps (pretix style): each step says when
 * it applies, and moving on or back is a walk to the next applicable one. The
 * URL or stored state holds only the step id.
 */

export const STEP_IDS = ['1', '2a', '2b', '3a', '3b', '4a', '5a'] as const;
export type StepId = (typeof STEP_IDS)[number];
export type StepNumber = 1 | 2 | 3 | 4 | 5;
export type Direction = 'forward' | 'back';

export interface StepContext {
  brandChannel: number | null | undefined;
  participantCount: number;
  isAgent: boolean;
  /** False once the flight options have loaded empty; unknown (undefined) counts as having some. */
  hasFlightOptions?: boolean;
  /** False once the extras have loaded empty. */
  hasExtras?: boolean;
  /** True once additional nights are known to exist for the party. */
  hasAdditionalNights?: boolean;
  roomChosen?: boolean;
}

export interface StepDefinition {
  id: StepId;
  step: StepNumber;
  isApplicable: (ctx: StepContext) => boolean;
  /** The main step's label (see stepLabel). */
  label: (ctx: StepContext) => string;
  /** The sub-step heading, or null where there is none. */
  heading: (ctx: StepContext) => string | null;
  /** Whether the step shows a Back button (2b and step 3). */
  showsBack: boolean;
}

const travelAndRooms = (ctx: StepContext) => !omitsTravelAndAccommodation(ctx.brandChannel);
const always = () => true;
const noHeading = () => null;

type StepRule = Omit<StepDefinition, 'label'>;

const RULES: readonly StepRule[] = [
  { id: '1', step: 1, isApplicable: always, heading: noHeading, showsBack: false },
  {
    id: '2a',
    step: 2,
    isApplicable: (ctx) => travelAndRooms(ctx) && ctx.hasFlightOptions !== false,
    heading: (ctx) => (travelAndRooms(ctx) ? 'Travel arrangements' : null),
    showsBack: false,
  },
  {
    id: '2b',
    step: 2,
    isApplicable: (ctx) => travelAndRooms(ctx) && ctx.hasExtras !== false,
    heading: () => 'Extras and options',
    showsBack: true,
  },
  { id: '3a', step: 3, isApplicable: travelAndRooms, heading: noHeading, showsBack: true },
  {
    id: '3b',
    step: 3,
    isApplicable: (ctx) => travelAndRooms(ctx) && ctx.hasAdditionalNights === true && ctx.roomChosen === true,
    heading: noHeading,
    showsBack: true,
  },
  { id: '4a', step: 4, isApplicable: always, heading: noHeading, showsBack: false },
  { id: '5a', step: 5, isApplicable: always, heading: noHeading, showsBack: false },
];

export const STEPS: readonly StepDefinition[] = RULES.map((rule) => ({ ...rule, label: (ctx) => stepLabel(rule.step, ctx) }));

export const isStepId = (value: unknown): value is StepId => (STEP_IDS as readonly unknown[]).includes(value);

export function stepDefinition(id: StepId): StepDefinition {
  const definition = STEPS.find((step) => step.id === id);
  if (!definition) throw new Error(`Unknown step ${id}`);
  return definition;
}

/** The label of a main step as the progress bar shows it. */
export function stepLabel(step: StepNumber, ctx: Pick<StepContext, 'participantCount' | 'isAgent'>): string {
  switch (step) {
    case 1:
      return ctx.participantCount === 1 ? 'Participant' : 'Participants';
    case 2:
      return 'Travel arrangements & extras';
    case 3:
      return 'Accommodation';
    case 4:
      // Agents confirm without paying, so '& payment' would mislead them.
      return ctx.isAgent ? 'Booking review' : 'Booking review & payment';
    case 5:
      return 'Confirmation';
  }
}

/**
 * The progress bar's steps. Day trips and online talks have no step 2 or 3;
 * other tours keep step 2 even when its sub-steps turn out empty, so the bar
 * does not change shape under the customer.
 */
export function visibleSteps(ctx: StepContext): { step: StepNumber; label: string }[] {
  const numbers: StepNumber[] = travelAndRooms(ctx) ? [1, 2, 3, 4, 5] : [1, 4, 5];
  return numbers.map((step) => ({ step, label: stepLabel(step, ctx) }));
}

function walk(from: StepId, ctx: StepContext, delta: 1 | -1): StepId | null {
  for (let index = STEP_IDS.indexOf(from) + delta; index >= 0 && index < STEPS.length; index += delta) {
    const candidate = STEPS[index];
    if (candidate?.isApplicable(ctx)) return candidate.id;
  }
  return null;
}

/**
 * The next applicable step: no flight options skip 2a, no extras skip 2b, and
 * 3a leads to 3b only when additional nights exist and a room is chosen.
 */
export const nextStep = (from: StepId, ctx: StepContext): StepId | null => walk(from, ctx, 1);

/** The previous applicable step (3b to 3a, 3a to 2b, or past 2b when there are no extras). */
export const previousStep = (from: StepId, ctx: StepContext): StepId | null => walk(from, ctx, -1);

/** A step found empty on arrival (2b without extras) is passed in the direction of travel. */
export const stepInDirection = (from: StepId, direction: Direction, ctx: StepContext): StepId | null =>
  direction === 'forward' ? nextStep(from, ctx) : previousStep(from, ctx);

/** 'Continue to payment' where the next step is review and payment; agents do not pay, so they see 'Next'. */
export function nextButtonLabel(from: StepId, ctx: StepContext): 'Next' | 'Continue to payment' {
  return nextStep(from, ctx) === '4a' && !ctx.isAgent ? 'Continue to payment' : 'Next';
}

/** Step 1 can be revisited from step 2 only before the booking exists and while nothing loads. */
export const canRevisitParticipants = (state: { hasActiveBooking: boolean; loading: boolean }): boolean =>
  !state.hasActiveBooking && !state.loading;
