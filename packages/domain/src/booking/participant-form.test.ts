import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../contracts/common.ts';
import { VALIDATION } from '../messages.ts';
import {
  agentFormSchema,
  bookingPassengersSchema,
  bookingSourceSchema,
  participantSchema,
  participantsFormSchema,
  TITLES,
  type ParticipantInput,
} from './participant-form.ts';

const address = { line_1: '4 Ambrose Court', city: 'London', state: 'Greater London', postal_code: 'EC1R 5DF', country: 'GBR' };
const lead: ParticipantInput = {
  id: 1,
  is_lead: true,
  title: 'Dr',
  given_name: 'Ada',
  family_name: 'Lovelace',
  telephone_home: '02079460018',
  telephone_mobile: '',
  date_of_birth: '1960-12-10',
  email: 'ada@example.com',
  address,
};
const second: ParticipantInput = { ...lead, id: 2, is_lead: false, given_name: 'Charles', address: undefined };

const errorsOf = (schema: { safeParse: (v: unknown) => { error?: Parameters<typeof fieldErrors>[0] } }, value: unknown) => {
  const { error } = schema.safeParse(value);
  return error ? fieldErrors(error) : {};
};

describe('participant fields', () => {
  it('accepts a complete lead and fills the defaults', () => {
    const parsed = participantSchema.parse(lead);
    expect(parsed).toMatchObject({ do_not_email: false, do_not_mail: false, special_requests: '', telephone_mobile: '' });
    expect(parsed.address).toEqual({ ...address, line_2: '', line_3: '' });
  });

  it('gives every required field its own message', () => {
    const blank = { id: 1, is_lead: true, title: '', given_name: ' ', family_name: '', date_of_birth: '', email: '', address: {} };
    expect(errorsOf(participantSchema, blank)).toEqual({
      title: 'Title is required',
      given_name: 'First name is required',
      family_name: 'Last name is required',
      date_of_birth: 'Date of birth is required',
      email: 'Email address is required',
      'address.line_1': 'Line 1 is required',
      'address.city': 'City is required',
      'address.state': 'State is required',
      'address.postal_code': 'Postcode is required',
    });
  });

  it('accepts the seven titles and nothing else', () => {
    expect(TITLES).toEqual(['Dr', 'Miss', 'Mr', 'Mrs', 'Ms', 'Professor', 'Sir']);
    for (const title of TITLES) expect(participantSchema.safeParse({ ...lead, title }).success).toBe(true);
    expect(errorsOf(participantSchema, { ...lead, title: 'Lord' })).toEqual({ title: 'Title is required' });
  });

  it("answers 'Numeric values only' for telephones with letters", () => {
    expect(errorsOf(participantSchema, { ...lead, telephone_home: '020 7946 OO18', telephone_mobile: 'mobile' })).toEqual({
      telephone_home: 'Numeric values only',
      telephone_mobile: 'Numeric values only',
    });
  });

  it('takes telephones as people write them and gives them back normalised, in the form and in POST /bookings alike', () => {
    const written = { telephone_home: '(020) 7946 0018', telephone_mobile: '+44 (0)7700-900123' };
    const stored = { telephone_home: '02079460018', telephone_mobile: '+447700900123' };
    expect(participantSchema.parse({ ...lead, ...written })).toMatchObject(stored);
    const { id: _id, is_lead: _lead, ...passenger } = lead;
    expect(bookingPassengersSchema.parse([{ ...passenger, ...written }])[0]).toMatchObject(stored);
  });

  it('checks the date of birth is a real past date', () => {
    expect(errorsOf(participantSchema, { ...lead, date_of_birth: '10/12/1960' })).toEqual({ date_of_birth: 'Use the format YYYY-MM-DD' });
    expect(errorsOf(participantSchema, { ...lead, date_of_birth: '2999-01-01' })).toEqual({
      date_of_birth: 'Date of birth must be in the past',
    });
  });

  it('asks for the e-mail as the spec says, and refuses one no mail can reach (email-address.test.ts has the rule)', () => {
    expect(participantSchema.parse({ ...lead, email: ' someone@example.com ' }).email).toBe('someone@example.com');
    expect(errorsOf(participantSchema, { ...lead, email: ' someone ' })).toEqual({ email: VALIDATION.emailUndeliverable });
  });

  it('trims names and strips HTML from free text', () => {
    const parsed = participantSchema.parse({ ...lead, given_name: '  <b>Ada</b> ', special_requests: '<script>x()</script>Aisle seat' });
    expect(parsed.given_name).toBe('Ada');
    expect(parsed.special_requests).toBe('Aisle seat');
  });

  it('requires the address on the lead only', () => {
    expect(errorsOf(participantSchema, { ...lead, address: undefined })).toEqual({ address: 'Value is required' });
    expect(participantSchema.safeParse(second).success).toBe(true);
    expect(errorsOf(participantSchema, { ...second, address: { ...address, postal_code: '' } })).toEqual({
      'address.postal_code': 'Postcode is required',
    });
  });
});

