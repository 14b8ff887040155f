import { isAllocated, OWN_ARRANGEMENTS } from '@tours/domain/booking/allocations';
import { isMandatoryGroup } from '@tours/domain/booking/options';
import type { StepId } from '@tours/domain/booking/steps';
import { showsDepositLine } from '@tours/domain/brand-channels';
import type { Tour } from '@tours/domain/contracts/catalogue';
import type { Component } from '@tours/domain/contracts/options';
import type { PrePaymentDetails } from '@tours/domain/contracts/selections';
import { formatShortDate } from '@tours/domain/dates';
import { SCREEN_TEXT } from '@tours/domain/messages';
import { formatAmount, type CurrencyCode } from '@tours/domain/money';
import { depositOffered } from '@tours/domain/pricing/payment-amounts';
import { forCount } from '@tours/domain/text';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { passengerName } from '../../booking-format.ts';
import { priceGroups, PriceTable } from '../../components/price-lines.tsx';
import { chosenRoomType, type OfferedOptions } from '../../flow/booking-options.ts';
import { useBookingStore, type FlowPassenger } from '../../store/booking-store.ts';

export const OUTSTANDING_BALANCE_LABEL = 'Outstanding balance';

interface ReviewDetailsProps {
  tour: Tour;
  currency: CurrencyCode;
  offered: OfferedOptions | null;
  passengers: FlowPassenger[];
  details: PrePaymentDetails;
  promotion: Component | null;
  /**
   * A travel agent's booking: the price is the client's outstanding balance,
   * settled through the agency, with the spec's note on final rates; no
   * deposit is taken online.
   */
  agent?: boolean;
  /** Takes the visitor back to a step to change it; absent once payment has started, or where the flow offers none. */
  onChange?: ((step: StepId) => void) | undefined;
}

/**
 * What is being booked, as the reservations system priced it (spec section
 * 2, Step 4a): the tour and its dates, the participants, the choices of steps
 * 2 and 3 each with a way back to change it, and every line of the price with
 * its amount, the total and the deposit (the summary panel draws the same lines).
 */
export function ReviewDetails({ tour, currency, offered, passengers, details, promotion, agent = false, onChange }: ReviewDetailsProps) {
  const money = (value: number) => formatAmount(value, currency);
  const showDeposit = !agent && showsDepositLine(tour.brand_channel) && depositOffered(details, promotion !== null);
  // Nothing is paid before the agent confirms, so the client's outstanding balance is the whole total.
  const total = { label: agent ? OUTSTANDING_BALANCE_LABEL : 'Total', text: money(details.total_price.value) };
  const sameDay = tour.start.slice(0, 10) === tour.end.slice(0, 10);
  const email = useBookingStore((state) => state.leadContact?.email ?? null);

  return (
    <>
      <p className="lede">Please check the details of your booking.</p>
      <section className="review-section" aria-labelledby="review-tour">
        <h3 id="review-tour">Tour</h3>
        <dl className="review-details">
          <div>
            <dt>Tour</dt>
            <dd>
              {tour.name} ({tour.code})
            </dd>
          </div>
          <div>
            <dt>{sameDay ? 'Date' : 'Dates'}</dt>
            <dd>{sameDay ? formatShortDate(tour.start) : `${formatShortDate(tour.start)} to ${formatShortDate(tour.end)}`}</dd>
          </div>
        </dl>
      </section>
      <Part id="review-participants" heading={forCount(passengers.length, 'Participant', 'Participants')} step="1" what="participants" onChange={onChange}>
        <ul className="review-list">
          {passengers.map((passenger) => (
            <li key={passenger.id}>
              {passengerName(passenger)}
              {passenger.is_lead && passengers.length > 1 ? ' (lead participant)' : ''}
            </li>
          ))}
        </ul>
        {email ? (
          // Read before paying: a mistyped address means no confirmation and no way to sign in (issue 25).
          <p className="review-text review-email">
            {agent ? 'Your client’s confirmation will be sent to ' : 'Your confirmation will be sent to '}
            <strong>{email}</strong>
          </p>
        ) : null}
      </Part>
      {offered ? <ChosenOptions offered={offered} passengers={passengers} onChange={onChange} /> : null}
      <section className="review-section" aria-labelledby="review-price">
        <h3 id="review-price">Price</h3>
        <PriceTable
          caption="Price of your booking, line by line"
          groups={priceGroups(details.lines, currency)}
          total={total}
          deposit={showDeposit ? { text: money(details.deposit.value), percent: details.deposit_percent } : null}
        />
        {agent ? <p className="agent-rates">{SCREEN_TEXT.agentRates}</p> : null}
      </section>
    </>
  );
}

