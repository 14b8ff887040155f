import { adultPrice, formatSupplement, isAllocated, SCREEN_TEXT, type CurrencyCode } from '@tours/domain';
import { passengerName } from '../../booking-format.ts';
import { StepActions } from '../../components/step-actions.tsx';
import { useBookingEventOnArrival, type BookingEventProduct } from '../../flow/booking-analytics.ts';
import type { OfferedOptions } from '../../flow/booking-options.ts';
import type { BookingFlow } from '../../flow/use-booking-flow.ts';
import { useBookingStore, type FlowPassenger } from '../../store/booking-store.ts';

interface ExtrasStepProps {
  flow: BookingFlow;
  offered: OfferedOptions;
  currency: CurrencyCode;
  passengers: FlowPassenger[];
  product: BookingEventProduct;
}

/**
 * Step 2b (spec section 2): each extra with a tickbox per participant.
 * Additional nights are not extras here; step 3b offers them. With no
 * extras the message shows while the flow passes the step in the direction
 * of travel.
 */
export function ExtrasStep({ flow, offered, currency, passengers, product }: ExtrasStepProps) {
  const hasExtras = offered.extras.length > 0;
  useBookingEventOnArrival('extras', product, hasExtras);
  const allocations = useBookingStore((state) => state.allocations.extras);

  if (!hasExtras) {
    return (
      <>
        <p className="step-message" role="status">
          {SCREEN_TEXT.noExtras}
        </p>
        <StepActions flow={flow} />
      </>
    );
  }

  return (
    <>
      <p className="lede">Add any of these options for each participant.</p>
      {offered.extras.map((extra, index) => (
        <fieldset key={extra.id} className="option-section option-section--extra">
          <legend className="option-section__legend">
            Option {index + 1}: {extra.name}
          </legend>
          <div className="extra">
            {extra.description ? <p className="extra__description">{extra.description}</p> : null}
            <p className="extra__price">{formatSupplement(adultPrice(extra), currency)}</p>
          </div>
          <ul className="choice-list">
            {passengers.map((passenger) => (
              <li key={passenger.id}>
                <label className="choice">
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={isAllocated(allocations, extra.id, passenger.id)}
                    onChange={(event) => useBookingStore.getState().toggleExtra(extra.id, passenger.id, event.target.checked)}
                  />
                  <span>{passengerName(passenger)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <StepActions flow={flow} />
    </>
  );
}
