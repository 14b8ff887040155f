import {
  backTarget,
  canRevisitParticipants,
  canVisitStep,
  directionBetween,
  nextButtonLabel,
  nextStep,
  paymentStarted,
  previousStep,
  stepDefinition,
  type StepAccess,
  type StepContext,
  type StepId,
} from '@tours/domain/booking/steps';
import { omitsTravelAndAccommodation } from '@tours/domain/brand-channels';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { usePassengerStore } from '../store/passenger-store.ts';
import { useBookingStore, type HistoryEntry } from '../store/booking-store.ts';
import { paymentProgress, usePaymentStore } from '../store/payment-store.ts';
import { useIsAgentBooking } from './agent-booking.ts';
import { selectTourForReview, submitSelectionsForReview } from './booking-actions.ts';
import { chosenRoomType, type OfferedOptions } from './booking-options.ts';

export interface BookingFlow {
  step: StepId;
  ctx: StepContext;
  loading: boolean;
  /** Back is shown: every step after the first leads back, except review once payment has started (disabled while a call runs). */
  canGoBack: boolean;
  nextLabel: 'Next' | 'Continue to payment';
  /** The progress bar's link to step 1 (spec section 2, Step labels). */
  canRevisitParticipants: boolean;
  /**
   * Whether the steps that apply are known: the option lists have loaded, or
   * the tour has no travel or accommodation, or there is no booking yet.
   * Until then a step in the URL waits rather than being judged.
   */
  settled: boolean;
  /** Payment has started (the domain's paymentStarted): the booking is no longer changed from the flow. */
  paymentStarted: boolean;
  /** Change links may be offered: until payment starts. */
  canChange: boolean;
  next: () => Promise<void>;
  back: () => void;
  revisitParticipants: () => void;
  /** Whether the visitor may open this step now (the domain's canVisitStep). */
  canVisit: (target: StepId) => boolean;
  /** Whether the step applies to this booking at all. */
  applies: (target: StepId) => boolean;
  /**
   * Opens a step the visitor may open, from the browser's history or the URL.
   * Review goes through the server again (the selections, or the tour alone),
   * so its totals are always those of the choices as they now stand.
   */
  visit: (target: StepId, entry?: HistoryEntry) => Promise<void>;
  /** The review's Change links: to that step with every choice kept; Next then walks forward to review again. */
  changeTo: (target: StepId) => void;
  /** Moves on from a step found empty on arrival, in the direction of travel, in place of it in the history. */
  skipEmptyStep: () => Promise<void>;
}

/**
 * The pretix-style flow over the domain's step registry: the current step is
 * state, and Next and Back walk to the next applicable one. Whether a step
 * applies follows from the option lists once loaded (no flights skips 2a, no
 * extras skips 2b, 3b only with additional nights and a room). Where the
 * visitor may go other than by Next is the domain's canVisitStep.
 */
export function useBookingFlow(brandChannel: number, offered: OfferedOptions | null): BookingFlow {
  const queryClient = useQueryClient();
  const step = useBookingStore((state) => state.step);
  const furthest = useBookingStore((state) => state.furthest);
  const direction = useBookingStore((state) => state.direction);
  const loading = useBookingStore((state) => state.stepLoading);
  const unconfirmed = useBookingStore((state) => state.unconfirmed);
  const hasActiveBooking = useBookingStore((state) => state.activeBooking !== null);
  const bookedCount = useBookingStore((state) => state.passengers.length);
  const roomChoice = useBookingStore((state) => state.summary.roomChoice);
  const formCount = usePassengerStore((state) => state.count);
  const paymentUnderWay = usePaymentStore((state) => paymentStarted(paymentProgress(state)));
  const started = paymentUnderWay || unconfirmed;
  const isAgent = useIsAgentBooking();

  const ctx = useMemo<StepContext>(
    () => ({
      brandChannel,
      // Step 1 counts the form as it is being filled in (also when the booking exists and a participant is added or removed).
      participantCount: step === '1' ? formCount : bookedCount || formCount,
      // An agent confirms without paying: no '& payment' in the label, 'Next' rather than 'Continue to payment'.
      isAgent,
      ...(offered
        ? {
            hasFlightOptions: offered.flightGroups.length > 0,
            hasExtras: offered.extras.length > 0,
            hasAdditionalNights: offered.additionalNights.length > 0,
            roomChosen: chosenRoomType(offered.roomChoices, roomChoice) !== null,
          }
        : {}),
    }),
    [brandChannel, step, bookedCount, formCount, isAgent, offered, roomChoice],
  );

  const access = useMemo<StepAccess>(
    () => ({ ctx, current: step, furthest, hasActiveBooking, loading, paymentStarted: started }),
    [ctx, step, furthest, hasActiveBooking, loading, started],
  );

  const revisitAllowed = step.startsWith('2') && canRevisitParticipants({ hasActiveBooking, loading });
  // Shown while a call runs too (disabled then), so the buttons do not jump about.
  const canGoBack = backTarget({ ...access, loading: false }) !== null;

  const advanceTo = useCallback(
    async (target: StepId | null, entry: HistoryEntry = 'push') => {
      if (target === null) return;
      // Review needs the server's totals, so reaching 4a always goes through the selections call.
      if (target === '4a') {
        if (omitsTravelAndAccommodation(brandChannel)) await selectTourForReview(queryClient);
        else if (offered) await submitSelectionsForReview(offered, entry);
        return;
      }
      useBookingStore.getState().goToStep(target, 'forward', entry);
    },
    [offered, brandChannel, queryClient],
  );

  const next = useCallback(() => advanceTo(nextStep(step, ctx)), [advanceTo, step, ctx]);

  const back = useCallback(() => {
    const target = backTarget(access);
    if (target) useBookingStore.getState().goToStep(target, 'back');
  }, [access]);

  const revisitParticipants = useCallback(() => {
    if (revisitAllowed) useBookingStore.getState().goToStep('1', 'back');
  }, [revisitAllowed]);

  const canVisit = useCallback((target: StepId) => canVisitStep(target, access), [access]);
  const applies = useCallback((target: StepId) => stepDefinition(target).isApplicable(ctx), [ctx]);

  const visit = useCallback(
    async (target: StepId, entry: HistoryEntry = 'push') => {
      if (target === step || !canVisitStep(target, access)) return;
      const towards = directionBetween(step, target);
      if (towards === 'forward') await advanceTo(target, entry);
      else useBookingStore.getState().goToStep(target, 'back', entry);
    },
    [step, access, advanceTo],
  );

  const changeTo = useCallback((target: StepId) => void visit(target), [visit]);

  const skipEmptyStep = useCallback(async () => {
    const target = direction === 'back' ? previousStep(step, ctx) : nextStep(step, ctx);
    if (direction === 'back' && target !== null) {
      useBookingStore.getState().goToStep(target, 'back', 'replace');
      return;
    }
    // Forward, or nothing behind: carry on forward rather than strand the visitor on an empty step.
    await advanceTo(direction === 'back' ? nextStep(step, ctx) : target, 'replace');
  }, [step, direction, ctx, advanceTo]);

  return {
    step,
    ctx,
    loading,
    canGoBack,
    nextLabel: nextButtonLabel(step, ctx),
    canRevisitParticipants: revisitAllowed,
    settled: offered !== null || omitsTravelAndAccommodation(brandChannel) || !hasActiveBooking,
    paymentStarted: started,
    canChange: !started,
    next,
    back,
    revisitParticipants,
    canVisit,
    applies,
    visit,
    changeTo,
    skipEmptyStep,
  };
}
