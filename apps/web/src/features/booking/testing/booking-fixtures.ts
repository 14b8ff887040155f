import type { Title } from '@tours/domain/booking/participant-form';
import type { BookingTour, CreatedBooking } from '@tours/domain/contracts/booking';
import type { Tour } from '@tours/domain/contracts/catalogue';
import type { ExtraOption, Flight, FlightOptionGroup, RoomOption } from '@tours/domain/contracts/options';
import type { PrePaymentDetails } from '@tours/domain/contracts/selections';
import type { MinorUnits } from '@tours/domain/money';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import type { ActiveBooking } from '../store/active-booking.ts';
import { useBookingStore, type FlowPassenger } from '../store/booking-store.ts';
import { usePaymentStore } from '../store/payment-store.ts';
import type { BookingQuery } from '../booking-query.ts';
import { clearPersistedStores } from '../../../lib/storage.ts';
import { forgetRunningConfirmations } from '../payment/confirm-payment.ts';
import '../store/passenger-store.ts';
import '../store/product-store.ts';

/** Test data for the booking flow: a Vienna-like tour with every kind of option. */
const money = (value: number) => ({ value: value as MinorUnits, currency_code: 'GBP' as const });
const priced = (value: number) => ({ override_rules: { adult_price: money(value) } });

export const QUERY: BookingQuery = { tour: 'MHW-VIE', departure: '2027-03-04', currency: 'GBP' };

export const TOUR: Tour = {
  id: 7,
  name: 'Vienna: Mozart and the Habsburgs',
  code: 'MHW-VIE',
  start: '2027-03-04T00:00:00',
  end: '2027-03-09T00:00:00',
  departure_id: 31,
  brand_channel: 11,
  price: { value: 189_500 as MinorUnits, currency: 'GBP' },
  speakers: [
    { title: 'Dr', forename: 'Helena', surname: 'Marsh' },
    { title: 'Professor', forename: 'Julian', surname: 'Ashby' },
  ],
  available_to_book: true,
};

export const DAY_TRIP: Tour = { ...TOUR, id: 8, name: 'Greenwich', code: 'LD-GRE', brand_channel: 8, price: { value: 14_500 as MinorUnits, currency: 'GBP' } };

export const BOOKING_TOUR: BookingTour = { id: 7, name: TOUR.name };

export const PASSENGERS: FlowPassenger[] = [
  { id: 501, title: 'Dr', given_name: 'Margaret', family_name: 'Hale', is_lead: true },
  { id: 502, title: 'Mr', given_name: 'John', family_name: 'Thornton', is_lead: false },
];

export const ACTIVE: ActiveBooking = { id: 100_042, token: 'booking-token', expiresAt: Date.now() + 3_600_000 };

function flight(id: number, number: string, available: number, price: number): Flight {
  return {
    id,
    flight_number: number,
    cabin_class_name: 'Economy',
    departure_airport: 'Salzburg (SZG)',
    arrival_airport: 'London Heathrow (LHR)',
    departure_date_time: '2027-03-09T15:10:00',
    arrival_date_time: '2027-03-09T17:20:00',
    airline_name: 'Austrian Airlines',
    is_mandatory: false,
    inventory_details: { available },
    pricing: priced(price),
  };
}

export const FLIGHTS: FlightOptionGroup[] = [
  { id: 15, name: 'Outbound group flight', rate_option: 'Mandatory', flights: [{ ...flight(15, 'BA 702', 20, 0), is_mandatory: true }] },
  { id: 16, name: 'Return flight from Salzburg', rate_option: 'Optional', flights: [flight(16, 'OS 457', 18, 14_500)] },
  { id: 17, name: 'Return flight from Salzburg', rate_option: 'Optional', flights: [flight(17, 'EW 7462', 0, 9_500)] },
];

function extra(id: number, name: string, price: number, occupancy: [number, number] = [1, 1], available = 10): ExtraOption {
  return { id, name, description: `${name}, described`, occupancy: { from: occupancy[0], to: occupancy[1] }, inventory_details: { available }, pricing: priced(price) };
}

export const EXTRAS: ExtraOption[] = [
  extra(25, 'Private visit to the Spanish Riding School', 8_500),
  extra(26, 'Welcome drinks', 0),
  extra(27, 'Additional night', 16_500, [1, 1]),
  extra(28, 'Additional night', 12_000, [2, 2]),
];

function room(id: number, hotel: string, type: string, price: number, occupancy: [number, number], nights: number): RoomOption {
  return {
    id,
    name: `${type} room`,
    price: money(price),
    type: { name: type },
    accommodation: { name: hotel },
    occupancy: { from: occupancy[0], to: occupancy[1] },
    duration: { from: nights, to: nights },
    inventory_details: { available: 5 },
    pricing: priced(price),
  };
}

/** The itinerary's hotels under their own names; the room options spell them as the reservations system does. */
export const HOTELS = [
  { name: 'Hotel Königshof', nights: 3 },
  { name: 'Gästehaus Mönchsberg', nights: 2 },
];

export const ROOMS: RoomOption[] = [
  room(19, 'HOTEL KONIGSHOF', 'Single', 36_000, [1, 1], 3),
  room(20, 'HOTEL KONIGSHOF', 'Double', 4_500, [2, 2], 3),
  room(22, 'gastehaus monchsberg', 'Single', 24_000, [1, 1], 2),
  room(23, 'Gästehaus Mönchsberg', 'Double', 0, [2, 2], 2),
];

