import { describe, expect, it } from 'vitest';
import { BrandChannel } from '../brand-channels.ts';
import {
  backTarget,
  canRevisitParticipants,
  canVisitStep,
  directionBetween,
  laterStep,
  paymentStarted,
  isStepId,
  nextButtonLabel,
  nextStep,
  previousStep,
  STEP_IDS,
  stepDefinition,
  stepInDirection,
  stepLabel,
  STEPS,
  visibleSteps,
  type StepAccess,
  type StepContext,
} from './steps.ts';

const tour: StepContext = { brandChannel: BrandChannel.MusicAndHistoryWeekends, participantCount: 2, isAgent: false };
const dayTrip: StepContext = { ...tour, brandChannel: BrandChannel.LondonDays };
const onlineTalk: StepContext = { ...tour, brandChannel: BrandChannel.OnlineTalks };

describe('registry', () => {
  it('holds the seven steps in order with their step numbers', () => {
    expect(STEPS.map((s) => [s.id, s.step])).toEqual([
      ['1', 1],
      ['2a', 2],
      ['2b', 2],
      ['3a', 3],
      ['3b', 3],
      ['4a', 4],
      ['5a', 5],
    ]);
    expect(STEP_IDS).toEqual(STEPS.map((s) => s.id));
    expect(isStepId('3b')).toBe(true);
    expect(isStepId('6')).toBe(false);
  });

  it('labels each sub-step with its main step', () => {
    expect(STEPS.map((s) => s.label({ ...tour, participantCount: 1 }))).toEqual([
      'Participant',
      'Travel arrangements & extras',
      'Travel arrangements & extras',
      'Accommodation',
      'Accommodation',
      'Booking review & payment',
      'Confirmation',
    ]);
  });

  it('shows Back on every step after the first, up to and including review', () => {
    expect(STEPS.filter((s) => s.showsBack).map((s) => s.id)).toEqual(['2a', '2b', '3a', '3b', '4a']);
  });

  it('heads the step 2 sub-steps, without a 2a heading on day trips and online talks', () => {
    expect(stepDefinition('2a').heading(tour)).toBe('Travel arrangements');
    expect(stepDefinition('2b').heading(tour)).toBe('Extras and options');
    expect(stepDefinition('2a').heading(dayTrip)).toBeNull();
    expect(stepDefinition('2a').heading(onlineTalk)).toBeNull();
  });
});

describe('labels', () => {
  it('names the five steps', () => {
    expect(visibleSteps(tour).map((s) => s.label)).toEqual([
      'Participants',
      'Travel arrangements & extras',
      'Accommodation',
      'Booking review & payment',
      'Confirmation',
    ]);
  });

  it("says 'Participant' for one participant", () => {
    expect(stepLabel(1, { participantCount: 1, isAgent: false })).toBe('Participant');
  });

  it("hides '& payment' for agents", () => {
    expect(stepLabel(4, { participantCount: 2, isAgent: true })).toBe('Booking review');
  });

  it('omits steps 2 and 3 on day trips and online talks', () => {
    expect(visibleSteps(dayTrip).map((s) => s.step)).toEqual([1, 4, 5]);
    expect(visibleSteps(onlineTalk).map((s) => s.step)).toEqual([1, 4, 5]);
  });
});

