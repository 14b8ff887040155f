import { bookingOutstandingBalance, passengerDetailsComplete, type CurrencyCode, type StaffDepartureDetail } from '@tours/domain';
import type { DepartureRecordSet, OptionRecord, PassengerRecord, SettledBooking } from './read.ts';

/** A departure's page (StaffDepartureDetail) from what readDeparture read. */

export const passengerName = (passenger: Pick<PassengerRecord, 'title' | 'given_name' | 'family_name'>): string =>
  [passenger.title, passenger.given_name, passenger.family_name].filter((part) => part && part.trim() !== '').join(' ');

/** What the booking page calls outstanding: what a settled booking still owes now. */
export const outstandingOf = (booking: SettledBooking): number => bookingOutstandingBalance(booking, booking.total, booking.paid);

const SECTIONS = [
  ['apis', 'Passport'],
  ['insurance', 'Insurance'],
  ['joining_information', 'Joining information'],
  ['arrival_time', 'Arrival time'],
] as const;

const units = (option: OptionRecord) => ({ inventory: option.inventory, sold: option.sold, held: option.held, left: Math.max(0, option.inventory - option.sold - option.held) });

export const flightLabel = (option: OptionRecord): string =>
  [option.flight_number, option.departure_airport && option.arrival_airport ? `${option.departure_airport}–${option.arrival_airport}` : null].filter(Boolean).join(' ') || option.name;

export function presentDepartureDetail(record: DepartureRecordSet): StaffDepartureDetail {
  const hotels = new Map<string, StaffDepartureDetail['rooms'][number]>();
  for (const option of record.options.filter((row) => row.kind === 'room')) {
    const hotel = option.hotel ?? 'Hotel';
    const entry = hotels.get(hotel) ?? { hotel, nights: option.hotel_nights ?? 0, room_types: [] };
    entry.room_types.push({ option_id: option.id, room_type: option.room_type ?? option.name, name: option.name, ...units(option) });
    hotels.set(hotel, entry);
  }
  const revenue = new Map<CurrencyCode, { bookings: number; total: number; taken: number; outstanding: number }>();
  for (const booking of record.bookings) {
    const line = revenue.get(booking.currency) ?? { bookings: 0, total: 0, taken: 0, outstanding: 0 };
    line.bookings += 1;
    line.total += booking.total;
    line.taken += booking.paid;
    line.outstanding += outstandingOf(booking);
    revenue.set(booking.currency, line);
  }
  const referenceOf = new Map(record.bookings.map((booking) => [booking.id, booking.reference]));
  const agencies = new Map<string, { code: string; name: string; bookings: number }>();
  for (const booking of record.bookings) {
    if (booking.agent_code === null) continue;
    const agency = agencies.get(booking.agent_code) ?? { code: booking.agent_code, name: booking.agent_name ?? '', bookings: 0 };
    agency.bookings += 1;
    agencies.set(booking.agent_code, agency);
  }
  return {
    departure: record.departure,
    rooms: [...hotels.values()],
    flights: record.options
      .filter((row) => row.kind === 'flight')
      .map((option) => ({
        option_id: option.id,
        name: option.name,
        flight_number: option.flight_number,
        airline: option.airline_name,
        route: option.departure_airport && option.arrival_airport ? `${option.departure_airport}–${option.arrival_airport}` : null,
        departs_at: option.departure_ms === null ? null : new Date(option.departure_ms).toISOString(),
        ...units(option),
      })),
    revenue: [...revenue.entries()].map(([currency, line]) => ({
      currency,
      bookings: line.bookings,
      total: { value: line.total as never, currency },
      taken: { value: line.taken as never, currency },
      outstanding: { value: line.outstanding as never, currency },
    })),
    missing_details: record.passengers
      .filter((passenger) => !passengerDetailsComplete(passenger as never))
      .map((passenger) => ({
        booking_id: passenger.booking_id,
        booking_reference: referenceOf.get(passenger.booking_id) ?? String(passenger.booking_id),
        passenger_id: passenger.id,
        name: passengerName(passenger),
        missing: SECTIONS.filter(([key]) => passenger[key] === null).map(([, label]) => label),
      })),
    agencies: [...agencies.values()],
    bookings: record.bookings.length,
    passengers: record.passengers.length,
  };
}
