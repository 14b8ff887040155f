import { describe, expect, it } from 'vitest';
import { DETAILS, EXTRAS, FLIGHTS, HOTELS, ROOMS, TOUR } from '../testing/booking-fixtures.ts';
import { chosenRoomType, offeredOptions, selectionsFor } from './booking-options.ts';
import { summaryFigures } from './summary-figures.ts';

const lists = { flights: FLIGHTS, extras: EXTRAS, accommodation: { hotels: HOTELS, items: ROOMS } };

describe('offered options', () => {
  it('offers flights with seats, extras without the additional nights, and nights for the party size', () => {
    const two = offeredOptions(lists, 2);
    expect(two.flightGroups.map((group) => group.id)).toEqual([15, 16]);
    expect(two.extras.map((extra) => extra.id)).toEqual([25, 26]);
    expect(two.additionalNights.map((night) => night.id)).toEqual([28]);
    expect(offeredOptions(lists, 1).additionalNights.map((night) => night.id)).toEqual([27]);
  });

  it('offers per-person extras to a couple, but not an extra for two to one person', () => {
    const forTwo = { ...EXTRAS[0]!, id: 90, name: 'Private dinner for two', occupancy: { from: 2, to: 2 } };
    const soldOut = { ...EXTRAS[0]!, id: 91, name: 'Sold out', inventory_details: { available: 0 } };
    const offer = (participants: number) => offeredOptions({ ...lists, extras: [EXTRAS[0]!, forTwo, soldOut] }, participants).extras;
    expect(offer(2).map((extra) => extra.id)).toEqual([25, 90]);
    expect(offer(1).map((extra) => extra.id)).toEqual([25]);
  });

  it('matches hotels whatever their accents and case, with their nights, and offers a room type every hotel has', () => {
    const two = offeredOptions(lists, 2);
    expect(two.hotels.map((hotel) => [hotel.hotel, hotel.nights, hotel.rooms.map((room) => room.id)])).toEqual([
      ['Hotel Königshof', 3, [20]],
      ['Gästehaus Mönchsberg', 2, [23]],
    ]);
    expect(two.roomChoices.map((choice) => [choice.type, choice.price])).toEqual([['Double', 4_500]]);
    expect(offeredOptions(lists, 1).roomChoices.map((choice) => [choice.type, choice.price])).toEqual([['Single', 60_000]]);
    expect(two.noRooms).toBe(false);
  });

  it('has no rooms when no type fits every hotel, or when the call reports a service failure', () => {
    expect(offeredOptions({ ...lists, accommodation: { hotels: HOTELS, items: ROOMS.filter((room) => room.id !== 23) } }, 2).noRooms).toBe(true);
    expect(offeredOptions({ ...lists, accommodation: { hotels: HOTELS, items: ROOMS, code: 'SERVICE_FAILURE' } }, 2).noRooms).toBe(true);
  });

  it('finds the chosen room type only while it is offered', () => {
    const { roomChoices } = offeredOptions(lists, 2);
    expect(chosenRoomType(roomChoices, 'double')?.type).toBe('Double');
    expect(chosenRoomType(roomChoices, 'Single')).toBeNull();
    expect(chosenRoomType(roomChoices, null)).toBeNull();
  });
});

describe('selections as sent', () => {
  it('keeps only offered components and passengers of this booking', () => {
    const offered = offeredOptions(lists, 2);
    const allocations = {
      flights: [
        { component_id: 15, passenger_ids: [501, 502] },
        { component_id: 17, passenger_ids: [501] },
      ],
      extras: [
        { component_id: 25, passenger_ids: [501, 999] },
        { component_id: 27, passenger_ids: [502] },
        { component_id: 28, passenger_ids: [502] },
      ],
      accommodation: [
        { component_id: 20, passenger_ids: [501, 502] },
        { component_id: 23, passenger_ids: [501, 502] },
        { component_id: 19, passenger_ids: [501, 502] },
      ],
    };
    expect(selectionsFor(allocations, offered, [501, 502])).toEqual({
      flights: [{ component_id: 15, passenger_ids: [501, 502] }],
      extras: [
        { component_id: 25, passenger_ids: [501] },
        { component_id: 28, passenger_ids: [502] },
      ],
      accommodation: [
        { component_id: 20, passenger_ids: [501, 502] },
        { component_id: 23, passenger_ids: [501, 502] },
      ],
    });
  });
});

describe('summary figures', () => {
  const offered = offeredOptions(lists, 2);
  const allocations = {
    flights: [{ component_id: 16, passenger_ids: [501, 502] }],
    extras: [{ component_id: 25, passenger_ids: [501] }],
    accommodation: [{ component_id: 20, passenger_ids: [501, 502] }],
  };

  it('estimates from the choices with the domain pricing until the server has priced them', () => {
    const figures = summaryFigures({ tour: TOUR, details: null, allocations, offered, passengerIds: [501, 502], participants: 2 });
    expect(figures).toEqual({
      source: 'estimate',
      pricePerPerson: 189_500,
      participants: 2,
      flights: 29_000,
      extras: 8_500,
      accommodation: 9_000,
      additionalNights: 0,
      discount: 0,
      total: 379_000 + 29_000 + 8_500 + 9_000,
      deposit: null,
    });
  });

  it('shows the tour alone before the options are known', () => {
    const figures = summaryFigures({ tour: TOUR, details: null, allocations, offered: null, passengerIds: [], participants: 1 });
    expect(figures).toMatchObject({ flights: 0, extras: 0, accommodation: 0, total: 189_500, participants: 1 });
  });

  it("uses the server's figures once they exist", () => {
    const figures = summaryFigures({ tour: TOUR, details: DETAILS, allocations, offered, passengerIds: [501, 502], participants: 2 });
    expect(figures).toMatchObject({ source: 'server', total: 434_000, deposit: 65_100, extras: 17_000 });
  });
});
