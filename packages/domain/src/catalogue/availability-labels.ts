import { countOf } from '../text.ts';
import type { CatalogueDeparture, DepartureRoomType } from '../contracts/catalogue.ts';

/**
 * How a departure's availability is worded, on the tour page, in the
 * catalogue and at step 1 alike (and read back by the browser tests), so all
 * say the same thing about the same inventory.
 */

export const ON_REQUEST = 'On request';

export function placesLabel(departure: Pick<CatalogueDeparture, 'available_to_book' | 'places_left'>): string {
  if (!departure.available_to_book || departure.places_left <= 0) return ON_REQUEST;
  return `${countOf(departure.places_left, 'place')} left`;
}

export function roomsLeftLabel(room: Pick<DepartureRoomType, 'rooms_left'>): string {
  if (room.rooms_left <= 0) return 'sold out';
  return `${countOf(room.rooms_left, 'room')} left`;
}
