import type { Flight } from '@tours/domain';
import { formatFlightTime } from '../../booking-format.ts';

/** The flights of one option: number, airline, cabin, airports and departure time. */
export function FlightDetails({ flights }: { flights: readonly Flight[] }) {
  return (
    <ul className="flight-list">
      {flights.map((flight) => (
        <li key={flight.id} className="flight">
          <span className="flight__number">{flight.flight_number}</span>
          <span className="flight__carrier">
            {flight.airline_name}, {flight.cabin_class_name}
          </span>
          <span className="flight__route">
            {flight.departure_airport} to {flight.arrival_airport}
          </span>
          <span className="flight__time">Departs {formatFlightTime(flight.departure_date_time)}</span>
        </li>
      ))}
    </ul>
  );
}
