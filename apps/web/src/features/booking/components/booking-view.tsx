import {
  omitsTravelAndAccommodation,
  stepDefinition,
  stepLabel,
  type ParticipantsForm,
  type StepId,
  type Tour,
} from '@tours/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Notice } from '../../../components/ui/notice.tsx';
import type { BookingQuery } from '../booking-query.ts';
import { useAgentIdentity } from '../flow/agent-booking.ts';
import { selectTourForReview, submitParticipants } from '../flow/booking-actions.ts';
import type { BookingEventProduct } from '../flow/booking-analytics.ts';
import { summaryFigures } from '../flow/summary-figures.ts';
import { useBookingFlow } from '../flow/use-booking-flow.ts';
import { useBookingOptions } from '../flow/use-booking-options.ts';
import { useStepHistory } from '../flow/use-step-history.ts';
import { useBookingStore } from '../store/booking-store.ts';
import { usePassengerStore } from '../store/passenger-store.ts';
import { awaitingConfirmation, usePaymentStore } from '../store/payment-store.ts';
import { AvailabilityGate, UnconfirmedScreen } from './outcome-screens.tsx';
import { BookingSummary } from './booking-summary.tsx';
import { StepBody } from './step-body.tsx';
import { StepProgress } from './step-progress.tsx';

interface BookingViewProps {
  query: BookingQuery;
  tour: Tour;
  timedOut: boolean;
  onRestart: () => void;
}

const TRAVEL_AND_ROOM_STEPS: readonly StepId[] = ['2a', '2b', '3a', '3b'];

/** The sub-step's heading: the domain's where it has one, otherwise the step's label. */
function headingFor(step: StepId, participantCount: number, isAgent: boolean): string {
  const definition = stepDefinition(step);
  const ctx = { brandChannel: null, participantCount, isAgent };
  if (step === '3b') return 'Additional nights';
  return definition.heading(ctx) ?? stepLabel(definition.step, ctx);
}

/**
 * The booking flow for one tour departure: the progress indicator, the step
 * the state names, and the summary panel; or an availability-error screen
 * when the booking cannot go on online.
 */
export function BookingView({ query, tour, timedOut, onRestart }: BookingViewProps) {
  const queryClient = useQueryClient();
  const availability = useBookingStore((state) => state.availability);
  const unconfirmed = useBookingStore((state) => state.unconfirmed);
  const activeBooking = useBookingStore((state) => state.activeBooking);
  const passengers = useBookingStore((state) => state.passengers);
  const allocations = useBookingStore((state) => state.allocations);
  const details = usePaymentStore((state) => state.prePaymentDetails);
  const pricedChoices = usePaymentStore((state) => state.pricedAllocations);
  const postPayment = usePaymentStore((state) => state.postPaymentDetails);
  const promotion = usePaymentStore((state) => state.promotion);
  const paid = usePaymentStore(awaitingConfirmation);
  const formCount = usePassengerStore((state) => state.count);
  const travelAndRooms = !omitsTravelAndAccommodation(tour.brand_channel);
  const options = useBookingOptions(travelAndRooms);
  const offered = options.offered;
  const flow = useBookingFlow(tour.brand_channel, offered);
  const agent = useAgentIdentity();
  const { step } = flow;
  // The URL follows the step while the flow is shown; the confirmation, the unconfirmed and the availability-error screens have their own.
  useStepHistory(flow, step !== '5a' && !unconfirmed && availability);
  const product = useMemo<BookingEventProduct>(
    () => ({ code: tour.code, name: tour.name, currency: query.currency }),
    [tour.code, tour.name, query.currency],
  );

  // No room can be offered: the booking cannot be completed online, so say so before the visitor chooses anything else.
  useEffect(() => {
    if (activeBooking && offered?.noRooms) useBookingStore.getState().setAvailability(false);
  }, [activeBooking, offered]);

  // A step found empty on arrival is passed in the direction of travel (spec section 2, Step 2b).
  useEffect(() => {
    if (!activeBooking || flow.loading || !availability || !TRAVEL_AND_ROOM_STEPS.includes(step)) return;
    if (!travelAndRooms) {
      // A reload cut the tour selection of a day trip short: finish it.
      void selectTourForReview(queryClient);
      return;
    }
    if (options.status === 'ready' && !stepDefinition(step).isApplicable(flow.ctx)) void flow.skipEmptyStep();
  }, [activeBooking, flow, availability, step, travelAndRooms, options.status, queryClient]);

  const figures = summaryFigures({
    tour,
    details,
    pricedChoices,
    allocations,
    offered,
    passengerIds: passengers.map((passenger) => passenger.id),
    participants: passengers.length || formCount,
    promotionActive: promotion !== null,
  });
  const reference = postPayment?.reference ?? (activeBooking ? String(activeBooking.id) : null);

  const onParticipants = (form: ParticipantsForm) => void submitParticipants({ query, tour, form, queryClient });

  // Paid: the confirmation page shows the rest, and the unconfirmed screen offers no second payment.
  if (activeBooking && step === '5a') return <Navigate to="/booking-confirmation" replace />;
  if (activeBooking && unconfirmed) return <UnconfirmedScreen bookingId={activeBooking.id} paid={!flow.ctx.isAgent} />;

  const gate = <AvailabilityGate tour={tour} product={product} bookingId={activeBooking?.id ?? null} onRetry={onRestart} />;
  // Once paid, the confirmation decides what comes next: no screen may invite starting over.
  if (!paid && (!availability || (!tour.available_to_book && !activeBooking))) return gate;

  return (
    <div className="booking">
      <StepProgress
        ctx={flow.ctx}
        current={stepDefinition(step).step}
        canRevisitParticipants={flow.canRevisitParticipants}
        onRevisitParticipants={flow.revisitParticipants}
      />
      <div className="booking__layout">
        <BookingSummary
          tour={tour}
          currency={query.currency}
          figures={figures}
          reference={reference}
          discountLabel={promotion?.name}
          agent={agent}
        />
        <StepSection step={step} participantCount={flow.ctx.participantCount} isAgent={flow.ctx.isAgent}>
          {timedOut && step === '1' ? (
            <Notice tone="info" role="status">
              <p>Your booking session timed out, so your booking has been started again.</p>
            </Notice>
          ) : null}
          <StepBody
            flow={flow}
            tour={tour}
            query={query}
            options={options}
            passengers={passengers}
            product={product}
            onParticipants={onParticipants}
          />
        </StepSection>
      </div>
    </div>
  );
}

/**
 * The current step under its heading. On a change of step the page scrolls
 * to the top and focus moves to the new heading, so keyboard and screen
 * reader users start the step where everyone else does.
 */
function StepSection({ step, participantCount, isAgent, children }: { step: StepId; participantCount: number; isAgent: boolean; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  return (
    <section className="booking-step" aria-labelledby="booking-step-heading">
      <h2 className="booking-step__heading" id="booking-step-heading" ref={headingRef} tabIndex={-1}>
        {headingFor(step, participantCount, isAgent)}
      </h2>
      {children}
    </section>
  );
}