export const DETAILS: PrePaymentDetails = {
  total_price: { currency_code: 'GBP', value: 434_000 as MinorUnits },
  deposit: { currency_code: 'GBP', value: 65_100 as MinorUnits },
  deposit_percent: 15,
  balance_due: '2026-12-04',
  breakdown: {
    price_per_person: 189_500 as MinorUnits,
    participants: 2,
    flights: 29_000 as MinorUnits,
    extras: 17_000 as MinorUnits,
    accommodation: 9_000 as MinorUnits,
    discount: 0 as MinorUnits,
  },
  // The lines the server priced, adding up to the total.
  lines: [
    { kind: 'tour', label: 'Vienna: Mozart and the Habsburgs', quantity: 2, unit_price: 189_500 as MinorUnits, amount: 379_000 as MinorUnits },
    { kind: 'flight', label: 'BA 702 London Heathrow (LHR) to Vienna (VIE)', quantity: 2, unit_price: 0 as MinorUnits, amount: 0 as MinorUnits },
    { kind: 'flight', label: 'OS 457 Salzburg (SZG) to London Heathrow (LHR)', quantity: 2, unit_price: 14_500 as MinorUnits, amount: 29_000 as MinorUnits },
    { kind: 'extra', label: 'Private visit to the Spanish Riding School', quantity: 2, unit_price: 8_500 as MinorUnits, amount: 17_000 as MinorUnits },
    { kind: 'room', label: 'Hotel Königshof: Double room', quantity: 2, unit_price: 4_500 as MinorUnits, amount: 9_000 as MinorUnits },
    { kind: 'room', label: 'Gästehaus Mönchsberg: Double room', quantity: 2, unit_price: 0 as MinorUnits, amount: 0 as MinorUnits },
  ],
};

export function createdBooking(passengers = PASSENGERS): CreatedBooking {
  return {
    booking: {
      id: ACTIVE.id,
      status: 'Quote',
      currency: 'GBP',
      passengers: passengers.map((passenger) => ({
        ...passenger,
        title: passenger.title as Title,
        telephone_home: '',
        telephone_mobile: '',
        date_of_birth: '1958-04-17',
        email: 'someone@example.com',
        do_not_email: false,
        do_not_mail: false,
        special_requests: '',
        address: { line_1: '1 High St', line_2: '', line_3: '', city: 'London', state: 'London', postal_code: 'EC1A 1BB', country: 'GBR' },
      })),
    },
    token: { token: ACTIVE.token, expires_at: new Date(ACTIVE.expiresAt).toISOString(), timeout_seconds: 3600 },
  };
}

/** A booking already made, at `step`, as a reload would find it. */
export function seedActiveBooking(step: '2a' | '2b' | '3a' | '3b' | '4a', passengers = PASSENGERS): void {
  useBookingStore.setState({
    origin: QUERY,
    step,
    direction: 'forward',
    activeBooking: { ...ACTIVE, expiresAt: Date.now() + 3_600_000 },
    passengers,
    summary: { mainProduct: BOOKING_TOUR, roomChoice: null, flightChoice: {} },
  });
}

export interface ApiOverrides {
  flights?: FlightOptionGroup[];
  extras?: ExtraOption[];
  rooms?: RoomOption[];
  accommodationCode?: 'SERVICE_FAILURE';
  selections?: () => Response;
  tour?: Tour;
  bookingTour?: () => Response;
  confirm?: () => Response | Promise<Response>;
  /** PUT /bookings/passengers; by default the same booking, its token kept. */
  passengers?: () => Response;
}

/** The API as the booking flow calls it; every request is recorded for assertions. */
export function mockBookingApi(overrides: ApiOverrides = {}) {
  const requests: { method: string; path: string; body: unknown; auth: string | null }[] = [];
  const fetchMock = mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    const headers = new Headers(init?.headers);
    requests.push({ method: init?.method ?? 'GET', path, body: init?.body ? JSON.parse(String(init.body)) : null, auth: headers.get('Authorization') });
    if (path === '/api/tours/find') return jsonResponse({ data: overrides.tour ?? TOUR });
    if (path === '/api/bookings' && init?.method === 'POST') return jsonResponse({ data: createdBooking() }, 201);
    if (path === '/api/bookings/passengers' && init?.method === 'PUT') {
      return overrides.passengers?.() ?? jsonResponse({ data: { booking: createdBooking().booking, token: null } });
    }
    if (path === '/api/bookings/tour') return overrides.bookingTour?.() ?? jsonResponse({ data: BOOKING_TOUR });
    if (path.endsWith('/flights')) return jsonResponse({ data: { items: overrides.flights ?? FLIGHTS } });
    if (path.endsWith('/extras')) return jsonResponse({ data: { items: overrides.extras ?? EXTRAS } });
    if (path.endsWith('/accommodation')) {
      return jsonResponse({ data: { hotels: HOTELS, items: overrides.rooms ?? ROOMS, ...(overrides.accommodationCode ? { code: overrides.accommodationCode } : {}) } });
    }
    if (path === '/api/bookings/selections' || path === '/api/bookings/selection') {
      return overrides.selections?.() ?? jsonResponse({ data: DETAILS });
    }
    if (path === '/api/config/marketing-sources') return jsonResponse({ data: { items: [] } });
    if (path === '/api/bookings/confirm' && overrides.confirm) return overrides.confirm();
    if (path === '/api/bookings/payment-details') {
      // The server agrees with the figures the selections call left.
      const { prePaymentDetails, promotion } = usePaymentStore.getState();
      return jsonResponse({ data: { details: prePaymentDetails ?? DETAILS, promotion } });
    }
    return jsonResponse({ error: { code: 'NOT_FOUND', message: `No mock for ${path}` } }, 404);
  });
  return { fetchMock, requests };
}

/** Every store of the flow back to its defaults (the test setup clears storage, not memory), and no confirmation left asking. */
export function resetBookingStores(): void {
  forgetRunningConfirmations();
  clearPersistedStores();
}
