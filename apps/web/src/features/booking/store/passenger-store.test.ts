import { emptyAddress, emptyParticipant, ONLINE_MARKETING_SOURCE_ID } from '@tours/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { emptySource, passengerStateSchema, usePassengerStore } from './passenger-store.ts';

const store = () => usePassengerStore.getState();
const stored = () => JSON.parse(window.localStorage.getItem(STORAGE_KEYS.passengers.key) ?? 'null') as { state: Record<string, unknown> } | null;

/** Writes a persisted value and reloads the store from it, as a page load does. */
async function restoreFrom(state: unknown) {
  window.localStorage.setItem(STORAGE_KEYS.passengers.key, JSON.stringify({ state, version: 0 }));
  await usePassengerStore.persist.rehydrate();
}

beforeEach(() => {
  store().reset();
  window.localStorage.clear();
});

describe('passenger store', () => {
  it('starts with the lead alone, carrying an empty address, and no marketing source', () => {
    expect(store().participants).toEqual([emptyParticipant(1, true)]);
    expect(store().participants[0]?.address).toEqual(emptyAddress());
    expect(store().count).toBe(1);
    expect(store().source).toEqual({ id: ONLINE_MARKETING_SOURCE_ID, subsource_id: '', subsource_description: '' });
  });

  it('adds one second participant, never a third, and keeps the count with the list', () => {
    store().addSecond();
    store().addSecond();
    expect(store().participants.map((participant) => [participant.id, participant.is_lead, participant.address])).toEqual([
      [1, true, emptyAddress()],
      [2, false, undefined],
    ]);
    expect(store().count).toBe(2);
  });

  it('removes by id but never the lead', () => {
    store().addSecond();
    store().removeById(1);
    expect(store().count).toBe(2);
    store().removeById(2);
    expect(store().participants.map((participant) => participant.id)).toEqual([1]);
    expect(store().count).toBe(1);
  });

  it('updates one participant without letting a patch move the lead or change an id', () => {
    store().addSecond();
    store().updateParticipant(1, { given_name: 'John', id: 99, is_lead: true });
    expect(store().participants[1]).toMatchObject({ id: 2, is_lead: false, given_name: 'John' });
    store().updateParticipant(5, { given_name: 'Nobody' });
    expect(store().count).toBe(2);
  });

  it('takes the whole form in one change', () => {
    const seen: number[] = [];
    const stop = usePassengerStore.subscribe((state) => seen.push(state.count));
    store().setForm({
      participants: [emptyParticipant(1, true), emptyParticipant(2, false)],
      source: { id: 63, subsource_id: '161', subsource_description: '' },
    });
    stop();
    expect(seen).toEqual([2]);
    expect(store().source.subsource_id).toBe('161');
  });

  it('resets the list, the count and the source', () => {
    store().addSecond();
    store().setSource({ subsource_id: '165', subsource_description: 'A friend' });
    store().reset();
    expect(store().participants).toEqual([emptyParticipant(1, true)]);
    expect(store().count).toBe(1);
    expect(store().source).toEqual(emptySource());
  });

  it('writes the booking passenger ids back by position, lead first', () => {
    store().addSecond();
    store().applyIds([{ id: 5001 }, { id: 5002 }]);
    expect(store().participants.map((participant) => [participant.id, participant.is_lead])).toEqual([
      [5001, true],
      [5002, false],
    ]);
    expect(() => store().applyIds([{ id: 1 }])).toThrow();
  });

  it('persists the list, count and source in local storage, not the actions', () => {
    store().addSecond();
    store().updateParticipant(0, { given_name: 'Margaret' });
    store().setSource({ subsource_id: '161' });
    const value = stored();
    expect(Object.keys(value?.state ?? {}).sort()).toEqual(['count', 'draftFor', 'participants', 'previous', 'source']);
    expect(passengerStateSchema.parse(value?.state).participants[0]?.given_name).toBe('Margaret');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.passengers.key)).toBeNull();
  });

  it('keeps the list typed for the same booking, and puts aside one typed for another (issue 25)', () => {
    store().startDraftFor('MHW-VIE@2027-02-25@GBP');
    store().updateParticipant(0, { given_name: 'Margaret' });
    store().startDraftFor('MHW-VIE@2027-02-25@GBP');
    expect(store().participants[0]?.given_name).toBe('Margaret');

    store().startDraftFor('LD-GRE@2027-01-10@GBP');
    expect(store().participants).toEqual([emptyParticipant(1, true)]);
    expect(store().previous?.[0]?.given_name).toBe('Margaret');
    // An untouched form puts nothing aside: the travellers offered stay those typed.
    store().startDraftFor('TSG-SIC@2027-01-11@GBP');
    expect(store().previous?.[0]?.given_name).toBe('Margaret');
  });

  it('starts empty after a booking is bought, and fills the form with the same travellers only when asked', () => {
    store().addSecond();
    store().updateParticipant(0, { given_name: 'Margaret' });
    store().updateParticipant(1, { given_name: 'John' });
    store().applyIds([{ id: 5001 }, { id: 5002 }]);
    store().bookingFinished();
    expect(store().participants).toEqual([emptyParticipant(1, true)]);
    expect(store().count).toBe(1);

    // An online talk takes one participant.
    store().usePrevious(1);
    expect(store().participants.map((participant) => [participant.id, participant.is_lead, participant.given_name])).toEqual([[1, true, 'Margaret']]);
    store().usePrevious(2);
    expect(store().participants.map((participant) => [participant.id, participant.is_lead, participant.given_name])).toEqual([
      [1, true, 'Margaret'],
      [2, false, 'John'],
    ]);
    expect(store().count).toBe(2);
    // Logout forgets them all.
    store().reset();
    expect(store().previous).toBeNull();
  });

  it('restores what was typed after a reload', async () => {
    const lead = { ...emptyParticipant(1, true), given_name: 'Margaret', title: 'Dr' as const };
    const second = { ...emptyParticipant(2, false), given_name: 'John' };
    await restoreFrom({ participants: [lead, second], count: 2, source: { id: 63, subsource_id: '165', subsource_description: 'A friend' } });
    expect(store().participants).toEqual([lead, second]);
    expect(store().count).toBe(2);
    expect(store().source.subsource_description).toBe('A friend');
  });

  it.each([
    ['not an object', 'nonsense'],
    ['no lead', { participants: [emptyParticipant(2, false)], count: 1 }],
    ['three participants', { participants: [emptyParticipant(1, true), emptyParticipant(2, false), emptyParticipant(3, false)], count: 3 }],
    ['a lead without an address', { participants: [{ ...emptyParticipant(1, true), address: undefined }], count: 1 }],
    ['an unknown title', { participants: [{ ...emptyParticipant(1, true), title: 'Captain' }], count: 1 }],
    ['duplicate ids', { participants: [emptyParticipant(1, true), emptyParticipant(1, false)], count: 2 }],
  ])('falls back to the defaults when the stored list has %s', async (_case, state) => {
    store().addSecond();
    await restoreFrom(state);
    expect(store().participants).toEqual([emptyParticipant(1, true)]);
    // The count follows the list that survived, whatever count was stored.
    expect(store().count).toBe(1);
  });

  it('keeps the valid parts of a partly broken stored state', async () => {
    const lead = { ...emptyParticipant(1, true), given_name: 'Margaret' };
    await restoreFrom({ participants: [lead], count: 7, source: { id: 'x' } });
    expect(store().participants).toEqual([lead]);
    expect(store().count).toBe(1);
    expect(store().source).toEqual(emptySource());
  });

  it('ignores corrupted JSON', async () => {
    window.localStorage.setItem(STORAGE_KEYS.passengers.key, '{"state":');
    await usePassengerStore.persist.rehydrate();
    expect(store().participants).toEqual([emptyParticipant(1, true)]);
  });
});