describe('moving forward', () => {
  it('walks every step of a full tour', () => {
    const ctx = { ...tour, hasFlightOptions: true, hasExtras: true, hasAdditionalNights: true, roomChosen: true };
    const path = ['1'];
    for (let step = nextStep('1', ctx); step; step = nextStep(step, ctx)) path.push(step);
    expect(path).toEqual(['1', '2a', '2b', '3a', '3b', '4a', '5a']);
  });

  it('goes from step 1 straight to review on day trips and online talks', () => {
    expect(nextStep('1', dayTrip)).toBe('4a');
    expect(nextStep('1', onlineTalk)).toBe('4a');
  });

  it('skips to 2b when no flight options came back', () => {
    expect(nextStep('1', { ...tour, hasFlightOptions: false })).toBe('2b');
  });

  it('skips extras in the direction of travel', () => {
    const ctx = { ...tour, hasExtras: false };
    expect(stepInDirection('2b', 'forward', ctx)).toBe('3a');
    expect(stepInDirection('2b', 'back', ctx)).toBe('2a');
    expect(nextStep('2a', ctx)).toBe('3a');
    expect(previousStep('3a', ctx)).toBe('2a');
  });

  it('goes from 3a to 3b only with additional nights and a chosen room', () => {
    expect(nextStep('3a', { ...tour, hasAdditionalNights: true, roomChosen: true })).toBe('3b');
    expect(nextStep('3a', { ...tour, hasAdditionalNights: true, roomChosen: false })).toBe('4a');
    expect(nextStep('3a', { ...tour, hasAdditionalNights: false, roomChosen: true })).toBe('4a');
    expect(nextStep('3a', tour)).toBe('4a');
  });

  it('ends after confirmation', () => {
    expect(nextStep('5a', tour)).toBeNull();
  });
});

describe('moving back', () => {
  it('goes 3b to 3a, 3a to 2b and 2b to 2a', () => {
    const ctx = { ...tour, hasAdditionalNights: true, roomChosen: true };
    expect(previousStep('3b', ctx)).toBe('3a');
    expect(previousStep('3a', ctx)).toBe('2b');
    expect(previousStep('2b', ctx)).toBe('2a');
  });

  it('goes from 2b to step 1 when there were no flight options', () => {
    expect(previousStep('2b', { ...tour, hasFlightOptions: false })).toBe('1');
  });

  it('has nothing before step 1', () => {
    expect(previousStep('1', tour)).toBeNull();
  });

  it('allows step 1 again only before the booking exists and while nothing loads', () => {
    expect(canRevisitParticipants({ hasActiveBooking: false, loading: false })).toBe(true);
    expect(canRevisitParticipants({ hasActiveBooking: true, loading: false })).toBe(false);
    expect(canRevisitParticipants({ hasActiveBooking: false, loading: true })).toBe(false);
  });
});

describe('next button', () => {
  it("says 'Continue to payment' where review comes next", () => {
    expect(nextButtonLabel('3a', tour)).toBe('Continue to payment');
    expect(nextButtonLabel('3b', { ...tour, hasAdditionalNights: true, roomChosen: true })).toBe('Continue to payment');
    expect(nextButtonLabel('1', dayTrip)).toBe('Continue to payment');
  });

  it("says 'Next' elsewhere, and to agents, who do not pay", () => {
    expect(nextButtonLabel('1', tour)).toBe('Next');
    expect(nextButtonLabel('3a', { ...tour, hasAdditionalNights: true, roomChosen: true })).toBe('Next');
    expect(nextButtonLabel('3a', { ...tour, isAgent: true })).toBe('Next');
  });
});

describe('payment started', () => {
  const none = { inProgress: false, awaitingConfirmation: false, answered: false };

  it('has not started before the card form opens', () => {
    expect(paymentStarted(none)).toBe(false);
  });

  it('has started with the card form open, a payment awaiting confirmation, or the server’s answer', () => {
    expect(paymentStarted({ ...none, inProgress: true })).toBe(true);
    expect(paymentStarted({ ...none, awaitingConfirmation: true })).toBe(true);
    expect(paymentStarted({ ...none, answered: true })).toBe(true);
  });
});

