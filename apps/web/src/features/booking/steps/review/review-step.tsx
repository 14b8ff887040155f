import { paymentStarted, type StepId } from '@tours/domain/booking/steps';
import type { Tour } from '@tours/domain/contracts/catalogue';
import type { CurrencyCode } from '@tours/domain/money';
import { useEffect } from 'react';
import { useIsAgentBooking } from '../../flow/agent-booking.ts';
import { useBookingEventOnArrival, type BookingEventProduct } from '../../flow/booking-analytics.ts';
import type { OfferedOptions } from '../../flow/booking-options.ts';
import type { ActiveBooking } from '../../store/active-booking.ts';
import { useBookingStore, type FlowPassenger } from '../../store/booking-store.ts';
import { awaitingConfirmation, paymentProgress, usePaymentStore } from '../../store/payment-store.ts';
import { AgentConfirmation } from './agent-confirmation.tsx';
import { PaymentSection } from './payment-section.tsx';
import { PromotionField } from './promotion-field.tsx';
import { ReviewDetails } from './review-details.tsx';
import { useFreshFigures } from './use-fresh-figures.ts';
import './review.css';

interface ReviewStepProps {
  tour: Tour;
  currency: CurrencyCode;
  offered: OfferedOptions | null;
  passengers: FlowPassenger[];
  product: BookingEventProduct;
  /** Replaced in tests: jsdom cannot reload. */
  reload?: () => void;
  /**
   * Goes back to a step ('1', '2a', '2b', '3a', '3b') with the choices kept; the
   * flow owns the navigation. Without it, or once payment has started, the
   * review offers no 'Change'.
   */
  onChange?: (step: StepId) => void;
}

/**
 * Step 4a, 'Booking review & payment' (spec sections 2 and 4): the booking
 * as the server priced it, the promotional code, then the terms and the card
 * payment. Reaching review without pre-payment details means the booking
 * cannot go on online (availability false). A travel agent's booking shows
 * the outstanding balance and confirms without payment instead.
 */
export function ReviewStep(props: ReviewStepProps) {
  const booking = useBookingStore((state) => state.activeBooking);
  return booking ? <Review {...props} booking={booking} /> : null;
}

function Review({ tour, currency, offered, passengers, product, reload, onChange, booking }: ReviewStepProps & { booking: ActiveBooking }) {
  const details = usePaymentStore((state) => state.prePaymentDetails);
  const promotion = usePaymentStore((state) => state.promotion);
  const paid = usePaymentStore(awaitingConfirmation);
  const answered = usePaymentStore((state) => state.postPaymentDetails !== null);
  const started = usePaymentStore((state) => paymentStarted(paymentProgress(state)));
  const isAgent = useIsAgentBooking();
  const figures = useFreshFigures(booking, !paid && !answered);
  useBookingEventOnArrival('booking_review_and_payment', product, details !== null);

  useEffect(() => {
    if (!details) useBookingStore.getState().setAvailability(false);
  }, [details]);

  if (!details) return null;
  return (
    <>
      <ReviewDetails
        tour={tour}
        currency={currency}
        offered={offered}
        passengers={passengers}
        details={details}
        promotion={promotion}
        agent={isAgent}
        onChange={started ? undefined : onChange}
      />
      <PromotionField booking={booking} locked={paid || (isAgent && started)} />
      {isAgent && !paid ? (
        <AgentConfirmation booking={booking} currency={currency} product={product} />
      ) : (
        <PaymentSection
          booking={booking}
          currency={currency}
          product={product}
          passengers={passengers}
          details={details}
          figures={figures.status}
          refreshFigures={figures.refresh}
          reload={reload}
        />
      )}
    </>
  );
}
