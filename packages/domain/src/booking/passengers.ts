import type { BookedPassenger, BookingPassenger, Participant, ParticipantInput, Title } from './participant-form.ts';
import { DEFAULT_COUNTRY } from '../countries.ts';
import { MAX_ONLINE_PARTICIPANTS, MIN_ONLINE_PARTICIPANTS } from './departure-rules.ts';

/**
 * The participant list of step 1 and its conversion for POST /bookings
 * (spec section 3, Passenger (booking flow)).
 */

export const emptyAddress = () => ({
  line_1: '',
  line_2: '',
  line_3: '',
  city: '',
  state: '',
  postal_code: '',
  country: DEFAULT_COUNTRY,
});

/** A participant as the form holds it before the title select is used. */
export type ParticipantDraft = Omit<ParticipantInput, 'title'> & { title: Title | '' };

/** A blank participant; only the lead starts with an address. */
export function emptyParticipant(id: number, isLead: boolean): ParticipantDraft {
  return {
    id,
    is_lead: isLead,
    title: '',
    given_name: '',
    family_name: '',
    telephone_home: '',
    telephone_mobile: '',
    date_of_birth: '',
    email: '',
    do_not_email: false,
    do_not_mail: false,
    special_requests: '',
    ...(isLead ? { address: emptyAddress() } : {}),
  };
}

/** Adds the second participant; the list never grows past the online limit. */
export function addParticipant(list: readonly ParticipantDraft[]): ParticipantDraft[] {
  if (list.length >= MAX_ONLINE_PARTICIPANTS) return [...list];
  // Temporary ids only need to be distinct until the booking answers with real ones.
  const id = Math.max(0, ...list.map((p) => p.id)) + 1;
  return [...list, emptyParticipant(id, list.length === 0)];
}

/** Removes a participant by id; the lead stays, since a booking needs one. */
export function removeParticipant<T extends { id: number; is_lead: boolean }>(list: readonly T[], id: number): T[] {
  return list.filter((participant) => participant.is_lead || participant.id !== id);
}

export const resetParticipants = (): ParticipantDraft[] => [emptyParticipant(1, true)];

/**
 * POST /bookings passengers: id and is_lead stripped (the first is the lead)
 * and a participant without an address takes the lead's.
 */
export function passengersForBooking(participants: readonly Participant[]): BookingPassenger[] {
  if (participants.length < MIN_ONLINE_PARTICIPANTS || participants.length > MAX_ONLINE_PARTICIPANTS) {
    throw new RangeError(`Online bookings take 1 or 2 participants, got ${participants.length}`);
  }
  const ordered = leadFirst(participants);
  const leadAddress = ordered[0]?.is_lead ? ordered[0].address : undefined;
  if (!leadAddress) throw new Error('The booking needs a lead participant with an address');
  return ordered.map(({ id: _id, is_lead: _lead, address, ...rest }) => ({ ...rest, address: address ?? { ...leadAddress } }));
}

const leadFirst = <T extends { is_lead: boolean }>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => Number(b.is_lead) - Number(a.is_lead));

/** Writes the booking's passenger ids back to the participants, by position (the lead first). */
export function applyPassengerIds<T extends { id: number; is_lead: boolean }>(
  participants: readonly T[],
  booked: readonly Pick<BookedPassenger, 'id'>[],
): T[] {
  if (participants.length !== booked.length) throw new Error('The booking answered a different number of passengers');
  return leadFirst(participants).map((participant, index) => ({ ...participant, id: booked[index]?.id ?? participant.id }));
}
