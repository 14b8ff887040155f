import { isAllocated } from '@tours/domain/booking/allocations';
import { adultPrice, isIncludedExtra } from '@tours/domain/booking/options';
import type { ExtraOption } from '@tours/domain/contracts/options';
import type { Allocation } from '@tours/domain/contracts/selections';
import { SCREEN_TEXT } from '@tours/domain/messages';
import { formatSupplement, type CurrencyCode } from '@tours/domain/money';
import { useEffect, useId } from 'react';
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
 * of travel. An extra included in the price is allocated to everyone here,
 * as mandatory flights are on arrival, so the booking records it; its boxes
 * show ticked and fixed.
 */
export function ExtrasStep({ flow, offered, currency, passengers, product }: ExtrasStepProps) {
  const hasExtras = offered.extras.length > 0;
  useBookingEventOnArrival('extras', product, hasExtras);
  const allocations = useBookingStore((state) => state.allocations.extras);
  useIncludedExtrasForEveryone(offered.extras, passengers);

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
        <ExtraChoices key={extra.id} extra={extra} number={index + 1} currency={currency} passengers={passengers} allocations={allocations} />
      ))}
      <StepActions flow={flow} />
    </>
  );
}

interface ExtraChoicesProps {
  extra: ExtraOption;
  number: number;
  currency: CurrencyCode;
  passengers: FlowPassenger[];
  allocations: readonly Allocation[];
}

function ExtraChoices({ extra, number, currency, passengers, allocations }: ExtraChoicesProps) {
  const priceId = useId();
  const included = isIncludedExtra(extra);
  return (
    <fieldset className="option-section option-section--extra">
      <legend className="option-section__legend">
        Option {number}: {extra.name}
      </legend>
      <div className="extra">
        {extra.description ? <p className="extra__description">{extra.description}</p> : null}
        <p className="extra__price" id={priceId}>
          {formatSupplement(adultPrice(extra), currency)}
        </p>
      </div>
      <ul className="choice-list">
        {passengers.map((passenger) => (
          <li key={passenger.id}>
            <label className={included ? 'choice choice--included' : 'choice'}>
              {included ? (
                // Ticked and fixed: part of the tour for everyone, and said so to screen readers too.
                <input type="checkbox" className="checkbox" checked disabled readOnly aria-describedby={priceId} />
              ) : (
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={isAllocated(allocations, extra.id, passenger.id)}
                  onChange={(event) => useBookingStore.getState().toggleExtra(extra.id, passenger.id, event.target.checked)}
                />
              )}
              <span>{passengerName(passenger)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Allocates every included extra to every passenger; adding someone already there changes nothing. */
function useIncludedExtrasForEveryone(extras: readonly ExtraOption[], passengers: readonly FlowPassenger[]): void {
  useEffect(() => {
    const { allocations, toggleExtra } = useBookingStore.getState();
    for (const extra of extras.filter(isIncludedExtra)) {
      for (const passenger of passengers) {
        if (!isAllocated(allocations.extras, extra.id, passenger.id)) toggleExtra(extra.id, passenger.id, true);
      }
    }
  }, [extras, passengers]);
}
