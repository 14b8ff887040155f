import type { CurrencyCode } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { addDays } from '../src/db/seed/dates.ts';
import { today } from './helper.ts';

/** Builders for the booking flow's calls, so each test says only what differs from an ordinary booking. */

export const address = { line_1: '1 Minster Yard', line_2: '', city: 'York', state: 'North Yorkshire', postal_code: 'YO1 7HH', country: 'GBR' };

export const lead = {
  title: 'Mr',
  given_name: 'Edward',
  family_name: 'Elgar',
  telephone_home: '01905 333 224'.replace(/ /g, ''),
  telephone_mobile: '07700900123',
  date_of_birth: '1957-06-02',
  email: 'edward@example.com',
  do_not_email: false,
  do_not_mail: true,
  special_requests: 'Aisle seat, please',
  address,
};

export const second = {
  title: 'Mrs',
  given_name: 'Alice',
  family_name: 'Elgar',
  date_of_birth: '1948-10-09',
  email: 'alice@example.com',
};

export interface BookingRequest {
  code: string;
  startsInDays: number;
  currency?: CurrencyCode;
  passengers?: object[];
}

/** The body the web sends for a seed departure; the departure id comes from /tours/find, as the web gets it. */
export async function bookingBody(app: FastifyInstance, { code, startsInDays, currency = 'GBP', passengers = [lead] }: BookingRequest) {
  const departureDate = addDays(today(), startsInDays);
  const found = await app.inject({ method: 'GET', url: `/api/tours/find?tour=${code}&departure=${departureDate}&currency=${currency}` });
  expect(found.statusCode).toBe(200);
  const tour = found.json().data;
  return {
    brand_channel: tour.brand_channel as number,
    currency,
    tour_code: code,
    departure_date: departureDate,
    departure_id: tour.departure_id as number,
    passengers,
    source: { id: 63, subsource_id: 165, subsource_description: 'A friend' },
  };
}

export interface CreatedTestBooking {
  id: number;
  token: string;
  passengerIds: number[];
  tourId: number;
  /** As created: Quote, or Optional under five weeks away. */
  status: string;
  headers: { authorization: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createBooking(app: FastifyInstance, request: BookingRequest): Promise<CreatedTestBooking> {
  const response = await app.inject({ method: 'POST', url: '/api/bookings', payload: await bookingBody(app, request) });
  expect(response.statusCode, response.body).toBe(201);
  const { booking, token } = response.json().data;
  const headers = bearer(token.token);
  const tour = await app.inject({ method: 'GET', url: '/api/bookings/tour', headers });
  expect(tour.statusCode, tour.body).toBe(200);
  return { id: booking.id, status: booking.status, token: token.token, passengerIds: booking.passengers.map((p: { id: number }) => p.id), tourId: tour.json().data.id, headers };
}

/** GET /bookings/tour/:id/<list> as the booking. */
export async function optionList<T = Record<string, unknown>>(app: FastifyInstance, booking: CreatedTestBooking, list: string): Promise<T[]> {
  const response = await app.inject({ method: 'GET', url: `/api/bookings/tour/${booking.tourId}/${list}`, headers: booking.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items;
}

export interface Allocation {
  component_id: number;
  passenger_ids: number[];
}
export interface AllocationsBody {
  flights?: Allocation[];
  extras?: Allocation[];
  accommodation?: Allocation[];
}

export function submit(app: FastifyInstance, booking: CreatedTestBooking, allocations: AllocationsBody) {
  return app.inject({ method: 'POST', url: '/api/bookings/selections', headers: booking.headers, payload: { allocations } });
}

/** Option ids by what a person would call them, read from the option lists. */
export async function optionIds(app: FastifyInstance, booking: CreatedTestBooking) {
  const [flights, rooms, extras] = await Promise.all([
    optionList<{ id: number; flights: { flight_number: string; cabin_class_name: string }[] }>(app, booking, 'flights'),
    optionList<{ id: number; type: { name: string }; accommodation: { name: string } }>(app, booking, 'accommodation'),
    optionList<{ id: number; name: string; occupancy: { from: number } }>(app, booking, 'extras'),
  ]);
  const one = <T>(list: T[], match: (item: T) => boolean, what: string) => {
    const found = list.filter(match);
    if (found.length !== 1) throw new Error(`Expected one ${what}, found ${found.length}`);
    return found[0]!;
  };
  return {
    flight: (number: string, cabin?: string) =>
      one(flights, (g) => g.flights[0]!.flight_number === number && (!cabin || g.flights[0]!.cabin_class_name === cabin), `flight ${number}`).id,
    room: (hotel: string, type: string) => one(rooms, (r) => r.accommodation.name === hotel && r.type.name === type, `${type} at ${hotel}`).id,
    extra: (name: string, occupancy?: number) =>
      one(extras, (e) => e.name === name && (occupancy === undefined || e.occupancy.from === occupancy), `extra ${name}`).id,
  };
}
