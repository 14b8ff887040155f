import { omitsTravelAndAccommodation } from '../brand-channels.ts';
import { forCount } from '../text.ts';

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
  /**
   * Whether the step shows a Back button: every step after the first, up to
   * and including review (issue 9 widens the spec's '2b and step 3'), so no
   * step is a dead end. Confirmation has none: the booking is bought.
   */
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
    showsBack: true,
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
  { id: '4a', step: 4, isApplicable: always, heading: noHeading, showsBack: true },
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
      return forCount(ctx.participantCount, 'Participant', 'Participants');
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

/**
 * The progress bar's link back to step 1 (spec section 2, Step labels): from
 * step 2, only before the booking exists and while nothing loads. The Back
 * button follows canVisitStep instead, which also reopens step 1 of a booking
 * already made (its Next then updates that booking).
 */
export const canRevisitParticipants = (state: { hasActiveBooking: boolean; loading: boolean }): boolean =>
  !state.hasActiveBooking && !state.loading;

/** Where the payment of the booking being made stands, as the page knows it. */
export interface PaymentProgress {
  /**
   * The card form is open for a payment request (or a booking with nothing to
   * pay is being confirmed). The provider does not tell the page when a card
   * is submitted, so from the moment the form is open the visitor may be paying.
   */
  inProgress: boolean;
  /** The provider took a payment that the server has not yet confirmed. */
  awaitingConfirmation: boolean;
  /** The server has answered the payment: the booking is confirmed or unconfirmed. */
  answered: boolean;
}

/**
 * Payment has started once the card form is open, a payment awaits its
 * confirmation, or the server has answered it. From then on the booking is
 * not changed from the flow: no Back at review, no Change links, no history
 * move away from review. Before it (terms not ticked, fields unlocking, the
 * form being prepared) the visitor may still go back; closing the card form
 * (unticking the terms, or the form's own cancel) ends the payment attempt
 * and opens the way back again. Changing anything afterwards re-prices the
 * booking, and the server withdraws the payment requests opened for the old
 * price.
 */
export const paymentStarted = (payment: PaymentProgress): boolean =>
  payment.inProgress || payment.awaitingConfirmation || payment.answered;

/** What decides whether the visitor may go to a step other than the current one. */
export interface StepAccess {
  ctx: StepContext;
  current: StepId;
  /** The furthest step the visitor has reached on this booking. */
  furthest: StepId;
  hasActiveBooking: boolean;
  /** A call the step waits on is running (the booking being created, the selections being priced). */
  loading: boolean;
  paymentStarted: boolean;
}

const stepIndex = (id: StepId): number => STEP_IDS.indexOf(id);

/** The later of two steps in the flow's order. */
export const laterStep = (a: StepId, b: StepId): StepId => (stepIndex(a) >= stepIndex(b) ? a : b);

/** The direction of travel from one step to another. */
export const directionBetween = (from: StepId, to: StepId): Direction => (stepIndex(to) > stepIndex(from) ? 'forward' : 'back');

/**
 * Whether a step may be opened from the current one by Back, the browser's
 * Back and Forward, a step in the URL or a Change link: a step that applies
 * to this booking, no further than the visitor has already been, never the
 * confirmation (only a payment leads there), steps after 1 only with the
 * booking made, and nothing while a call runs or once payment has started.
 */
export function canVisitStep(target: StepId, access: StepAccess): boolean {
  if (target === access.current) return true;
  if (access.loading || access.paymentStarted || target === '5a') return false;
  if (target !== '1' && !access.hasActiveBooking) return false;
  if (!stepDefinition(target).isApplicable(access.ctx)) return false;
  return stepIndex(target) <= stepIndex(laterStep(access.furthest, access.current));
}

/** Where Back leads from the current step, or null where the step has no Back or it leads nowhere the visitor may go. */
export function backTarget(access: StepAccess): StepId | null {
  if (!stepDefinition(access.current).showsBack) return null;
  const target = previousStep(access.current, access.ctx);
  return target !== null && canVisitStep(target, access) ? target : null;
}
