import { availableFlightGroups, hotelNames, namesMatch, roomsByHotel, roomTypeChoices, type FlightOptionGroup, type RoomOption } from '@tours/domain';
import { describe, expect, it } from 'vitest';
import { HOTELS } from '../src/db/seed/data/hotels.ts';
import { createBooking, lead, optionIds, optionList, second, submit } from './booking-fixtures.ts';
import { build } from './helper.ts';

describe('GET /api/bookings/tour/:id/<options>', () => {
  const server = build();

  it.each([
    ['GBP', 14500, 36000],
    ['USD', 18500, 46500],
    ['AUD', 28000, 70000],
  ] as const)('prices flights and rooms in the booking currency (%s), in minor units', async (currency, returnFlight, singleRoom) => {
    const booking = await createBooking(server.app, { code: 'MHW-VIE', startsInDays: 200, currency });
    const flights = await optionList<FlightOptionGroup>(server.app, booking, 'flights');
    const os457 = flights.find((group) => group.flights[0]!.flight_number === 'OS 457')!;
    expect(os457.flights[0]!.pricing.override_rules.adult_price).toEqual({ value: returnFlight, currency_code: currency });
    const rooms = await optionList<RoomOption>(server.app, booking, 'accommodation');
    const single = rooms.find((room) => room.type.name === 'Single' && room.accommodation.name === 'HOTEL KONIGSHOF')!;
    expect(single.price).toEqual({ value: singleRoom, currency_code: currency });
    expect(single.pricing.override_rules.adult_price).toEqual(single.price);
  });

  it('lists each flight as a group with its group’s name and rate option, sold-out flights present with available 0', async () => {
    const booking = await createBooking(server.app, { code: 'MHW-VIE', startsInDays: 200 });
    const flights = await optionList<FlightOptionGroup>(server.app, booking, 'flights');
    const time = (dateTime: string) => dateTime.slice(11, 16);
    expect(
      flights.map((group) => {
        const flight = group.flights[0]!;
        const times = `${time(flight.departure_date_time)}-${time(flight.arrival_date_time)}`;
        return [flight.flight_number, group.name, group.rate_option, times, flight.inventory_details.available];
      }),
    ).toEqual([
      ['BA 702', 'Outbound group flight', 'Mandatory', '08:40-10:55', 24],
      ['OS 457', 'Return flight from Salzburg', 'Optional', '15:10-17:20', 20],
      ['BA 2605', 'Return flight from Salzburg', 'Optional', '17:45-19:00', 6],
      ['EW 7462', 'Return flight from Salzburg', 'Optional', '12:20-13:35', 0],
    ]);
    const [ba702] = flights;
    expect(ba702).toEqual({
      id: expect.any(Number),
      name: 'Outbound group flight',
      rate_option: 'Mandatory',
      flights: [
        {
          id: ba702!.id,
          flight_number: 'BA 702',
          cabin_class_name: 'Economy',
          departure_airport: 'London Heathrow (LHR)',
          arrival_airport: 'Vienna (VIE)',
          departure_date_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T08:40:00$/),
          arrival_date_time: ba702!.flights[0]!.departure_date_time.replace('T08:40', 'T10:55'),
          airline_name: 'British Airways',
          is_mandatory: true,
          inventory_details: { available: 24 },
          pricing: { override_rules: { adult_price: { value: 0, currency_code: 'GBP' } } },
        },
      ],
    });
    // The client's own filter drops the sold-out flight.
    expect(availableFlightGroups(flights).map((group) => group.flights[0]!.flight_number)).toEqual(['BA 702', 'OS 457', 'BA 2605']);
  });

  it('names each room’s hotel as the reservations system spells it, matching the hotel accent- and case-insensitively', async () => {
    const booking = await createBooking(server.app, { code: 'MHW-VIE', startsInDays: 200, passengers: [lead, second] });
    const rooms = await optionList<RoomOption>(server.app, booking, 'accommodation');
    expect(hotelNames(rooms)).toEqual(['HOTEL KONIGSHOF', 'gastehaus monchsberg']);
    expect(namesMatch('HOTEL KONIGSHOF', HOTELS.konigshof.name)).toBe(true);
    expect(namesMatch('gastehaus monchsberg', HOTELS.monchsberg.name)).toBe(true);
    expect(rooms[0]).toEqual({
      id: expect.any(Number),
      name: 'Single room',
      price: { value: 36000, currency_code: 'GBP' },
      type: { name: 'Single' },
      accommodation: { name: 'HOTEL KONIGSHOF' },
      occupancy: { from: 1, to: 1 },
      duration: { from: 3, to: 3 },
      inventory_details: { available: 4 },
      pricing: { override_rules: { adult_price: { value: 36000, currency_code: 'GBP' } } },
    });
    // The itinerary's hotels come under their own names, in order of stay, for the client to match rooms to.
    const answer = await server.app.inject({ method: 'GET', url: `/api/bookings/tour/${booking.tourId}/accommodation`, headers: booking.headers });
    const hotels: { name: string; nights: number }[] = answer.json().data.hotels;
    expect(hotels).toEqual([
      { name: HOTELS.konigshof.name, nights: 3 },
      { name: HOTELS.monchsberg.name, nights: 2 },
    ]);
    // Two travellers are offered the shared room types at both hotels, cheapest first.
    const choices = roomTypeChoices(roomsByHotel(rooms, 2, hotels.map((hotel) => hotel.name)));
    expect(choices.map((choice) => [choice.type, choice.price])).toEqual([
      ['Twin', 0],
      ['Double', 4500],
    ]);
  });

  it('answers data.code SERVICE_FAILURE when no room is left for the party', async () => {
    const booking = await createBooking(server.app, { code: 'MF-BAY', startsInDays: 150 });
    const response = await server.app.inject({ method: 'GET', url: `/api/bookings/tour/${booking.tourId}/accommodation`, headers: booking.headers });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.code).toBe('SERVICE_FAILURE');
    expect(data.items.every((room: RoomOption) => room.inventory_details.available === 0)).toBe(true);
    const open = await createBooking(server.app, { code: 'TSG-SIC', startsInDays: 120 });
    const rooms = await server.app.inject({ method: 'GET', url: `/api/bookings/tour/${open.tourId}/accommodation`, headers: open.headers });
    expect(rooms.json().data.code).toBeUndefined();
  });

  it('lists extras and additional nights with their occupancy and prices', async () => {
    const booking = await createBooking(server.app, { code: 'MHW-VIE', startsInDays: 200, currency: 'USD' });
    const extras = await optionList<{ name: string; occupancy: { from: number }; pricing: unknown; description: string }>(server.app, booking, 'extras');
    expect(extras.map((extra) => [extra.name, extra.occupancy.from, extra.pricing])).toEqual([
      ['Private visit to the Spanish Riding School', 1, { override_rules: { adult_price: { value: 11000, currency_code: 'USD' } } }],
      ['Welcome drinks at the Mozarthaus', 1, { override_rules: { adult_price: { value: 0, currency_code: 'USD' } } }],
      ['Additional night', 1, { override_rules: { adult_price: { value: 21500, currency_code: 'USD' } } }],
      ['Additional night', 2, { override_rules: { adult_price: { value: 15500, currency_code: 'USD' } } }],
    ]);
    expect(extras[0]!.description).toBe('A morning rehearsal and a guided tour of the stables.');
  });

  it('answers empty lists for a tour without options', async () => {
    const booking = await createBooking(server.app, { code: 'LD-GRE', startsInDays: 42 });
    for (const list of ['flights', 'accommodation', 'extras', 'promotions']) {
      expect(await optionList(server.app, booking, list)).toEqual([]);
    }
  });

  it('lists the booking’s components: the tour line at first, then what the selections priced', async () => {
    const booking = await createBooking(server.app, { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] });
    expect(await optionList(server.app, booking, 'components')).toEqual([
      { id: expect.any(Number), name: 'Sicily: Greeks and Normans', component_type: 'Tour', price: { value: 349500, currency_code: 'GBP' } },
    ]);
    const ids = await optionIds(server.app, booking);
    const [p1] = booking.passengerIds;
    const response = await submit(server.app, booking, {
      flights: [{ component_id: ids.flight('BA 2590', 'Economy'), passenger_ids: [p1!] }],
      accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Single'), passenger_ids: [p1!] }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const components = await optionList<{ name: string; component_type: string; price: unknown }>(server.app, booking, 'components');
    expect(components.map(({ name, component_type, price }) => ({ name, component_type, price }))).toEqual([
      { name: 'Sicily: Greeks and Normans', component_type: 'Tour', price: { value: 349500, currency_code: 'GBP' } },
      { name: 'BA 2590 London Gatwick (LGW) to Catania (CTA)', component_type: 'Flight', price: { value: 0, currency_code: 'GBP' } },
      { name: 'Hotel Villa Aretusa: Single room', component_type: 'Accommodation', price: { value: 54000, currency_code: 'GBP' } },
    ]);
  });

  it('counts others’ live holds against what is available, but not the booking’s own', async () => {
    const first = await createBooking(server.app, { code: 'TSG-SIC', startsInDays: 120 });
    const ids = await optionIds(server.app, first);
    const clubEurope = ids.flight('BA 2590', 'Club Europe');
    const available = async (booking: typeof first) =>
      (await optionList<FlightOptionGroup>(server.app, booking, 'flights')).find((group) => group.id === clubEurope)!.flights[0]!.inventory_details
        .available;
    const before = await available(first);
    const response = await submit(server.app, first, {
      flights: [{ component_id: clubEurope, passenger_ids: first.passengerIds }],
      accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Single'), passenger_ids: first.passengerIds }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await available(first)).toBe(before);
    const other = await createBooking(server.app, { code: 'TSG-SIC', startsInDays: 120 });
    expect(await available(other)).toBe(before - 1);
  });
});
