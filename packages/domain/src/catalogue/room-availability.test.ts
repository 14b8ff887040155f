import { describe, expect, it } from 'vitest';
import { BrandChannel } from '../brand-channels.ts';
import { departureBookableOnline, roomsSoldOut, tourKindOf } from '../contracts/catalogue.ts';
import { room } from '../booking/test-fixtures.ts';
import { roomTypeAvailability } from './room-availability.ts';

const single = [1, 1] as [number, number];
const double = [2, 2] as [number, number];

describe('roomTypeAvailability', () => {
  it('lists each room type once, with the fewest rooms left at any of its hotels', () => {
    const rooms = [
      room(1, 'Hotel Königshof', 'Single', 40_000, { available: 4, occupancy: single }),
      room(2, 'Hotel Königshof', 'Double', 0, { available: 6, occupancy: double }),
      room(3, 'HOTEL MONCHSBERG', 'single', 30_000, { available: 2, occupancy: single }),
      room(4, 'HOTEL MONCHSBERG', 'Double', 0, { available: 5, occupancy: double }),
    ];
    expect(roomTypeAvailability(rooms)).toEqual([
      { type: 'Single', occupancy: { from: 1, to: 1 }, rooms_left: 2 },
      { type: 'Double', occupancy: { from: 2, to: 2 }, rooms_left: 5 },
    ]);
  });

  it('says 0 for a type sold out at one hotel, as step 3a would not offer it', () => {
    const rooms = [
      room(1, 'A', 'Twin', 0, { available: 3, occupancy: double }),
      room(2, 'B', 'Twin', 0, { available: 0, occupancy: double }),
      room(3, 'A', 'Single', 0, { available: 1, occupancy: single }),
      room(4, 'B', 'Single', 0, { available: 1, occupancy: single }),
    ];
    expect(roomTypeAvailability(rooms)).toEqual([
      { type: 'Twin', occupancy: { from: 2, to: 2 }, rooms_left: 0 },
      { type: 'Single', occupancy: { from: 1, to: 1 }, rooms_left: 1 },
    ]);
    expect(roomsSoldOut({ room_types: roomTypeAvailability(rooms) })).toBe(false);
  });

  it('reads a departure with every room gone as sold out, and one without hotels as not', () => {
    const gone = roomTypeAvailability([room(1, 'A', 'Double', 0, { available: 0, occupancy: double })]);
    expect(gone).toEqual([{ type: 'Double', occupancy: { from: 2, to: 2 }, rooms_left: 0 }]);
    expect(roomsSoldOut({ room_types: gone })).toBe(true);
    expect(roomsSoldOut({ room_types: roomTypeAvailability([]) })).toBe(false);
  });
});

describe('tourKindOf', () => {
  it('reads London Days as day trips, Online Talks as online talks and every other channel as a tour', () => {
    expect(tourKindOf(BrandChannel.LondonDays)).toBe('day_trip');
    expect(tourKindOf(BrandChannel.OnlineTalks)).toBe('online_talk');
    expect(tourKindOf(BrandChannel.MusicFestivals)).toBe('tour');
    expect(tourKindOf(BrandChannel.LectureAfternoons)).toBe('tour');
    expect(tourKindOf(null)).toBe('tour');
  });
});

describe('departureBookableOnline', () => {
  const open = { available_to_book: true, places_left: 3 };
  it('offers online a departure open to booking with a place and, where it has hotels, a room left', () => {
    expect(departureBookableOnline(open)).toBe(true);
    expect(departureBookableOnline({ ...open, room_types: [] })).toBe(true);
    expect(departureBookableOnline({ ...open, room_types: [{ type: 'Twin', occupancy: { from: 2, to: 2 }, rooms_left: 1 }] })).toBe(true);
  });

  it('leaves closed, full and roomless departures on request', () => {
    expect(departureBookableOnline({ ...open, available_to_book: false })).toBe(false);
    expect(departureBookableOnline({ ...open, places_left: 0 })).toBe(false);
    expect(departureBookableOnline({ ...open, room_types: [{ type: 'Twin', occupancy: { from: 2, to: 2 }, rooms_left: 0 }] })).toBe(false);
  });
});
