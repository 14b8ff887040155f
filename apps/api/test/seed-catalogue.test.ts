import { CATALOGUE_MESSAGES, departureInputSchema, optionInputSchema, tourInputSchema, type ManagedDeparture, type ManagedOption, type ManagedTour } from '@tours/domain';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { departures, seedRuns, tours } from '../src/db/schema/index.ts';
import { addDays, instantOn } from '../src/db/seed/dates.ts';
import { HOTELS } from '../src/db/seed/data/hotels.ts';
import { TOUR_CONTENT } from '../src/db/seed/data/tour-content.ts';
import { TOURS } from '../src/db/seed/data/tours.ts';
import { prices, type DepartureSeed, type PackageSeed, type TourSeed } from '../src/db/seed/data/types.ts';
import { seedTour } from '../src/db/seed/insert-catalogue.ts';
import { build } from './helper.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';

/**
 * Issue 27: the demo seed loads its catalogue through the console's
 * services, so it is what the console's admin API reads back, field for
 * field, and a seed entry that breaks a console rule stops the seed with
 * that rule's message, writing nothing of its tour.
 */

/** The options a departure of this package has, as the admin API shows them, in its order: written from the seed data, not by the seed's code. */
function expectedOptions(pkg: PackageSeed | undefined, startDate: string, nights: number) {
  if (!pkg) return [];
  const flights = pkg.flightGroups.flatMap((group) =>
    group.flights.map((flight) => {
      const day = addDays(startDate, flight.day === 'last' ? nights : flight.day);
      return {
        kind: 'flight',
        name: `${flight.flightNumber} ${flight.departureAirport} to ${flight.arrivalAirport}`,
        stock: flight.inventory,
        prices: flight.price,
        closed: false,
        flight: {
          group_name: group.name,
          rate_option: group.rateOption,
          flight_number: flight.flightNumber,
          airline_name: flight.airlineName,
          cabin_class_name: flight.cabinClassName,
          departure_airport: flight.departureAirport,
          arrival_airport: flight.arrivalAirport,
          departure_at: instantOn(day, flight.departs).toISOString(),
          arrival_at: instantOn(day, flight.arrives).toISOString(),
        },
        room: null,
      };
    }),
  );
  const rooms = pkg.stays.flatMap((stay) =>
    stay.rooms.map((room) => ({
      kind: 'room',
      name: room.name,
      stock: room.inventory,
      prices: room.price,
      occupancy_from: room.occupancy[0],
      occupancy_to: room.occupancy[1],
      nights: stay.nights,
      closed: false,
      room: {
        hotel_name: stay.hotel.name,
        city: stay.hotel.city,
        hotel_description: stay.hotel.description,
        accommodation_name: stay.optionAccommodationName,
        room_type: room.type,
      },
      flight: null,
    })),
  );
  const others = [...pkg.extras.map((extra) => ({ kind: 'extra', extra })), ...pkg.additionalNights.map((extra) => ({ kind: 'additional_night', extra }))].map(({ kind, extra }) => ({
    kind,
    name: extra.name,
    description: extra.description,
    stock: extra.inventory,
    prices: extra.price,
    occupancy_from: extra.occupancy[0],
    occupancy_to: extra.occupancy[1],
    nights: extra.nights ?? 0,
    closed: false,
    room: null,
    flight: null,
  }));
  return [...flights, ...rooms, ...others];
}

/** What the console's option form would send back for an option it shows: the seed's options save back unchanged. */
function formOf(option: ManagedOption) {
  const sold = { stock: option.stock, prices: option.prices, closed: option.closed };
  if (option.flight) {
    const { group_name, rate_option, ...flight } = option.flight;
    return { kind: 'flight', ...sold, group: { name: group_name, rate_option }, ...flight };
  }
  const described = { ...sold, name: option.name, description: option.description, occupancy_from: option.occupancy_from, occupancy_to: option.occupancy_to };
  if (option.room) {
    const { hotel_name, city, hotel_description, accommodation_name, room_type } = option.room;
    return { kind: 'room', ...described, hotel: { name: hotel_name, city, description: hotel_description }, accommodation_name, room_type, nights: option.nights };
  }
  return option.kind === 'additional_night' ? { kind: option.kind, ...described, nights: option.nights } : { kind: option.kind, ...described };
}

