import { isMandatoryGroup } from '@tours/domain/booking/options';
import type { Flight, FlightOptionGroup } from '@tours/domain/contracts/options';
import { formatFlightTime } from '../../booking-format.ts';

export const GROUP_FLIGHT_LABEL = 'Group flight';

/**
 * One flight option as an airline's itinerary shows it: the option's name,
 * a 'Group flight' mark when it is the flight the tour group flies together
 * (the mandatory group, see the contract's rate_option), then each flight
 * with its number, airline, cabin, and where and when it leaves and lands.
 * Spans only, as it sits inside a radio's <label>, in an order that reads
 * well as the radio's accessible name.
 */
export function FlightOptionDetails({ group }: { group: FlightOptionGroup }) {
  const groupFlight = isMandatoryGroup(group);
  return (
    <span className="flight-option">
      {group.name || groupFlight ? (
        <span className="flight-option__header">
          {group.name ? <span className="flight-option__name">{group.name}</span> : null}{' '}
          {groupFlight ? <span className="flight-badge">{GROUP_FLIGHT_LABEL}</span> : null}
        </span>
      ) : null}{' '}
      {group.flights.map((flight) => (
        <FlightDetails key={flight.id} flight={flight} />
      ))}
    </span>
  );
}

function FlightDetails({ flight }: { flight: Flight }) {
  return (
    <span className="flight">
      <span className="flight__title">
        <span className="flight__number">{flight.flight_number}</span>{' '}
        <span className="flight__carrier">
          {flight.airline_name}
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, </span>
          {flight.cabin_class_name}
        </span>
      </span>{' '}
      <FlightLeg label="Departs" dateTime={flight.departure_date_time} airport={flight.departure_airport} />{' '}
      <FlightLeg label="Arrives" dateTime={flight.arrival_date_time} airport={flight.arrival_airport} />{' '}
    </span>
  );
}

/** 'Departs 08:40 - 22 Feb 2027, London Heathrow (LHR)': the airport's own clock, as the ticket prints it. */
function FlightLeg({ label, dateTime, airport }: { label: string; dateTime: string; airport: string }) {
  return (
    <span className="flight__leg">
      <span className="flight__leg-label">{label}</span>{' '}
      <time className="flight__time" dateTime={dateTime.slice(0, 16)}>
        {formatFlightTime(dateTime)}
      </time>
      <span className="visually-hidden">,</span> <span className="flight__airport">{airport}</span>
    </span>
  );
}
