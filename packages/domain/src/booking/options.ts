import {
  MANDATORY_RATE_OPTION,
  type ExtraOption,
  type FlightOptionGroup,
  type OptionKind,
  type RoomOption,
} from '../contracts/options.ts';
import { minor, type MinorUnits } from '../money.ts';
import { countOf, foldName, nameIncludes, namesMatch } from '../text.ts';

/**
 * Which options the customer sees, and in what order (spec section 5, Booking).
 * Pure filters over the option lists, shared by the web and the API's checks.
 */

interface Stocked {
  inventory_details: { available: number };
}
export interface Occupancy {
  from: number;
  to: number;
}
interface Priced {
  pricing: { override_rules: { adult_price: { value: number } } };
}

export const hasInventory = (option: Stocked): boolean => option.inventory_details.available > 0;

/**
 * Whether an option may be allocated to a party of this size (spec section 5,
 * Booking): the one rule the web filters its lists by and the API checks
 * selections against.
 * - A room sleeps the whole party: from <= party <= to (1 single, 2 when two travel).
 * - An extra is ticked per participant, so a per-person extra (from 1) suits a
 *   couple too, while one that needs two people does not suit one: from <= party.
 * - An additional night is priced for exactly `from` passengers.
 * - Flights carry no occupancy.
 */
export function fitsParty(kind: OptionKind, occupancy: Occupancy, participants: number): boolean {
  switch (kind) {
    case 'room':
      return occupancy.from <= participants && participants <= occupancy.to;
    case 'extra':
      return occupancy.from <= participants;
    case 'additional_night':
      return occupancy.from === participants;
    case 'flight':
      return true;
  }
}

const people = (n: number) => countOf(n, 'person', 'people');

/** Whom an option is for, as fitsParty reads its occupancy: 'for 2 people', 'for 1 to 2 people', 'for 2 or more people'. */
export function partyWording(kind: OptionKind, occupancy: Occupancy): string {
  if (kind === 'flight') return 'for any party';
  if (kind === 'extra') return occupancy.from > 1 ? `for ${occupancy.from} or more people` : 'for any party';
  if (kind === 'additional_night' || occupancy.from === occupancy.to) return `for ${people(occupancy.from)}`;
  return `for ${occupancy.from} to ${occupancy.to} people`;
}

export const adultPrice = (option: Priced): MinorUnits => minor(option.pricing.override_rules.adult_price.value);

const byAdultPrice = (a: Priced, b: Priced) => adultPrice(a) - adultPrice(b);

/**
 * An extra priced 0 is part of the tour ('Included in price', spec section 2):
 * step 2b allocates it to every participant and shows it ticked and fixed, so
 * the booking records it and nobody reads an unticked box as something missing.
 */
export const isIncludedExtra = (extra: Priced): boolean => adultPrice(extra) === 0;

export const isMandatoryGroup = (group: FlightOptionGroup): boolean => group.rate_option === MANDATORY_RATE_OPTION;

/**
 * Flight groups worth offering. A group is booked whole, so it is shown only
 * when every flight in it has seats: a group with one full leg cannot be sold.
 */
export function availableFlightGroups(groups: readonly FlightOptionGroup[]): FlightOptionGroup[] {
  return groups.filter((group) => group.flights.length > 0 && group.flights.every(hasInventory));
}

/** A group's adult price: the sum of its flights' adult prices. */
export function flightGroupAdultPrice(group: FlightOptionGroup): MinorUnits {
  return minor(group.flights.reduce((sum, flight) => sum + adultPrice(flight), 0));
}

export const ADDITIONAL_NIGHT = 'Additional night';
export const isAdditionalNight = (extra: Pick<ExtraOption, 'name'>): boolean => nameIncludes(extra.name, ADDITIONAL_NIGHT);

/**
 * Step 2b extras: not additional nights (step 3b lists those), in stock, and
 * for a party of at least the extra's occupancy.from ('occupancy 1 (single)
 * or 2 (when 2 participants)', spec section 5). Extras are ticked and priced
 * per participant, so a per-person extra (occupancy 1) is offered to a couple
 * as well, while one that needs two people is not offered to one.
 */
export function availableExtras(extras: readonly ExtraOption[], participants: number): ExtraOption[] {
  return extras.filter((extra) => !isAdditionalNight(extra) && hasInventory(extra) && fitsParty('extra', extra.occupancy, participants));
}

/**
 * Step 3b additional nights: named so, in stock, for exactly this many
 * passengers (occupancy.from), cheapest first. Empty means step 3b is skipped.
 */
export function availableAdditionalNights(extras: readonly ExtraOption[], participants: number): ExtraOption[] {
  return extras
    .filter((extra) => isAdditionalNight(extra) && hasInventory(extra) && fitsParty('additional_night', extra.occupancy, participants))
    .sort(byAdultPrice);
}

/** The hotels of a tour in the order the room list first names them, one spelling each. */
export function hotelNames(rooms: readonly RoomOption[]): string[] {
  const seen = new Map<string, string>();
  for (const room of rooms) {
    const key = foldName(room.accommodation.name);
    if (!seen.has(key)) seen.set(key, room.accommodation.name);
  }
  return [...seen.values()];
}

/**
 * A hotel's rooms for the party: matched by hotel name whatever its accents or
 * case ('Hôtel Lutetia' is 'HOTEL LUTETIA'), in stock, fitting the party,
 * cheapest first.
 */
export function roomsForHotel(rooms: readonly RoomOption[], hotel: string, participants: number): RoomOption[] {
  return rooms
    .filter((room) => namesMatch(room.accommodation.name, hotel) && hasInventory(room) && fitsParty('room', room.occupancy, participants))
    .sort((a, b) => a.price.value - b.price.value);
}

export interface HotelRooms {
  hotel: string;
  rooms: RoomOption[];
}

/** Step 3a: every hotel with the rooms on offer at it. */
export function roomsByHotel(rooms: readonly RoomOption[], participants: number, hotels = hotelNames(rooms)): HotelRooms[] {
  return hotels.map((hotel) => ({ hotel, rooms: roomsForHotel(rooms, hotel, participants) }));
}

export interface RoomTypeChoice {
  /** The room type's name as the first hotel spells it. */
  type: string;
  /** The cheapest room of this type at each hotel, in hotel order. */
  rooms: RoomOption[];
  /** Per person, all hotels together. */
  price: MinorUnits;
}

/**
 * One room type serves all passengers at all hotels, so a type is offered only
 * when every hotel has it. Cheapest first.
 */
export function roomTypeChoices(hotels: readonly HotelRooms[]): RoomTypeChoice[] {
  const [first, ...others] = hotels;
  if (!first) return [];
  const choices: RoomTypeChoice[] = [];
  for (const room of first.rooms) {
    const type = room.type.name;
    if (choices.some((choice) => namesMatch(choice.type, type))) continue;
    const rooms = [room];
    for (const hotel of others) {
      // Rooms are sorted cheapest first, so the first match is the cheapest of its type.
      const match = hotel.rooms.find((candidate) => namesMatch(candidate.type.name, type));
      if (!match) break;
      rooms.push(match);
    }
    if (rooms.length === hotels.length) {
      choices.push({ type, rooms, price: minor(rooms.reduce((sum, r) => sum + r.price.value, 0)) });
    }
  }
  return choices.sort((a, b) => a.price - b.price);
}
