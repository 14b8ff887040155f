import type { ExtraOption, FlightOptionGroup, RoomOption } from '../contracts/options.ts';
import { minor } from '../money.ts';

/** Option builders for the booking rule tests: only what a test names differs from a plain option. */

const price = (value: number) => ({ override_rules: { adult_price: { value: minor(value), currency_code: 'GBP' as const } } });

export function flight(id: number, available: number, adultPrice = 10_000) {
  return {
    id,
    flight_number: `BA${id}`,
    cabin_class_name: 'Economy',
    departure_airport: 'LHR',
    arrival_airport: 'VIE',
    departure_date_time: '2027-05-01T09:30:00',
    arrival_date_time: '2027-05-01T12:45:00',
    airline_name: 'British Airways',
    is_mandatory: false,
    inventory_details: { available },
    pricing: price(adultPrice),
  };
}

export function flightGroup(id: number, flights = [flight(id * 10, 9)], rateOption = 'Standard'): FlightOptionGroup {
  return { id, name: `Flight option ${id}`, rate_option: rateOption, flights };
}

interface Stock {
  available?: number;
  occupancy?: [number, number];
}

/** Five in stock for one or two people unless a test says otherwise. */
function stocked(value: number, { available = 5, occupancy: [from, to] = [1, 2] }: Stock) {
  return { occupancy: { from, to }, inventory_details: { available }, pricing: price(value) };
}

export function room(id: number, hotel: string, type: string, value: number, stock: Stock = {}): RoomOption {
  return {
    id,
    name: `${type} at ${hotel}`,
    price: { value: minor(value), currency_code: 'GBP' },
    type: { name: type },
    accommodation: { name: hotel },
    duration: { from: 3, to: 3 },
    ...stocked(value, stock),
  };
}

export function extra(id: number, name: string, value: number, stock: Stock = {}): ExtraOption {
  return { id, name, description: '', ...stocked(value, stock) };
}
