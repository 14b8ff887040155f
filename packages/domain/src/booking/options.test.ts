import { describe, expect, it } from 'vitest';
import {
  availableAdditionalNights,
  availableExtras,
  availableFlightGroups,
  fitsParty,
  flightGroupAdultPrice,
  hotelNames,
  isAdditionalNight,
  isIncludedExtra,
  isMandatoryGroup,
  partyWording,
  roomsByHotel,
  roomsForHotel,
  roomTypeChoices,
} from './options.ts';
import { extra, flight, flightGroup, room } from './test-fixtures.ts';

describe('flight groups', () => {
  it('shows only groups whose every flight has seats', () => {
    const open = flightGroup(1, [flight(11, 3), flight(12, 1)]);
    const oneLegFull = flightGroup(2, [flight(21, 3), flight(22, 0)]);
    const empty = flightGroup(3, []);
    expect(availableFlightGroups([open, oneLegFull, empty]).map((g) => g.id)).toEqual([1]);
  });

  it('treats negative availability as none', () => {
    expect(availableFlightGroups([flightGroup(1, [flight(11, -2)])])).toEqual([]);
  });

  it("prices a group as its flights' adult prices together", () => {
    expect(flightGroupAdultPrice(flightGroup(1, [flight(11, 3, 12_000), flight(12, 3, 13_500)]))).toBe(25_500);
  });

  it("marks 'Mandatory' groups", () => {
    expect(isMandatoryGroup(flightGroup(1, [], 'Mandatory'))).toBe(true);
    expect(isMandatoryGroup(flightGroup(1, [], 'Optional'))).toBe(false);
  });
});

describe('fitsParty', () => {
  const single = { from: 1, to: 1 };
  const forTwo = { from: 2, to: 2 };

  it('fits a room to a party within its range', () => {
    expect(fitsParty('room', single, 1)).toBe(true);
    expect(fitsParty('room', single, 2)).toBe(false);
    expect(fitsParty('room', forTwo, 1)).toBe(false);
    expect(fitsParty('room', { from: 1, to: 2 }, 2)).toBe(true);
  });

  it('offers a per-person extra to a couple, but an extra for two never to one', () => {
    expect(fitsParty('extra', single, 1)).toBe(true);
    expect(fitsParty('extra', single, 2)).toBe(true);
    expect(fitsParty('extra', forTwo, 1)).toBe(false);
    expect(fitsParty('extra', forTwo, 2)).toBe(true);
  });

  it('offers an additional night only to a party of exactly its occupancy', () => {
    expect(fitsParty('additional_night', single, 1)).toBe(true);
    expect(fitsParty('additional_night', single, 2)).toBe(false);
    expect(fitsParty('additional_night', forTwo, 1)).toBe(false);
  });

  it('lets anyone take a flight', () => {
    expect(fitsParty('flight', forTwo, 1)).toBe(true);
  });

  it('says whom an option is for', () => {
    expect(partyWording('room', forTwo)).toBe('for 2 people');
    expect(partyWording('room', { from: 1, to: 2 })).toBe('for 1 to 2 people');
    expect(partyWording('additional_night', single)).toBe('for 1 person');
    expect(partyWording('extra', forTwo)).toBe('for 2 or more people');
  });
});

describe('extras and additional nights', () => {
  const extras = [
    extra(1, 'Opera tickets', 12_000),
    extra(2, 'Additional night - pre tour', 20_000, { occupancy: [2, 2] }),
    extra(3, 'ADDITIONAL NIGHT (single)', 15_000, { occupancy: [1, 1] }),
    extra(4, 'Sold out dinner', 5_000, { available: 0 }),
    extra(5, 'Single supplement', 30_000, { occupancy: [1, 1] }),
    extra(6, 'Additional night - post tour', 18_000, { occupancy: [2, 2] }),
    extra(7, 'Additional night - full', 10_000, { occupancy: [2, 2], available: 0 }),
    extra(8, 'Dinner for two', 9_000, { occupancy: [2, 2] }),
  ];

  it("recognises 'Additional night' by name, whatever the case or accents", () => {
    expect(isAdditionalNight({ name: 'Additional Night' })).toBe(true);
    expect(isAdditionalNight({ name: 'Additionál night' })).toBe(true);
    expect(isAdditionalNight({ name: 'Night tour' })).toBe(false);
  });

  it('lists other extras separately, in stock, for a party of at least their occupancy', () => {
    expect(availableExtras(extras, 1).map((e) => e.id)).toEqual([1, 5]);
    // A per-person extra is offered to a couple too; one for two people is not offered to one.
    expect(availableExtras(extras, 2).map((e) => e.id)).toEqual([1, 5, 8]);
  });

  it("reads an extra priced 0 as included in the price, any other as a supplement", () => {
    expect(isIncludedExtra(extra(9, 'Welcome drinks', 0))).toBe(true);
    expect(isIncludedExtra(extra(10, 'Opera tickets', 1))).toBe(false);
  });

  it('lists additional nights for exactly the party size, in stock, cheapest first', () => {
    expect(availableAdditionalNights(extras, 2).map((e) => e.id)).toEqual([6, 2]);
    expect(availableAdditionalNights(extras, 1).map((e) => e.id)).toEqual([3]);
    expect(availableAdditionalNights([extra(1, 'Opera', 1)], 1)).toEqual([]);
  });
});

describe('rooms', () => {
  const rooms = [
    room(1, 'Hôtel Lutetia', 'Double', 40_000),
    room(2, 'HOTEL LUTETIA', 'Single', 35_000, { occupancy: [1, 1] }),
    room(3, 'hotel lutetia', 'Twin', 38_000),
    room(4, 'Hotel Sacher', 'Double', 50_000),
    room(5, 'Hotel Sacher', 'Twin', 45_000, { available: 0 }),
    room(6, 'Hotel Sacher', 'Single', 42_000, { occupancy: [1, 1] }),
    room(7, 'Hotel Sacher', 'Double', 47_000),
  ];

  it('names each hotel once, in first-seen order', () => {
    expect(hotelNames(rooms)).toEqual(['Hôtel Lutetia', 'Hotel Sacher']);
  });

  it('matches rooms to a hotel ignoring accents and case, cheapest first', () => {
    expect(roomsForHotel(rooms, 'hotel lutetia', 2).map((r) => r.id)).toEqual([3, 1]);
    expect(roomsForHotel(rooms, 'Hotel Lutetia', 1).map((r) => r.id)).toEqual([2, 3, 1]);
  });

  it('drops rooms without inventory', () => {
    expect(roomsForHotel(rooms, 'Hotel Sacher', 2).map((r) => r.id)).toEqual([7, 4]);
  });

  it('offers a room type only when every hotel has it, priced across hotels', () => {
    const choices = roomTypeChoices(roomsByHotel(rooms, 2));
    expect(choices.map((c) => [c.type, c.rooms.map((r) => r.id), c.price])).toEqual([['Double', [1, 7], 87_000]]);
  });

  it('offers single rooms to one participant, cheapest type first', () => {
    const choices = roomTypeChoices(roomsByHotel(rooms, 1));
    expect(choices.map((c) => c.type)).toEqual(['Single', 'Double']);
  });

  it('offers nothing without rooms', () => {
    expect(roomTypeChoices(roomsByHotel([], 2))).toEqual([]);
    expect(roomTypeChoices([])).toEqual([]);
  });
});
