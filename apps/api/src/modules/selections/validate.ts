import {
  ALLOCATION_KIND_OF_KIND,
  fitsParty,
  KINDS_IN_ALLOCATION,
  MANDATORY_RATE_OPTION,
  namesMatch,
  partyWording,
  type Allocations,
  type OptionKind,
} from '@tours/domain';
import { occupancyOf, type DepartureOffer, type OfferedOption } from '../catalogue/index.ts';
import type { SoldOutKind } from './refuse-sold-out.ts';

/**
 * The rules a set of selections must keep before anything is held or priced
 * (spec section 5, Booking). Pure: the caller supplies the departure's offer,
 * the booking's passengers and what is still in stock.
 */

export interface PlannedLine {
  option: OfferedOption;
  passengerIds: number[];
  /** Where the entry was in the body, for messages: 'allocations.extras.1'. */
  path: string;
}

export type SelectionCheck =
  | { outcome: 'ok'; lines: PlannedLine[] }
  | { outcome: 'invalid'; fields: Record<string, string> }
  /** A choice the rules require cannot be met from stock: the client shows its availability error. */
  | { outcome: 'unavailable'; message: string; gone: SoldOutKind };

export interface CheckContext {
  offer: DepartureOffer;
  /** The booking's passengers, lead first. */
  passengerIds: readonly number[];
  /** Whether the option has a unit left for every passenger of the booking. */
  inStockForParty: (option: OfferedOption) => boolean;
}

const KIND_NAME: Record<OptionKind, string> = { flight: 'flight', room: 'room', extra: 'extra', additional_night: 'additional night' };
const KIND_LABEL: Record<OptionKind, string> = { flight: 'a flight', room: 'a room', extra: 'an extra', additional_night: 'an additional night' };

const passengers = (n: number) => (n === 1 ? '1 passenger' : `${n} passengers`);

export function checkSelections(allocations: Allocations, context: CheckContext): SelectionCheck {
  const { offer, passengerIds } = context;
  const fields: Record<string, string> = {};
  const fail = (path: string, message: string) => {
    fields[path] ??= message;
  };
  const party = passengerIds.length;
  const onBooking = new Set(passengerIds);
  const byId = new Map(offer.options.map((option) => [option.id, option]));
  const seen = new Set<number>();
  const lines: PlannedLine[] = [];

  for (const list of ['flights', 'extras', 'accommodation'] as const) {
    allocations[list].forEach((entry, index) => {
      const path = `allocations.${list}.${index}`;
      const id = entry.component_id;
      const option = byId.get(id);
      if (!option) return fail(`${path}.component_id`, `Component ${id} is not an option of this booking's departure`);
      if (seen.has(id)) return fail(`${path}.component_id`, `Component ${id} is allocated more than once`);
      seen.add(id);
      if (!KINDS_IN_ALLOCATION[list].includes(option.kind)) {
        return fail(`${path}.component_id`, `Component ${id} is ${KIND_LABEL[option.kind]}; send it in allocations.${ALLOCATION_KIND_OF_KIND[option.kind]}`);
      }
      const stranger = entry.passenger_ids.find((passengerId) => !onBooking.has(passengerId));
      if (stranger !== undefined) return fail(`${path}.passenger_ids`, `Passenger ${stranger} is not on this booking`);
      if (!fitsParty(option.kind, occupancyOf(option), party)) {
        const wording = partyWording(option.kind, occupancyOf(option));
        return fail(`${path}.component_id`, `This ${KIND_NAME[option.kind]} is ${wording}; the booking has ${passengers(party)}`);
      }
      lines.push({ option, passengerIds: [...entry.passenger_ids], path });
    });
  }
  if (Object.keys(fields).length > 0) return { outcome: 'invalid', fields };

  const flights = checkFlights(lines, context, fail);
  if (flights) return flights;
  const rooms = checkRooms(lines, context, fail);
  if (rooms) return rooms;
  return Object.keys(fields).length > 0 ? { outcome: 'invalid', fields } : { outcome: 'ok', lines };
}

type Fail = (path: string, message: string) => void;

/** Per flight group: at most one flight per passenger; every passenger on a flight of each mandatory group. */
function checkFlights(lines: readonly PlannedLine[], { offer, passengerIds, inStockForParty }: CheckContext, fail: Fail): SelectionCheck | null {
  interface Group {
    name: string;
    mandatory: boolean;
    flights: OfferedOption[];
    /** Flights each passenger has in the group. */
    taken: Map<number, number>;
  }
  const groups = new Map<number, Group>();
  for (const option of offer.options) {
    if (!option.flight) continue;
    const { groupId, groupName, rateOption } = option.flight;
    const group: Group = groups.get(groupId) ?? { name: groupName, mandatory: rateOption === MANDATORY_RATE_OPTION, flights: [], taken: new Map() };
    group.flights.push(option);
    groups.set(groupId, group);
  }
  for (const line of lines) {
    const group = line.option.flight && groups.get(line.option.flight.groupId);
    if (!group) continue;
    for (const passengerId of line.passengerIds) group.taken.set(passengerId, (group.taken.get(passengerId) ?? 0) + 1);
  }
  for (const group of groups.values()) {
    const twice = passengerIds.find((passengerId) => (group.taken.get(passengerId) ?? 0) > 1);
    if (twice !== undefined) fail('allocations.flights', `Passenger ${twice} has more than one flight of '${group.name}'; choose one`);
    if (!group.mandatory || passengerIds.every((passengerId) => group.taken.has(passengerId))) continue;
    // Leaving out a mandatory flight nobody can have any more is a sold-out departure, not a mistake.
    if (!group.flights.some(inStockForParty)) return { outcome: 'unavailable', message: `The mandatory flight '${group.name}' is sold out.`, gone: 'options' };
    fail('allocations.flights', `Every passenger must take a flight of the mandatory group '${group.name}'`);
  }
  return null;
}

/** One room type for all passengers and all hotels: one room at each hotel, shared by the whole party. */
function checkRooms(lines: readonly PlannedLine[], { offer, passengerIds, inStockForParty }: CheckContext, fail: Fail): SelectionCheck | null {
  const rooms = lines.filter((line) => line.option.room);
  if (offer.hotels.length === 0) {
    if (rooms.length > 0) fail('allocations.accommodation', 'This departure has no hotel rooms to choose');
    return null;
  }
  for (const hotel of offer.hotels) {
    const chosen = rooms.filter((line) => line.option.room!.accommodationId === hotel.accommodationId);
    if (chosen.length > 1) fail('allocations.accommodation', `Choose only one room at ${hotel.name}`);
    if (chosen.length > 0) continue;
    const fitting = offer.options.filter(
      (option) => option.room?.accommodationId === hotel.accommodationId && fitsParty(option.kind, occupancyOf(option), passengerIds.length),
    );
    if (!fitting.some(inStockForParty)) return { outcome: 'unavailable', message: `No room is left at ${hotel.name}.`, gone: 'rooms' };
    fail('allocations.accommodation', `Choose a room at every hotel of the tour; none was chosen at ${hotel.name}`);
  }
  for (const line of rooms) {
    if (line.passengerIds.length !== passengerIds.length) fail(`${line.path}.passenger_ids`, 'Every passenger must be in the room chosen at each hotel');
  }
  const [first, ...others] = rooms;
  if (first && others.some((line) => !namesMatch(line.option.room!.roomType, first.option.room!.roomType))) {
    fail('allocations.accommodation', 'Choose one room type for all passengers and all hotels');
  }
  return null;
}
