import {
  addParticipant,
  applyPassengerIds,
  MAX_ONLINE_PARTICIPANTS,
  ONLINE_MARKETING_SOURCE_ID,
  removeParticipant,
  resetParticipants,
  TITLES,
  type BookedPassenger,
  type ParticipantDraft,
} from '@tours/domain';
import { z } from 'zod/mini';
import { create } from 'zustand';
import { persist, type PersistOptions } from 'zustand/middleware';
import { persistOptions, registerPersistedStore, STORAGE_KEYS } from '../../../lib/storage.ts';

/**
 * The step 1 passenger list (spec section 3, Passenger (booking flow)): the
 * participants as typed, their count and the lead's marketing source. It lives
 * in local storage (spec section 4, Persistence) so a visitor who closes the
 * tab finds the form as they left it.
 */

/**
 * 'How did you hear about us?' as the form holds it. `subsource_id` is the
 * select's string value ('' until chosen); the domain's bookingSourceSchema
 * coerces it when the step is validated. `id` is the chosen subsource's
 * source, the online source (63) until something is chosen.
 */
export interface SourceDraft {
  id: number;
  subsource_id: string;
  subsource_description: string;
}

export const emptySource = (): SourceDraft => ({ id: ONLINE_MARKETING_SOURCE_ID, subsource_id: '', subsource_description: '' });

/**
 * The shape of a draft: loose (anything may still be empty) but typed, so a
 * stored value of another shape or a list the form cannot show (no lead, more
 * than two) is dropped on restore instead of breaking step 1.
 */
const draftAddressSchema = z.object({
  line_1: z.string(),
  line_2: z.string(),
  line_3: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

const participantDraftSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  is_lead: z.boolean(),
  title: z.union([z.enum(TITLES), z.literal('')]),
  given_name: z.string(),
  family_name: z.string(),
  telephone_home: z.string(),
  telephone_mobile: z.string(),
  date_of_birth: z.string(),
  email: z.string(),
  do_not_email: z.boolean(),
  do_not_mail: z.boolean(),
  special_requests: z.string(),
  address: z.optional(draftAddressSchema),
});

const participantListSchema = z
  .array(participantDraftSchema)
  .check(
    z.minLength(1),
    z.maxLength(MAX_ONLINE_PARTICIPANTS),
    z.refine((list) => list.every((participant, index) => participant.is_lead === (index === 0)), 'The lead comes first, alone'),
    z.refine((list) => list[0]?.address !== undefined, 'The lead carries an address'),
    z.refine((list) => new Set(list.map((participant) => participant.id)).size === list.length, 'Ids are distinct'),
  );

export const passengerStateSchema = z.object({
  participants: participantListSchema,
  count: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_ONLINE_PARTICIPANTS)),
  source: z.object({ id: z.number().check(z.int(), z.positive()), subsource_id: z.string(), subsource_description: z.string() }),
  /** The booking (its query's key, booking-query.ts) the list was typed for; null before any. */
  draftFor: z.nullable(z.string()),
  /** The travellers of the last booking bought or left for another: offered, never put in the form unasked. */
  previous: z.nullable(participantListSchema),
});

export interface PassengerState {
  participants: ParticipantDraft[];
  /** Always participants.length; kept because the spec's passenger list carries a count. */
  count: number;
  source: SourceDraft;
  draftFor: string | null;
  previous: ParticipantDraft[] | null;
  /**
   * Step 1 of the booking with this key: the list typed for it stays; a list
   * typed for another booking is put aside (as `previous`, when anything was
   * typed) and the form starts empty (issue 25: a new booking never carries
   * someone else's travellers unasked).
   */
  startDraftFor: (key: string) => void;
  /** The booking was bought: its travellers are put aside and the list starts empty. */
  bookingFinished: () => void;
  /** 'Use the same travellers': the previous list, as many as the booking takes, with fresh ids. */
  usePrevious: (max: number) => void;
  setParticipants: (participants: ParticipantDraft[]) => void;
  updateParticipant: (index: number, patch: Partial<ParticipantDraft>) => void;
  setSource: (source: Partial<SourceDraft>) => void;
  /** The whole step 1 form at once, so listeners never see the list of one moment with the source of another. */
  setForm: (form: { participants: ParticipantDraft[]; source: SourceDraft }) => void;
  /** Adds the blank second participant (never a third). */
  addSecond: () => void;
  /** Removes a participant by id; the lead always stays. */
  removeById: (id: number) => void;
  reset: () => void;
  /** Writes the booking's passenger ids back, by position (lead first). */
  applyIds: (passengers: readonly Pick<BookedPassenger, 'id'>[]) => void;
}

