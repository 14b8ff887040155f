import {
  canRevisitParticipants,
  nextButtonLabel,
  nextStep,
  previousStep,
  stepDefinition,
  stepInDirection,
  type StepContext,
  type StepId,
} from '@tours/domain';
import { useCallback, useMemo } from 'react';
import { usePassengerStore } from '../store/passenger-store.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { submitSelectionsForReview } from './booking-actions.ts';
import { chosenRoomType, type OfferedOptions } from './booking-options.ts';

export interface BookingFlow {
  step: StepId;
  ctx: StepContext;
  loading: boolean;
  /** Back is shown (2b and step 3) and leads somewhere the visitor may go. */
  canGoBack: boolean;
  nextLabel: 'Next' | 'Continue to payment';
  /** Step 1 can be reopened from step 2 (spec section 2, Step labels). */
  canRevisitParticipants: boolean;
  next: () => Promise<void>;
  back: () => void;
  revisitParticipants: () => void;
  /** Moves on from a step found empty on arrival, in the direction of travel. */
  skipEmptyStep: () => Promise<void>;
}

/**
 * The pretix-style flow over the domain's step registry: the current step is
 * state, and Next and Back walk to the next applicable step. Whether a step
 * applies follows from the option lists once loaded (no flights skips 2a, no
 * extras skips 2b, 3b only with additional nights and a room).
 */
export function useBookingFlow(brandChannel: number, offered: OfferedOptions | null): BookingFlow {
  const step = useBookingStore((state) => state.step);
  const direction = useBookingStore((state) => state.direction);
  const loading = useBookingStore((state) => state.stepLoading);
  const hasActiveBooking = useBookingStore((state) => state.activeBooking !== null);
  const bookedCount = useBookingStore((state) => state.passengers.length);
  const roomChoice = useBookingStore((state) => state.summary.roomChoice);
  const formCount = usePassengerStore((state) => state.count);

  const ctx = useMemo<StepContext>(
    () => ({
      brandChannel,
      participantCount: bookedCount || formCount,
      isAgent: false,
      ...(offered
        ? {
            hasFlightOptions: offered.flightGroups.length > 0,
            hasExtras: offered.extras.length > 0,
            hasAdditionalNights: offered.additionalNights.length > 0,
            roomChosen: chosenRoomType(offered.roomChoices, roomChoice) !== null,
          }
        : {}),
    }),
    [brandChannel, bookedCount, formCount, offered, roomChoice],
  );

  const revisitAllowed = step.startsWith('2') && canRevisitParticipants({ hasActiveBooking, loading });
  const backTarget = previousStep(step, ctx);
  const canGoBack =
    stepDefinition(step).showsBack && backTarget !== null && (backTarget !== '1' || canRevisitParticipants({ hasActiveBooking, loading }));

  const advanceTo = useCallback(
    async (target: StepId | null) => {
      if (target === null) return;
      // Review needs the server's totals, so reaching 4a always goes through the selections call.
      if (target === '4a') {
        if (offered) await submitSelectionsForReview(offered);
        return;
      }
      useBookingStore.getState().goToStep(target, 'forward');
    },
    [offered],
  );

  const next = useCallback(() => advanceTo(nextStep(step, ctx)), [advanceTo, step, ctx]);

  const back = useCallback(() => {
    if (canGoBack && backTarget) useBookingStore.getState().goToStep(backTarget, 'back');
  }, [canGoBack, backTarget]);

  const revisitParticipants = useCallback(() => {
    if (revisitAllowed) useBookingStore.getState().goToStep('1', 'back');
  }, [revisitAllowed]);

  const skipEmptyStep = useCallback(async () => {
    const target = stepInDirection(step, direction, ctx);
    if (direction === 'back' && (target === null || (target === '1' && !canRevisitParticipants({ hasActiveBooking, loading })))) {
      // Nothing open behind: carry on forward instead of stranding the visitor on an empty step.
      await advanceTo(nextStep(step, ctx));
      return;
    }
    if (direction === 'back' && target) useBookingStore.getState().goToStep(target, 'back');
    else await advanceTo(target);
  }, [step, direction, ctx, hasActiveBooking, loading, advanceTo]);

  return {
    step,
    ctx,
    loading,
    canGoBack,
    nextLabel: nextButtonLabel(step, ctx),
    canRevisitParticipants: revisitAllowed,
    next,
    back,
    revisitParticipants,
    skipEmptyStep,
  };
}