interface PartProps {
  id: string;
  heading: string;
  step: StepId;
  /** Completes the button's name: 'Change flights'. */
  what: string;
  onChange: ((step: StepId) => void) | undefined;
  children: ReactNode;
}

/** A part of the booking under its heading, with 'Change' beside it while the visitor may still go back. */
function Part({ id, heading, step, what, onChange, children }: PartProps) {
  return (
    <section className="review-section" aria-labelledby={id}>
      <div className="review-section__head">
        <h3 id={id}>{heading}</h3>
        {onChange ? (
          <Button variant="ghost" className="review-change" aria-label={`Change ${what}`} onClick={() => onChange(step)}>
            Change
          </Button>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** The choices of steps 2 and 3, in words, each part only where the tour offers it. */
function ChosenOptions({ offered, passengers, onChange }: { offered: OfferedOptions; passengers: FlowPassenger[]; onChange: PartProps['onChange'] }) {
  const allocations = useBookingStore((state) => state.allocations);
  const flightChoice = useBookingStore((state) => state.summary.flightChoice);
  const roomChoice = useBookingStore((state) => state.summary.roomChoice);
  const room = chosenRoomType(offered.roomChoices, roomChoice);
  const optionalFlights = offered.flightGroups.filter((group) => !isMandatoryGroup(group));
  const mandatory = offered.flightGroups.filter(isMandatoryGroup);
  const flightText = (passengerId: number) => {
    const choice = flightChoice[passengerId];
    if (choice === OWN_ARRANGEMENTS) return 'Own arrangements';
    const group = optionalFlights.find((candidate) => candidate.id === choice);
    return group ? group.flights.map((flight) => `${flight.flight_number} ${flight.departure_airport} to ${flight.arrival_airport}`).join(', ') : null;
  };
  const chosenFrom = (list: OfferedOptions['extras']) =>
    list.flatMap((extra) => {
      const who = passengers.filter((passenger) => isAllocated(allocations.extras, extra.id, passenger.id));
      return who.length > 0 ? [{ id: extra.id, name: extra.name, who: who.map(passengerName).join(', ') }] : [];
    });
  const extras = chosenFrom(offered.extras);
  const nights = chosenFrom(offered.additionalNights);
  const noneChosen = <p className="review-text">None chosen</p>;

  return (
    <>
      {offered.flightGroups.length > 0 ? (
        <Part id="review-flights" heading="Flights" step="2a" what="flights" onChange={onChange}>
          <dl className="review-details">
            {mandatory.length > 0 ? (
              <div>
                <dt>Included flights</dt>
                <dd>{mandatory.flatMap((group) => group.flights.map((flight) => flight.flight_number)).join(', ')}</dd>
              </div>
            ) : null}
            {optionalFlights.length > 0
              ? passengers.map((passenger) => (
                  <div key={passenger.id}>
                    <dt>Flights for {passengerName(passenger)}</dt>
                    <dd>{flightText(passenger.id) ?? 'Not chosen'}</dd>
                  </div>
                ))
              : null}
          </dl>
        </Part>
      ) : null}
      {offered.extras.length > 0 ? (
        <Part id="review-extras" heading="Extras" step="2b" what="extras" onChange={onChange}>
          {extras.length > 0 ? <WhoTakesWhat items={extras} /> : noneChosen}
        </Part>
      ) : null}
      {offered.roomChoices.length > 0 ? (
        <Part id="review-rooms" heading="Accommodation" step="3a" what="rooms" onChange={onChange}>
          <p className="review-text">
            {room ? `${room.rooms[0]?.name ?? room.type} at ${offered.hotels.map((hotel) => hotel.hotel).join(' and ')}` : 'Not chosen'}
          </p>
        </Part>
      ) : null}
      {offered.additionalNights.length > 0 ? (
        <Part id="review-nights" heading="Additional nights" step="3b" what="additional nights" onChange={onChange}>
          {nights.length > 0 ? <WhoTakesWhat items={nights} /> : noneChosen}
        </Part>
      ) : null}
    </>
  );
}

function WhoTakesWhat({ items }: { items: { id: number; name: string; who: string }[] }) {
  return (
    <dl className="review-details">
      {items.map((item) => (
        <div key={item.id}>
          <dt>{item.name}</dt>
          <dd>{item.who}</dd>
        </div>
      ))}
    </dl>
  );
}
