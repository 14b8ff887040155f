import { MAX_ONLINE_PARTICIPANTS, MIN_ONLINE_PARTICIPANTS } from '../booking/departure-rules.ts';
import { roomsByHotel, roomTypeChoices } from '../booking/options.ts';
import type { DepartureRoomType } from '../contracts/catalogue.ts';
import type { RoomOption } from '../contracts/options.ts';
import { namesMatch } from '../text.ts';

/**
 * The room types a departure still has, for the tour page and step 1, by the
 * very rule step 3a offers them with (roomTypeChoices: one type at every
 * hotel, in stock and fitting the party) for each party that may book online.
 * A type's rooms left is the fewest left at any of its hotels; a type no
 * party can take any more is listed with 0, so the page can say it is gone.
 */
export function roomTypeAvailability(rooms: readonly RoomOption[]): DepartureRoomType[] {
  const types: DepartureRoomType[] = [];
  for (const room of rooms) {
    if (!types.some((entry) => namesMatch(entry.type, room.type.name))) {
      types.push({ type: room.type.name, occupancy: { ...room.occupancy }, rooms_left: 0 });
    }
  }
  for (let party = MIN_ONLINE_PARTICIPANTS; party <= MAX_ONLINE_PARTICIPANTS; party++) {
    for (const choice of roomTypeChoices(roomsByHotel(rooms, party))) {
      const entry = types.find((candidate) => namesMatch(candidate.type, choice.type));
      if (!entry) continue;
      const left = Math.min(...choice.rooms.map((room) => room.inventory_details.available));
      entry.rooms_left = Math.max(entry.rooms_left, left);
    }
  }
  return types;
}
