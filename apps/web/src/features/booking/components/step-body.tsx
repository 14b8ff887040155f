import type { ParticipantsForm } from '@tours/domain/booking/participant-form';
import type { Tour } from '@tours/domain/contracts/catalogue';
import { lazy, Suspense, useEffect } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { BookingQuery } from '../booking-query.ts';
import { useBookingEventOnArrival, type BookingEventProduct } from '../flow/booking-analytics.ts';
import type { BookingFlow } from '../flow/use-booking-flow.ts';
import type { BookingOptions } from '../flow/use-booking-options.ts';
import type { FlowPassenger } from '../store/booking-store.ts';
import { ParticipantsStep } from '../steps/participants/participants-step.tsx';
import '../steps/steps.css';

// Review carries the card payment and its provider code (the byte budget of /book in
// e2e/tests/budgets.spec.ts): it loads while the visitor is on the earlier steps (prefetched below).
const loadReviewStep = () => import('../steps/review/review-step.tsx');
const ReviewStep = lazy(async () => ({ default: (await loadReviewStep()).ReviewStep }));
// Steps 2 and 3 likewise: step 1 is what /book shows first; they load as the participants are sent.
const loadLaterSteps = () => import('../steps/later-steps.ts');
const FlightsStep = lazy(async () => ({ default: (await loadLaterSteps()).FlightsStep }));
const ExtrasStep = lazy(async () => ({ default: (await loadLaterSteps()).ExtrasStep }));
const RoomsStep = lazy(async () => ({ default: (await loadLaterSteps()).RoomsStep }));
const AdditionalNightsStep = lazy(async () => ({ default: (await loadLaterSteps()).AdditionalNightsStep }));

interface StepBodyProps {
  flow: BookingFlow;
  tour: Tour;
  query: BookingQuery;
  options: BookingOptions;
  passengers: FlowPassenger[];
  product: BookingEventProduct;
  onParticipants: (form: ParticipantsForm) => void;
}

/** The step the state names, or what it waits for: the booking being made, the options loading, a failed load. */
export function StepBody({ flow, tour, query, options, passengers, product, onParticipants }: StepBodyProps) {
  const { step } = flow;
  // Past the participants the review is a few steps away: fetch its code now, so it shows at once.
  useEffect(() => {
    if (step !== '1') void loadReviewStep();
  }, [step]);
  // Steps 2 and 3 come next: their code loads while the booking is being made (or at once, on a later step after a reload).
  useEffect(() => {
    if (step !== '1' || flow.loading) void loadLaterSteps();
  }, [step, flow.loading]);
  if (step === '1') {
    return (
      <ParticipantsArrival
        tour={tour}
        query={query}
        product={product}
        loading={flow.loading}
        bookingMade={passengers.length > 0}
        onNext={onParticipants}
      />
    );
  }
  if (step === '4a' && !flow.loading) {
    return (
      <div className="card booking-step__card">
        <Suspense fallback={<StepLoader label="Loading the review" />}>
          <ReviewStep
            tour={tour}
            currency={query.currency}
            offered={options.offered}
            passengers={passengers}
            product={product}
            onChange={flow.canChange ? flow.changeTo : undefined}
          />
        </Suspense>
        {/* Review has its own ways on (pay, or confirm); Back goes while payment has not started. Disabled while a call runs, as on every
            step (StepActions): Back does nothing then, and an enabled button that ignored its click left a visitor (and a CI run) on review. */}
        {flow.canGoBack ? (
          <div className="step-actions">
            <Button variant="secondary" onClick={flow.back} disabled={flow.loading}>
              Back
            </Button>
          </div>
        ) : null}
      </div>
    );
  }
  if (step === '5a') return null;

  // Steps 2 and 3 need the booking and its options.
  if (passengers.length === 0 || (flow.loading && !options.offered)) {
    return <StepLoader label={passengers.length === 0 ? 'Creating your booking' : 'Preparing your booking'} />;
  }
  if (step === '4a' || options.status === 'idle' || options.status === 'loading') {
    return <StepLoader label={flow.loading ? 'Checking availability and prices' : 'Loading the options for your tour'} />;
  }
  if (options.status === 'error' || !options.offered) {
    return (
      <Notice tone="danger" title="We could not load the options for your tour" titleAs="h3">
        <p>Please try again.</p>
        <Button onClick={options.retry}>Try again</Button>
      </Notice>
    );
  }

  // No room can be offered: the availability-error screen takes over, so no step (nor its analytics event) is shown first.
  if (options.offered.noRooms) return null;

  const common = { flow, offered: options.offered, currency: query.currency, product };
  return (
    <div className="card booking-step__card">
      <Suspense fallback={<StepCodeLoading />}>
        {step === '2a' ? <FlightsStep {...common} passengers={passengers} /> : null}
        {step === '2b' ? <ExtrasStep {...common} passengers={passengers} /> : null}
        {step === '3a' ? <RoomsStep {...common} /> : null}
        {step === '3b' ? <AdditionalNightsStep {...common} passengers={passengers} /> : null}
      </Suspense>
    </div>
  );
}

/** Inside the step's card while its code arrives (rarely seen: it loads while the booking is made). */
function StepCodeLoading() {
  return (
    <div className="booking-step__loader">
      <Spinner label="Loading the step" />
      <p aria-hidden="true">Loading the step…</p>
    </div>
  );
}

function StepLoader({ label }: { label: string }) {
  return (
    <div className="card booking-step__card booking-step__loader">
      <Spinner label={label} />
      <p aria-hidden="true">{label}…</p>
    </div>
  );
}

/** Step 1 with the view_cart event: arriving at the participants form is viewing the tour in the cart. */
function ParticipantsArrival({
  tour,
  query,
  product,
  loading,
  bookingMade,
  onNext,
}: {
  tour: Tour;
  query: BookingQuery;
  product: BookingEventProduct;
  loading: boolean;
  /** The visitor came back to step 1 of a booking already made: Next updates it rather than making another. */
  bookingMade: boolean;
  onNext: (form: ParticipantsForm) => void;
}) {
  useBookingEventOnArrival('view_cart', product);
  return (
    <>
      {bookingMade ? (
        <Notice tone="info" className="booking-step__notice">
          <p>Your booking has been started: Next saves any changes to it. Adding or removing a participant starts the booking again.</p>
        </Notice>
      ) : null}
      <ParticipantsStep brandChannel={tour.brand_channel} departureDate={query.departure} loading={loading} onNext={onNext} />
    </>
  );
}