describe('visiting a step', () => {
  const full = { ...tour, hasFlightOptions: true, hasExtras: true, hasAdditionalNights: true, roomChosen: true };
  const at = (current: StepAccess['current'], furthest: StepAccess['furthest'], more: Partial<StepAccess> = {}): StepAccess => ({
    ctx: full,
    current,
    furthest,
    hasActiveBooking: true,
    loading: false,
    paymentStarted: false,
    ...more,
  });

  it('orders steps and tells the direction between them', () => {
    expect(laterStep('2b', '3a')).toBe('3a');
    expect(laterStep('4a', '1')).toBe('4a');
    expect(directionBetween('3a', '2a')).toBe('back');
    expect(directionBetween('1', '4a')).toBe('forward');
  });

  it('opens any applicable step up to the furthest reached, step 1 included once the booking exists', () => {
    const access = at('3a', '4a');
    expect(STEP_IDS.filter((id) => canVisitStep(id, access))).toEqual(['1', '2a', '2b', '3a', '3b', '4a']);
  });

  it('never opens a step not reached yet, nor the confirmation', () => {
    expect(canVisitStep('3a', at('2b', '2b'))).toBe(false);
    expect(canVisitStep('4a', at('2a', '3b'))).toBe(false);
    expect(canVisitStep('5a', at('4a', '5a'))).toBe(false);
  });

  it('counts the current step as reached, whatever was stored as the furthest', () => {
    expect(canVisitStep('2b', at('3a', '1'))).toBe(true);
  });

  it('skips steps that do not apply to the booking', () => {
    const noExtras = at('3a', '4a', { ctx: { ...full, hasExtras: false } });
    expect(canVisitStep('2b', noExtras)).toBe(false);
    const dayTripAccess = at('4a', '4a', { ctx: dayTrip });
    expect(STEP_IDS.filter((id) => canVisitStep(id, dayTripAccess))).toEqual(['1', '4a']);
  });

  it('opens only step 1 before the booking exists', () => {
    expect(canVisitStep('1', at('2a', '2a', { hasActiveBooking: false }))).toBe(true);
    expect(canVisitStep('2b', at('1', '3a', { hasActiveBooking: false }))).toBe(false);
  });

  it('moves nowhere while a call runs or once payment has started, but the current step stays open', () => {
    expect(canVisitStep('3a', at('4a', '4a', { loading: true }))).toBe(false);
    expect(canVisitStep('3a', at('4a', '4a', { paymentStarted: true }))).toBe(false);
    expect(canVisitStep('1', at('4a', '4a', { paymentStarted: true }))).toBe(false);
    expect(canVisitStep('4a', at('4a', '4a', { paymentStarted: true }))).toBe(true);
  });
});

describe('Back', () => {
  const full = { ...tour, hasFlightOptions: true, hasExtras: true, hasAdditionalNights: true, roomChosen: true };
  const from = (current: StepAccess['current'], more: Partial<StepAccess> = {}): StepAccess => ({
    ctx: full,
    current,
    furthest: '4a',
    hasActiveBooking: true,
    loading: false,
    paymentStarted: false,
    ...more,
  });

  it('leads to the previous applicable step from every step after the first', () => {
    expect(backTarget(from('4a'))).toBe('3b');
    expect(backTarget(from('3b'))).toBe('3a');
    expect(backTarget(from('3a'))).toBe('2b');
    expect(backTarget(from('2b'))).toBe('2a');
    expect(backTarget(from('2a'))).toBe('1');
  });

  it('leads from review past the steps that do not apply', () => {
    expect(backTarget(from('4a', { ctx: { ...full, hasAdditionalNights: false } }))).toBe('3a');
    expect(backTarget(from('4a', { ctx: dayTrip }))).toBe('1');
    expect(backTarget(from('4a', { ctx: onlineTalk }))).toBe('1');
    expect(backTarget(from('3a', { ctx: { ...full, hasExtras: false, hasFlightOptions: false } }))).toBe('1');
  });

  it('is not offered on step 1, on the confirmation, or at review once payment has started', () => {
    expect(backTarget(from('1'))).toBeNull();
    expect(backTarget(from('5a', { furthest: '5a' }))).toBeNull();
    expect(backTarget(from('4a', { paymentStarted: true }))).toBeNull();
  });
});
