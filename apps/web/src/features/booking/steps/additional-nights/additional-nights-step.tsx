import { isAllocated } from '@tours/domain/booking/allocations';
import { adultPrice } from '@tours/domain/booking/options';
import { formatSupplement, type CurrencyCode } from '@tours/domain/money';
import { ROOM_EXTRAS_LOADER_DELAY_MS } from '@tours/domain/timing';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useElapsed } from '../../../../lib/use-elapsed.ts';
import { passengerName } from '../../booking-format.ts';
import { StepActions } from '../../components/step-actions.tsx';
import { useBookingEventOnArrival, type BookingEventProduct } from '../../flow/booking-analytics.ts';
import type { OfferedOptions } from '../../flow/booking-options.ts';
import type { BookingFlow } from '../../flow/use-booking-flow.ts';
import { useBookingStore, type FlowPassenger } from '../../store/booking-store.ts';

interface AdditionalNightsStepProps {
  flow: BookingFlow;
  offered: OfferedOptions;
  currency: CurrencyCode;
  passengers: FlowPassenger[];
  product: BookingEventProduct;
}

/**
 * Step 3b (spec sections 2 and 5): each passenger may take one of the
 * additional nights for a party of their size, cheapest first, or opt out,
 * which is where everyone starts. The room extras loader shows briefly
 * (spec section 9) so the change of step registers.
 */
export function AdditionalNightsStep({ flow, offered, currency, passengers, product }: AdditionalNightsStepProps) {
  useBookingEventOnArrival('accommodation_extras', product);
  const loaded = useElapsed(ROOM_EXTRAS_LOADER_DELAY_MS);
  const allocations = useBookingStore((state) => state.allocations.extras);
  const nightIds = offered.additionalNights.map((night) => night.id);

  if (!loaded) return <Spinner label="Loading additional nights" />;

  return (
    <>
      <p className="lede">Would you like to extend your stay? Choose for each passenger.</p>
      {passengers.map((passenger) => {
        const chosen = nightIds.find((id) => isAllocated(allocations, id, passenger.id)) ?? null;
        const choose = (nightId: number | null) =>
          useBookingStore.getState().chooseAdditionalNight(nightIds, passenger.id, nightId);
        return (
          <fieldset key={passenger.id} className="option-section">
            <legend className="option-section__legend">Additional nights for {passengerName(passenger)}</legend>
            <ul className="option-list">
              {offered.additionalNights.map((night) => (
                <li key={night.id}>
                  <label className="option-card">
                    <input type="radio" name={`night-${passenger.id}`} checked={chosen === night.id} onChange={() => choose(night.id)} />
                    <span className="option-card__body">
                      <span className="option-card__title">{night.name}</span>
                      {night.description ? <span className="option-card__text">{night.description}</span> : null}
                    </span>
                    <span className="option-card__price">{formatSupplement(adultPrice(night), currency)}</span>
                  </label>
                </li>
              ))}
              <li>
                <label className="option-card">
                  <input type="radio" name={`night-${passenger.id}`} checked={chosen === null} onChange={() => choose(null)} />
                  <span className="option-card__title">No additional night</span>
                </label>
              </li>
            </ul>
          </fieldset>
        );
      })}
      <StepActions flow={flow} />
    </>
  );
}
