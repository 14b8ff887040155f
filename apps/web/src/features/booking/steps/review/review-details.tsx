import { formatAmount,
  depositOffered,
  formatPrice,
  formatShortDate,
  isAllocated,
  isMandatoryGroup,
  OWN_ARRANGEMENTS,
  showsDepositLine,
  type Component,
  type CurrencyCode,
  type PrePaymentDetails,
  type Tour,
} from '@tours/domain';
import { passengerName } from '../../booking-format.ts';
import { chosenRoomType, type OfferedOptions } from '../../flow/booking-options.ts';
import { useBookingStore, type FlowPassenger } from '../../store/booking-store.ts';

interface ReviewDetailsProps {
  tour: Tour;
  currency: CurrencyCode;
  offered: OfferedOptions | null;
  passengers: FlowPassenger[];
  details: PrePaymentDetails;
  promotion: Component | null;
}

/** A discount as people write it: a minus sign before the amount, '−£100'. */
export const negativePrice = (value: number, currency: CurrencyCode): string => `−${formatPrice(Math.abs(value), currency)}`;

/**
 * What is being booked, as the reservations system priced it (spec section
 * 2, Step 4a): the tour and its dates, the participants, the choices of steps
 * 2 and 3, and the server's figures with any promotion as its own line.
 */
export function ReviewDetails({ tour, currency, offered, passengers, details, promotion }: ReviewDetailsProps) {
  const { breakdown } = details;
  const money = (value: number) => formatAmount(value, currency);
  const showDeposit = showsDepositLine(tour.brand_channel) && depositOffered(details, promotion !== null);
  const sameDay = tour.start.slice(0, 10) === tour.end.slice(0, 10);

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
      <section className="review-section" aria-labelledby="review-participants">
        <h3 id="review-participants">{passengers.length === 1 ? 'Participant' : 'Participants'}</h3>
        <ul className="review-list">
          {passengers.map((passenger) => (
            <li key={passenger.id}>
              {passengerName(passenger)}
              {passenger.is_lead && passengers.length > 1 ? ' (lead participant)' : ''}
            </li>
          ))}
        </ul>
      </section>
      {offered ? <ChosenOptions offered={offered} passengers={passengers} /> : null}
      <section className="review-section" aria-labelledby="review-price">
        <h3 id="review-price">Price</h3>
        <table className="price-table">
          <tbody>
            <tr>
              <th scope="row">
                Tour price ({breakdown.participants} × {money(breakdown.price_per_person)})
              </th>
              <td>{money(breakdown.price_per_person * breakdown.participants)}</td>
            </tr>
            {breakdown.flights > 0 ? <PriceRow label="Flights" value={money(breakdown.flights)} /> : null}
            {breakdown.extras > 0 ? <PriceRow label="Extras" value={money(breakdown.extras)} /> : null}
            {breakdown.accommodation > 0 ? <PriceRow label="Accommodation" value={money(breakdown.accommodation)} /> : null}
            {breakdown.discount < 0 ? (
              <PriceRow label={promotion?.name ?? 'Discount'} value={negativePrice(breakdown.discount, currency)} className="price-table__discount" />
            ) : null}
          </tbody>
          <tfoot>
            <PriceRow label="Total" value={money(details.total_price.value)} />
            {showDeposit ? <PriceRow label="Deposit (15%)" value={money(details.deposit.value)} /> : null}
          </tfoot>
        </table>
      </section>
    </>
  );
}

function PriceRow({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <tr className={className}>
      <th scope="row">{label}</th>
      <td>{value}</td>
    </tr>
  );
}

/** The choices of steps 2 and 3, in words. */
function ChosenOptions({ offered, passengers }: { offered: OfferedOptions; passengers: FlowPassenger[] }) {
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
  const extrasFor = (list: OfferedOptions['extras']) =>
    list.flatMap((extra) => {
      const who = passengers.filter((passenger) => isAllocated(allocations.extras, extra.id, passenger.id));
      return who.length > 0 ? [{ id: extra.id, name: extra.name, who: who.map(passengerName).join(', ') }] : [];
    });
  const extras = extrasFor(offered.extras);
  const nights = extrasFor(offered.additionalNights);

  return (
    <section className="review-section" aria-labelledby="review-choices">
      <h3 id="review-choices">Travel, extras and accommodation</h3>
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
        {extras.map((extra) => (
          <div key={extra.id}>
            <dt>{extra.name}</dt>
            <dd>{extra.who}</dd>
          </div>
        ))}
        {room ? (
          <div>
            <dt>Room</dt>
            <dd>
              {room.rooms[0]?.name ?? room.type} at {offered.hotels.map((hotel) => hotel.hotel).join(' and ')}
            </dd>
          </div>
        ) : null}
        {nights.map((night) => (
          <div key={night.id}>
            <dt>{night.name}</dt>
            <dd>{night.who}</dd>
          </div>
        ))}
        {extras.length === 0 && nights.length === 0 && offered.extras.length + offered.additionalNights.length > 0 ? (
          <div>
            <dt>Extras</dt>
            <dd>None chosen</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
