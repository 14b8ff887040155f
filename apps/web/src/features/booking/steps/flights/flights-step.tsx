import { everyoneHasChosen, OWN_ARRANGEMENTS, type FlightChoice } from '@tours/domain/booking/allocations';
import { flightGroupAdultPrice, isMandatoryGroup } from '@tours/domain/booking/options';
import type { FlightOptionGroup } from '@tours/domain/contracts/options';
import { VALIDATION } from '@tours/domain/messages';
import { formatSupplement, type CurrencyCode } from '@tours/domain/money';
import { useId } from 'react';
import { passengerName } from '../../booking-format.ts';
import { StepActions } from '../../components/step-actions.tsx';
import { useBookingEventOnArrival, type BookingEventProduct } from '../../flow/booking-analytics.ts';
import type { OfferedOptions } from '../../flow/booking-options.ts';
import type { BookingFlow } from '../../flow/use-booking-flow.ts';
import { useBookingStore, type FlowPassenger } from '../../store/booking-store.ts';
import { FlightOptionDetails } from './flight-details.tsx';

interface FlightsStepProps {
  flow: BookingFlow;
  offered: OfferedOptions;
  currency: CurrencyCode;
  passengers: FlowPassenger[];
  product: BookingEventProduct;
}

/**
 * Step 2a (spec sections 2 and 4): every passenger chooses one flight option
 * or their own arrangements. Mandatory options, the group's own flights, are
 * already allocated to everyone and shown as included with a 'Group flight'
 * mark. Only flights with seats are listed. Each flight shows its airline,
 * number, cabin, airports and both times, so nobody books blind.
 */
export function FlightsStep({ flow, offered, currency, passengers, product }: FlightsStepProps) {
  useBookingEventOnArrival('travel_arrangements', product);
  const choices = useBookingStore((state) => state.summary.flightChoice);
  const messageId = useId();
  const mandatory = offered.flightGroups.filter(isMandatoryGroup);
  const optional = offered.flightGroups.filter((group) => !isMandatoryGroup(group));
  const complete = everyoneHasChosen(
    choices,
    passengers.map((passenger) => passenger.id),
    offered.flightGroups,
  );

  return (
    <>
      {mandatory.length > 0 ? (
        <section className="option-section" aria-labelledby={`${messageId}-included`}>
          <h3 id={`${messageId}-included`}>Flights included for every passenger</h3>
          <ul className="option-list">
            {mandatory.map((group) => (
              <li key={group.id} className="option-card option-card--static">
                <FlightOptionDetails group={group} />
                <span className="option-card__price">{formatSupplement(flightGroupAdultPrice(group), currency)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {optional.length > 0
        ? passengers.map((passenger) => (
            <PassengerFlightChoice
              key={passenger.id}
              passenger={passenger}
              groups={offered.flightGroups}
              optional={optional}
              choice={choices[passenger.id]}
              currency={currency}
            />
          ))
        : null}

      {complete ? null : (
        <p className="step-message" id={messageId} role="status">
          {VALIDATION.flightsIncomplete}
        </p>
      )}
      <StepActions flow={flow} canContinue={complete} describedBy={complete ? undefined : messageId} />
    </>
  );
}

interface PassengerFlightChoiceProps {
  passenger: FlowPassenger;
  groups: FlightOptionGroup[];
  optional: FlightOptionGroup[];
  choice: FlightChoice | undefined;
  currency: CurrencyCode;
}

function PassengerFlightChoice({ passenger, groups, optional, choice, currency }: PassengerFlightChoiceProps) {
  const name = `flight-${passenger.id}`;
  const choose = (value: FlightChoice) => useBookingStore.getState().chooseFlight(groups, passenger.id, value);
  return (
    <fieldset className="option-section">
      <legend className="option-section__legend">Flights for {passengerName(passenger)}</legend>
      <ul className="option-list">
        {optional.map((group) => (
          <li key={group.id}>
            <label className="option-card">
              <input type="radio" name={name} checked={choice === group.id} onChange={() => choose(group.id)} />
              <span className="option-card__body">
                <FlightOptionDetails group={group} />
              </span>
              <span className="option-card__price">{formatSupplement(flightGroupAdultPrice(group), currency)}</span>
            </label>
          </li>
        ))}
        <li>
          <label className="option-card">
            <input type="radio" name={name} checked={choice === OWN_ARRANGEMENTS} onChange={() => choose(OWN_ARRANGEMENTS)} />
            <span className="option-card__title">
              Own arrangements
              <span className="option-card__text">I will make my own travel arrangements.</span>
            </span>
          </label>
        </li>
      </ul>
    </fieldset>
  );
}