const initialState = () => {
  const participants = resetParticipants();
  return { participants, count: participants.length, source: emptySource(), draftFor: null, previous: null };
};

/** Whether anyone's name or e-mail has been typed: an untouched form has nothing to put aside. */
export const hasTravellers = (participants: readonly ParticipantDraft[]): boolean =>
  participants.some((participant) => [participant.given_name, participant.family_name, participant.email].some((text) => text.trim() !== ''));

/** The empty form, keeping what is put aside. */
const emptyList = () => {
  const participants = resetParticipants();
  return { participants, count: participants.length, source: emptySource() };
};

// The count is derived here, once, so it can never disagree with the list.
const withList = (participants: ParticipantDraft[]) => ({ participants, count: participants.length });

/**
 * Stored keys are merged over the initial state (not whatever is in memory),
 * and each key is restored on its own, so the count is re-derived from
 * whichever list survived.
 */
function restoredWithCount(options: PersistOptions<PassengerState, Partial<PassengerState>>) {
  const merge = options.merge!;
  return {
    ...options,
    merge: (persisted: unknown, current: PassengerState): PassengerState => {
      const merged = merge(persisted, { ...current, ...initialState() });
      return { ...merged, count: merged.participants.length };
    },
  };
}

export const usePassengerStore = create<PassengerState>()(
  persist(
    (set) => ({
      ...initialState(),
      setParticipants: (participants) => set(withList(participants.slice(0, MAX_ONLINE_PARTICIPANTS))),
      updateParticipant: (index, patch) =>
        set((state) => {
          const current = state.participants[index];
          if (!current) return state;
          // id and is_lead identify the participant; a patch never moves the lead.
          const next = { ...current, ...patch, id: current.id, is_lead: current.is_lead } as ParticipantDraft;
          return withList(state.participants.map((participant, at) => (at === index ? next : participant)));
        }),
      setSource: (source) => set((state) => ({ source: { ...state.source, ...source } })),
      setForm: ({ participants, source }) => set({ ...withList(participants.slice(0, MAX_ONLINE_PARTICIPANTS)), source }),
      addSecond: () => set((state) => withList(addParticipant(state.participants))),
      removeById: (id) => set((state) => withList(removeParticipant(state.participants, id))),
      reset: () => set(initialState()),
      startDraftFor: (key) =>
        set((state) => {
          if (state.draftFor === key) return state;
          return { ...emptyList(), draftFor: key, previous: hasTravellers(state.participants) ? state.participants : state.previous };
        }),
      bookingFinished: () =>
        set((state) => ({ ...emptyList(), previous: hasTravellers(state.participants) ? state.participants : state.previous })),
      usePrevious: (max) =>
        set((state) => {
          if (!state.previous) return state;
          // Temporary ids again (1, 2): the old booking's ids mean nothing to the next one.
          return withList(state.previous.slice(0, max).map((participant, index) => ({ ...participant, id: index + 1, is_lead: index === 0 })));
        }),
      applyIds: (passengers) => set((state) => withList(applyPassengerIds(state.participants, passengers))),
    }),
    restoredWithCount(persistOptions<PassengerState, typeof passengerStateSchema>(STORAGE_KEYS.passengers, passengerStateSchema)),
  ),
);

/** For code outside React (logout clears every store, spec section 4). */
export const resetPassengers = (): void => usePassengerStore.getState().reset();
registerPersistedStore(STORAGE_KEYS.passengers, resetPassengers);
