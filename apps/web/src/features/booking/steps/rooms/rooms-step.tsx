import { formatSupplement, type CurrencyCode } from '@tours/domain/money';
import { useId } from 'react';
import { nightsLabel } from '../../booking-format.ts';
import { StepActions } from '../../components/step-actions.tsx';
import { useBookingEventOnArrival, type BookingEventProduct } from '../../flow/booking-analytics.ts';
import { chosenRoomType, type OfferedOptions } from '../../flow/booking-options.ts';
import type { BookingFlow } from '../../flow/use-booking-flow.ts';
import { useBookingStore } from '../../store/booking-store.ts';

interface RoomsStepProps {
  flow: BookingFlow;
  offered: OfferedOptions;
  currency: CurrencyCode;
  product: BookingEventProduct;
}

/**
 * Step 3a (spec sections 2, 4 and 5): one room type for all passengers at
 * every hotel of the tour, cheapest first, offered only where every hotel has
 * it for this party. Next waits for a choice. (An empty list never reaches
 * this step: it is the availability-error screen.)
 */
export function RoomsStep({ flow, offered, currency, product }: RoomsStepProps) {
  useBookingEventOnArrival('accommodation', product);
  const roomChoice = useBookingStore((state) => state.summary.roomChoice);
  const chosen = chosenRoomType(offered.roomChoices, roomChoice);
  const hintId = useId();

  return (
    <>
      <section className="option-section" aria-labelledby={`${hintId}-hotels`}>
        <h3 id={`${hintId}-hotels`}>Your hotels</h3>
        <ul className="hotel-list">
          {offered.hotels.map((hotel) => (
            <li key={hotel.hotel} className="hotel-list__item">
              <span className="hotel-list__name">{hotel.hotel}</span>
              <span className="hotel-list__nights">{nightsLabel(hotel.nights)}</span>
            </li>
          ))}
        </ul>
      </section>

      <fieldset className="option-section">
        <legend className="option-section__legend">Choose one room type for all passengers and all hotels</legend>
        <ul className="option-list">
          {offered.roomChoices.map((choice) => (
            <li key={choice.type}>
              <label className="option-card">
                <input
                  type="radio"
                  name="room-type"
                  checked={chosen?.type === choice.type}
                  onChange={() => useBookingStore.getState().chooseRoom(choice)}
                />
                <span className="option-card__body">
                  <span className="option-card__title">{choice.rooms[0]?.name ?? choice.type}</span>
                  <span className="option-card__text">At {offered.hotels.map((hotel) => hotel.hotel).join(' and ')}</span>
                </span>
                <span className="option-card__price">{formatSupplement(choice.price, currency)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      {chosen ? null : (
        <p className="step-message" id={hintId}>
          Choose a room type to continue.
        </p>
      )}
      <StepActions flow={flow} canContinue={chosen !== null} describedBy={chosen ? undefined : hintId} />
    </>
  );
}