describe('participantsFormSchema', () => {
  const source = { subsource_id: '12' };

  it('accepts one or two participants with the lead first', () => {
    expect(participantsFormSchema.safeParse({ participants: [lead], source }).success).toBe(true);
    expect(participantsFormSchema.safeParse({ participants: [lead, second], source }).success).toBe(true);
  });

  it('refuses none or more than two participants', () => {
    const message = 'Online bookings are for 1 or 2 participants. Please call us to book for more.';
    expect(errorsOf(participantsFormSchema, { participants: [], source })).toEqual({ participants: message });
    const third = { ...second, id: 3 };
    expect(errorsOf(participantsFormSchema, { participants: [lead, second, third], source })).toEqual({ participants: message });
  });

  it("needs 'How you heard' from the lead", () => {
    expect(errorsOf(participantsFormSchema, { participants: [lead], source: { subsource_id: '' } })).toEqual({
      'source.subsource_id': 'How you heard is required',
    });
    expect(errorsOf(participantsFormSchema, { participants: [lead], source: {} })).toEqual({
      'source.subsource_id': 'How you heard is required',
    });
  });

  it('sends the online marketing source 63 with the chosen subsource', () => {
    const parsed = participantsFormSchema.parse({ participants: [lead], source: { subsource_id: '165', subsource_description: ' A friend ' } });
    expect(parsed.source).toEqual({ id: 63, subsource_id: 165, subsource_description: 'A friend' });
  });

  it('keeps the lead first and ids distinct', () => {
    expect(errorsOf(participantsFormSchema, { participants: [second, lead], source })).toEqual({
      'participants.0.is_lead': 'The first participant must be the lead participant',
      'participants.1.is_lead': 'The first participant must be the lead participant',
    });
    expect(errorsOf(participantsFormSchema, { participants: [lead, { ...second, id: 1 }], source })).toEqual({
      'participants.1.id': 'Each passenger may appear only once',
    });
  });
});

describe('POST /bookings passengers', () => {
  const { id: _id, is_lead: _lead, ...passenger } = lead;

  it('takes passengers without id or lead flag, each with an address', () => {
    expect(bookingPassengersSchema.safeParse([passenger, { ...passenger, given_name: 'Charles' }]).success).toBe(true);
    expect(errorsOf(bookingPassengersSchema, [{ ...passenger, address: undefined }])).toEqual({ '0.address': 'Value is required' });
  });

  it('uses the participant messages', () => {
    expect(errorsOf(bookingPassengersSchema, [{ ...passenger, family_name: '' }])).toEqual({ '0.family_name': 'Last name is required' });
  });

  it('defaults the marketing source id', () => {
    expect(bookingSourceSchema.parse({ subsource_id: 4 })).toEqual({ id: 63, subsource_id: 4, subsource_description: '' });
  });
});

describe('agentFormSchema', () => {
  it('requires the agent ID and the staff e-mail', () => {
    expect(errorsOf(agentFormSchema, { agent_id: ' ', staff_email: '' })).toEqual({
      agent_id: 'Agent ID is required',
      staff_email: 'Staff email is required',
    });
    expect(agentFormSchema.parse({ agent_id: ' P1234 ', staff_email: 'desk@agent.example' })).toEqual({
      agent_id: 'P1234',
      staff_email: 'desk@agent.example',
    });
  });
});