describe('the demo catalogue, loaded through the console’s services', () => {
  const server = build();
  const app = () => server.app;
  let staff: StaffCaller;
  const get = async <T,>(url: string): Promise<T> => {
    staff ??= await staffSession(app(), ['catalogue']);
    const response = await app().inject({ method: 'GET', url: `/api/staff/catalogue${url}`, headers: staff.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as T;
  };

  it('is what the admin API reads back for every seeded tour, departure and option, and what its forms would save unchanged', async () => {
    const [run] = await app().db.select().from(seedRuns);
    const seededOn = run!.seededOn;
    for (const seed of TOURS) {
      const [row] = await app().db.select({ id: tours.id }).from(tours).where(eq(tours.code, seed.code));
      const tour = await get<ManagedTour>(`/tours/${row!.id}`);
      const content = TOUR_CONTENT[seed.code]!;
      const form = {
        code: tour.code,
        name: tour.name,
        brand_channel: tour.brand_channel,
        description: tour.description,
        summary: tour.summary,
        itinerary: tour.itinerary,
        inclusions: tour.inclusions,
        speakers: tour.speakers,
      };
      expect(form).toEqual({
        code: seed.code,
        name: seed.name,
        brand_channel: seed.brandChannel,
        description: seed.description,
        summary: content.summary,
        itinerary: content.itinerary,
        inclusions: content.included,
        speakers: seed.speakers,
      });
      expect(tourInputSchema.parse(form)).toEqual(form);

      const byStart = [...seed.departures].sort((a, b) => a.startsInDays - b.startsInDays);
      expect(tour.departures.map(({ start_date, end_date, status, hidden, places }) => ({ start_date, end_date, status, hidden, places }))).toEqual(
        byStart.map((departure) => ({
          start_date: addDays(seededOn, departure.startsInDays),
          end_date: addDays(seededOn, departure.startsInDays + departure.nights),
          status: departure.status ?? 'open',
          hidden: false,
          places: departure.capacity,
        })),
      );

      for (const [index, summary] of tour.departures.entries()) {
        const seedDeparture = byStart[index]!;
        const departure = await get<ManagedDeparture>(`/departures/${summary.id}`);
        expect(departure.prices, `${seed.code} ${summary.start_date}`).toEqual(seedDeparture.price);
        const { start_date, end_date, status, hidden, places, prices: price } = departure;
        expect(departureInputSchema.parse({ start_date, end_date, status, hidden, places, prices: price })).toEqual({ start_date, end_date, status, hidden, places, prices: price, balance_due_days: null, deposit_percent: null });
        expect(departure.options, `${seed.code} ${summary.start_date}`).toMatchObject(expectedOptions(seedDeparture.package, summary.start_date, seedDeparture.nights));
        for (const option of departure.options) expect(optionInputSchema.parse(formOf(option)), option.name).toEqual(formOf(option));
      }
    }
  });

  describe('an entry the console would refuse stops the seed with the rule’s message, writing nothing of its tour', () => {
    const departure: DepartureSeed = { startsInDays: 400, nights: 3, capacity: 10, price: prices(100, 130, 190) };
    const tour = (overrides: Partial<TourSeed>): TourSeed => ({
      code: 'SEED-BAD',
      name: 'A tour the console would refuse',
      description: '',
      brandChannel: TOURS[0]!.brandChannel,
      speakers: [],
      departures: [departure],
      ...overrides,
    });
    const room = (overrides: Partial<PackageSeed['stays'][number]['rooms'][number]>): PackageSeed => ({
      flightGroups: [],
      stays: [{ hotel: HOTELS.ambrose, nights: 3, optionAccommodationName: HOTELS.ambrose.name, rooms: [{ name: 'Single room', type: 'Single', occupancy: [1, 1], inventory: 2, price: prices(50, 65, 95), ...overrides }] }],
      extras: [],
      additionalNights: [],
    });
    const counts = async () => ({
      tours: (await app().db.select({ n: count() }).from(tours))[0]!.n,
      departures: (await app().db.select({ n: count() }).from(departures))[0]!.n,
    });

    it.each([
      ['a departure ending before it starts', tour({ departures: [{ ...departure, nights: -2 }] }), `end_date: ${CATALOGUE_MESSAGES.datesOrdered}`],
      ['a departure priced in two currencies of three', tour({ departures: [{ ...departure, price: { GBP: 10_000, USD: 13_000 } as never }] }), `prices.AUD: ${CATALOGUE_MESSAGES.price}`],
      ['a room for three people at most two', tour({ departures: [{ ...departure, package: room({ occupancy: [3, 2] }) }] }), `occupancy_to: ${CATALOGUE_MESSAGES.occupancy}`],
      ['a speaker without a surname', tour({ speakers: [{ title: 'Dr', forename: 'Ann', surname: ' ', biography: '' }] }), `speakers.0.surname: ${CATALOGUE_MESSAGES.speakerName}`],
      ['a code the console would not take', tour({ code: 'Bad code' }), `code: ${CATALOGUE_MESSAGES.codeFormat}`],
    ])('%s', async (_, seed, message) => {
      const before = await counts();
      await expect(app().db.transaction((tx) => seedTour(tx, seed, undefined, '2030-01-01'))).rejects.toThrow(message);
      expect(await counts()).toEqual(before);
    });

    it('a code another tour has: the service refuses it, as it would the console', async () => {
      const before = await counts();
      await expect(app().db.transaction((tx) => seedTour(tx, tour({ code: TOURS[0]!.code }), undefined, '2030-01-01'))).rejects.toThrow(CATALOGUE_MESSAGES.codeTaken);
      expect(await counts()).toEqual(before);
    });
  });
});
