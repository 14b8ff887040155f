import type { Allocation, Allocations } from '../contracts/selections.ts';
import type { FlightOptionGroup, RoomOption } from '../contracts/options.ts';
import { isMandatoryGroup } from './options.ts';

/**
 * Who takes which component (spec section 4, Allocations). Every function
 * returns a new list, so stores can compare by reference.
 */

export const emptyAllocations = (): Allocations => ({ accommodation: [], extras: [], flights: [] });

/**
 * Whether two sets of allocations choose the same: the same passengers on the
 * same components, in whatever order they were ticked. What the summary panel
 * asks of the choices the server last priced (issue 25).
 */
export function sameAllocations(a: Allocations, b: Allocations): boolean {
  const key = (allocations: Allocations) =>
    (['accommodation', 'extras', 'flights'] as const).map((kind) =>
      allocations[kind]
        .map((entry) => `${entry.component_id}:${[...entry.passenger_ids].sort((x, y) => x - y).join(',')}`)
        .sort()
        .join(';'),
    );
  return JSON.stringify(key(a)) === JSON.stringify(key(b));
}

/** Adds the passenger to the component, adding the component's entry if missing. */
export function addPassenger(list: readonly Allocation[], componentId: number, passengerId: number): Allocation[] {
  const entry = list.find((allocation) => allocation.component_id === componentId);
  if (!entry) return [...list, { component_id: componentId, passenger_ids: [passengerId] }];
  if (entry.passenger_ids.includes(passengerId)) return [...list];
  return list.map((allocation) =>
    allocation === entry ? { ...allocation, passenger_ids: [...allocation.passenger_ids, passengerId] } : allocation,
  );
}

/** Removes the passenger from the component; an entry left with no passengers goes. */
export function removePassenger(list: readonly Allocation[], componentId: number, passengerId: number): Allocation[] {
  return list.flatMap((allocation) => {
    if (allocation.component_id !== componentId) return [allocation];
    const passenger_ids = allocation.passenger_ids.filter((id) => id !== passengerId);
    return passenger_ids.length > 0 ? [{ ...allocation, passenger_ids }] : [];
  });
}

/** Adds or removes, as a per-passenger checkbox does. */
export function togglePassenger(list: readonly Allocation[], componentId: number, passengerId: number, on: boolean): Allocation[] {
  return on ? addPassenger(list, componentId, passengerId) : removePassenger(list, componentId, passengerId);
}

/** Removes the passenger from every listed component. */
export function removePassengerFrom(list: readonly Allocation[], componentIds: readonly number[], passengerId: number): Allocation[] {
  return componentIds.reduce<Allocation[]>((acc, id) => removePassenger(acc, id, passengerId), [...list]);
}

export const isAllocated = (list: readonly Allocation[], componentId: number, passengerId: number): boolean =>
  list.some((allocation) => allocation.component_id === componentId && allocation.passenger_ids.includes(passengerId));

/** 'Own arrangements' is the client's choice of no flight; it is never sent as a component. */
export const OWN_ARRANGEMENTS = 'own_arrangements';
export type FlightChoice = number | typeof OWN_ARRANGEMENTS;
export type FlightChoices = Readonly<Record<number, FlightChoice | undefined>>;

/** Mandatory flight groups go to every passenger without asking. */
export function allocateMandatoryFlights(
  list: readonly Allocation[],
  groups: readonly FlightOptionGroup[],
  passengerIds: readonly number[],
): Allocation[] {
  return groups
    .filter(isMandatoryGroup)
    .reduce<Allocation[]>((acc, group) => passengerIds.reduce((inner, id) => addPassenger(inner, group.id, id), acc), [...list]);
}

/**
 * A passenger's flight choice: one optional group, or own arrangements, which
 * removes their optional flight allocation. Mandatory groups are untouched.
 */
export function chooseFlight(
  list: readonly Allocation[],
  groups: readonly FlightOptionGroup[],
  passengerId: number,
  choice: FlightChoice,
): Allocation[] {
  const optional = groups.filter((group) => !isMandatoryGroup(group)).map((group) => group.id);
  const cleared = removePassengerFrom(list, optional, passengerId);
  return choice === OWN_ARRANGEMENTS ? cleared : addPassenger(cleared, choice, passengerId);
}

/**
 * Step 2a may continue once every passenger has chosen a flight group or own
 * arrangements. When every group is mandatory there is nothing to choose.
 */
export function everyoneHasChosen(
  choices: FlightChoices,
  passengerIds: readonly number[],
  groups: readonly FlightOptionGroup[],
): boolean {
  const optional = new Set(groups.filter((group) => !isMandatoryGroup(group)).map((group) => group.id));
  if (optional.size === 0) return true;
  return passengerIds.every((id) => {
    const choice = choices[id];
    return choice === OWN_ARRANGEMENTS || (choice !== undefined && optional.has(choice));
  });
}

/** Step 3a: the chosen room type, one room at each hotel, for all passengers. */
export function allocateRooms(rooms: readonly Pick<RoomOption, 'id'>[], passengerIds: readonly number[]): Allocation[] {
  return rooms.map((room) => ({ component_id: room.id, passenger_ids: [...passengerIds] }));
}
