import { describe, expect, it } from 'vitest';
import { participantSchema, type Participant } from './participant-form.ts';
import {
  addParticipant,
  applyPassengerIds,
  emptyParticipant,
  passengersForBooking,
  removeParticipant,
  resetParticipants,
} from './passengers.ts';

const address = { line_1: '1 Royal Crescent', city: 'Bath', state: 'Somerset', postal_code: 'BA1 2LR', country: 'GBR' };
const person = { title: 'Mrs', given_name: 'Jane', family_name: 'Austen', date_of_birth: '1975-12-16', email: 'jane@example.com' } as const;
const lead: Participant = participantSchema.parse({ ...person, id: 1, is_lead: true, address });
const second: Participant = participantSchema.parse({ ...person, id: 2, is_lead: false, given_name: 'Cassandra' });

describe('passengersForBooking', () => {
  it('strips id and is_lead', () => {
    const [passenger] = passengersForBooking([lead]);
    expect(passenger).not.toHaveProperty('id');
    expect(passenger).not.toHaveProperty('is_lead');
    expect(passenger?.given_name).toBe('Jane');
  });

  it("gives a second participant without an address the lead's", () => {
    const [, other] = passengersForBooking([lead, second]);
    expect(other?.address).toEqual(lead.address);
    expect(other?.address).not.toBe(lead.address);
  });

  it('keeps a second participant’s own address', () => {
    const own = participantSchema.parse({ ...person, id: 2, is_lead: false, address: { ...address, city: 'Chawton' } });
    expect(passengersForBooking([lead, own])[1]?.address.city).toBe('Chawton');
  });

  it('puts the lead first whatever the order', () => {
    expect(passengersForBooking([second, lead]).map((p) => p.given_name)).toEqual(['Jane', 'Cassandra']);
  });

  it('accepts only 1 or 2 participants, one of them the lead', () => {
    expect(() => passengersForBooking([])).toThrow(RangeError);
    expect(() => passengersForBooking([lead, second, { ...second, id: 3 }])).toThrow(RangeError);
    expect(() => passengersForBooking([second])).toThrow(/lead participant/);
  });
});

describe('participant list', () => {
  it('starts with a blank lead holding an empty GBR address', () => {
    const [first] = resetParticipants();
    expect(first).toMatchObject({ id: 1, is_lead: true, title: '', given_name: '' });
    expect(first?.address?.country).toBe('GBR');
    expect(emptyParticipant(2, false)).not.toHaveProperty('address');
  });

  it('adds a second participant without an address, and no third', () => {
    const two = addParticipant(resetParticipants());
    expect(two.map((p) => [p.id, p.is_lead])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(addParticipant(two)).toHaveLength(2);
    expect(addParticipant([])[0]?.is_lead).toBe(true);
  });

  it('removes by id but never the lead', () => {
    const two = addParticipant(resetParticipants());
    expect(removeParticipant(two, 2).map((p) => p.id)).toEqual([1]);
    expect(removeParticipant(two, 1)).toHaveLength(2);
    expect(removeParticipant(two, 9)).toHaveLength(2);
  });

  it('writes the booked ids back by position, lead first', () => {
    const updated = applyPassengerIds([second, lead], [{ id: 5001 }, { id: 5002 }]);
    expect(updated.map((p) => [p.given_name, p.id])).toEqual([
      ['Jane', 5001],
      ['Cassandra', 5002],
    ]);
    expect(() => applyPassengerIds([lead], [])).toThrow(/different number/);
  });
});
