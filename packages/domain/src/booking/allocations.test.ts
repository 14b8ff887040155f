import { describe, expect, it } from 'vitest';
import {
  sameAllocations,
  addPassenger,
  allocateMandatoryFlights,
  allocateRooms,
  chooseFlight,
  emptyAllocations,
  everyoneHasChosen,
  isAllocated,
  OWN_ARRANGEMENTS,
  removePassenger,
  togglePassenger,
} from './allocations.ts';
import { flightGroup } from './test-fixtures.ts';

describe('adding and removing passengers', () => {
  it('adds the component entry when it is missing', () => {
    expect(addPassenger([], 7, 1)).toEqual([{ component_id: 7, passenger_ids: [1] }]);
  });

  it('adds a passenger to an existing entry once only', () => {
    const list = addPassenger([{ component_id: 7, passenger_ids: [1] }], 7, 2);
    expect(list).toEqual([{ component_id: 7, passenger_ids: [1, 2] }]);
    expect(addPassenger(list, 7, 2)).toEqual(list);
  });

  it('removes a passenger and drops the entry when nobody is left', () => {
    const list = [
      { component_id: 7, passenger_ids: [1, 2] },
      { component_id: 8, passenger_ids: [2] },
    ];
    expect(removePassenger(list, 7, 1)).toEqual([
      { component_id: 7, passenger_ids: [2] },
      { component_id: 8, passenger_ids: [2] },
    ]);
    expect(removePassenger(list, 8, 2)).toEqual([{ component_id: 7, passenger_ids: [1, 2] }]);
    expect(removePassenger(list, 9, 2)).toEqual(list);
  });

  it('never changes the list it is given', () => {
    const list = [{ component_id: 7, passenger_ids: [1] }];
    addPassenger(list, 7, 2);
    removePassenger(list, 7, 1);
    expect(list).toEqual([{ component_id: 7, passenger_ids: [1] }]);
  });

  it('toggles like a checkbox', () => {
    const on = togglePassenger([], 5, 1, true);
    expect(isAllocated(on, 5, 1)).toBe(true);
    expect(togglePassenger(on, 5, 1, false)).toEqual([]);
  });

  it('starts empty', () => {
    expect(emptyAllocations()).toEqual({ accommodation: [], extras: [], flights: [] });
  });
});

describe('flights', () => {
  const mandatory = flightGroup(1, undefined, 'Mandatory');
  const morning = flightGroup(2);
  const evening = flightGroup(3);
  const groups = [mandatory, morning, evening];

  it('allocates mandatory groups to every passenger', () => {
    expect(allocateMandatoryFlights([], groups, [10, 11])).toEqual([{ component_id: 1, passenger_ids: [10, 11] }]);
  });

  it('moves a passenger from one optional group to another', () => {
    let list = allocateMandatoryFlights([], groups, [10, 11]);
    list = chooseFlight(list, groups, 10, 2);
    list = chooseFlight(list, groups, 11, 2);
    list = chooseFlight(list, groups, 10, 3);
    expect(list).toEqual([
      { component_id: 1, passenger_ids: [10, 11] },
      { component_id: 2, passenger_ids: [11] },
      { component_id: 3, passenger_ids: [10] },
    ]);
  });

  it("removes the passenger's flight for own arrangements, leaving mandatory groups", () => {
    let list = allocateMandatoryFlights([], groups, [10]);
    list = chooseFlight(list, groups, 10, 2);
    expect(chooseFlight(list, groups, 10, OWN_ARRANGEMENTS)).toEqual([{ component_id: 1, passenger_ids: [10] }]);
  });

  it('lets the flow continue only when every passenger has chosen', () => {
    expect(everyoneHasChosen({}, [10, 11], groups)).toBe(false);
    expect(everyoneHasChosen({ 10: 2 }, [10, 11], groups)).toBe(false);
    expect(everyoneHasChosen({ 10: 2, 11: OWN_ARRANGEMENTS }, [10, 11], groups)).toBe(true);
  });

  it('does not count a choice of a group that is not on offer', () => {
    expect(everyoneHasChosen({ 10: 99 }, [10], groups)).toBe(false);
    expect(everyoneHasChosen({ 10: 1 }, [10], groups)).toBe(false);
  });

  it('has nothing to choose when every group is mandatory', () => {
    expect(everyoneHasChosen({}, [10, 11], [mandatory])).toBe(true);
  });
});

describe('rooms', () => {
  it('allocates the chosen room at each hotel to all passengers', () => {
    expect(allocateRooms([{ id: 4 }, { id: 9 }], [10, 11])).toEqual([
      { component_id: 4, passenger_ids: [10, 11] },
      { component_id: 9, passenger_ids: [10, 11] },
    ]);
  });
});

describe('sameAllocations', () => {
  const a = { accommodation: [{ component_id: 5, passenger_ids: [10, 11] }], extras: [{ component_id: 7, passenger_ids: [10] }, { component_id: 8, passenger_ids: [11] }], flights: [] };

  it('reads the same choices in any order as the same', () => {
    const reordered = { accommodation: [{ component_id: 5, passenger_ids: [11, 10] }], extras: [{ component_id: 8, passenger_ids: [11] }, { component_id: 7, passenger_ids: [10] }], flights: [] };
    expect(sameAllocations(a, reordered)).toBe(true);
  });

  it('tells another room, another passenger or another kind apart', () => {
    expect(sameAllocations(a, { ...a, accommodation: [{ component_id: 6, passenger_ids: [10, 11] }] })).toBe(false);
    expect(sameAllocations(a, { ...a, extras: [{ component_id: 7, passenger_ids: [10, 11] }, { component_id: 8, passenger_ids: [11] }] })).toBe(false);
    expect(sameAllocations(a, { ...a, extras: [], flights: a.extras })).toBe(false);
  });
});
