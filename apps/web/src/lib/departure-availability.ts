import { departureBookableOnline, type CatalogueDeparture, type DepartureRoomType } from '@tours/domain';

/**
 * How the tour page and step 1 of the booking word a departure's
 * availability, so both say the same thing about the same inventory.
 */

export const ON_REQUEST = 'On request';

/** The domain's rule, under the name the pages read it by. */
export const bookableOnline = departureBookableOnline;

export function placesLabel(departure: CatalogueDeparture): string {
  if (!departure.available_to_book || departure.places_left <= 0) return ON_REQUEST;
  return departure.places_left === 1 ? '1 place left' : `${departure.places_left} places left`;
}

export function roomsLeftLabel(room: DepartureRoomType): string {
  if (room.rooms_left <= 0) return 'sold out';
  return room.rooms_left === 1 ? '1 room left' : `${room.rooms_left} rooms left`;
}
