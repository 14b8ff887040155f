import { addDays, format } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldErrors } from '../contracts/common.ts';
import {
  postalAddressSchema,
  correspondenceSchema,
  insuranceSchema,
  joiningInformationSchema,
  DETAILS_LOCKED_MESSAGE,
  passengerDetailsEditable,
  passengerUpdateSchema,
  passportCoversTour,
  passportFormSchema,
  passportSchema,
} from './forms.ts';

const errorsOf = (schema: { safeParse: (v: unknown) => { error?: Parameters<typeof fieldErrors>[0] } }, value: unknown) => {
  const { error } = schema.safeParse(value);
  return error ? fieldErrors(error) : {};
};

const address = { line_1: '10 Downing St', city: 'London', state: 'London', postal_code: 'SW1A 2AA', country: 'GBR' };
const passport = {
  document_type: 'Passport',
  document_number: '123456789',
  nationality: 'GBR',
  place_of_issue: 'London',
  country_of_residence: 'GBR',
  issue_date: '2020-01-15',
  expiry_date: '2030-01-15',
  place_of_birth: 'Bath',
  date_of_birth: '1960-04-01',
};
const insurance = { start_date: '2027-01-01', expiry_date: '2027-12-31' };

describe('postalAddressSchema', () => {
  it('uses the account form messages', () => {
    expect(errorsOf(postalAddressSchema, { country: '' })).toEqual({
      line_1: 'Line 1 is required',
      city: 'City is required',
      state: 'State is required',
      postal_code: 'Postal code is required',
      country: 'Country is required',
    });
    expect(postalAddressSchema.safeParse(address).success).toBe(true);
  });
});

describe('passportSchema', () => {
  it("requires each field with '{Field} is required'", () => {
    expect(errorsOf(passportSchema, {})).toEqual({
      document_type: 'Passport name is required',
      document_number: 'Document number is required',
      nationality: 'Nationality is required',
      place_of_issue: 'Place of issue is required',
      issue_date: 'Issue date is required',
      expiry_date: 'Expiry date is required',
      place_of_birth: 'Place of birth is required',
      date_of_birth: 'Date of birth is required',
    });
  });

  it('defaults the country of residence to GBR and reports a cleared one', () => {
    const { country_of_residence: _omit, ...rest } = passport;
    expect(passportSchema.parse(rest).country_of_residence).toBe('GBR');
    expect(errorsOf(passportSchema, { ...passport, country_of_residence: '' })).toEqual({
      country_of_residence: 'Country of residence is required',
    });
  });

  it('needs the expiry after the issue date', () => {
    expect(errorsOf(passportSchema, { ...passport, expiry_date: '2020-01-15' })).toEqual({
      expiry_date: 'Expiry date must be after the issue date',
    });
  });
});

describe('passport dates that make sense', () => {
  afterEach(() => vi.useRealTimers());
  const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

  it('needs a date of birth in the past', () => {
    expect(errorsOf(passportSchema, { ...passport, date_of_birth: day(0) })).toEqual({ date_of_birth: 'Date of birth must be in the past' });
    expect(errorsOf(passportSchema, { ...passport, date_of_birth: day(30) })).toEqual({ date_of_birth: 'Date of birth must be in the past' });
    expect(errorsOf(passportSchema, { ...passport, date_of_birth: day(-1), issue_date: day(0), expiry_date: day(1825) })).toEqual({});
  });

  it('refuses an issue date in the future, and takes one of today', () => {
    expect(errorsOf(passportSchema, { ...passport, issue_date: day(1), expiry_date: day(3650) })).toEqual({
      issue_date: 'Issue date cannot be in the future',
    });
    expect(errorsOf(passportSchema, { ...passport, issue_date: day(0), expiry_date: day(3650) })).toEqual({});
  });

  it('reads today from the clock of the moment it checks', () => {
    vi.useFakeTimers({ now: new Date(2031, 0, 10, 12) });
    expect(errorsOf(passportSchema, { ...passport, issue_date: '2031-01-11', expiry_date: '2041-01-11' })).toEqual({
      issue_date: 'Issue date cannot be in the future',
    });
    expect(errorsOf(passportSchema, { ...passport, issue_date: '2031-01-10', expiry_date: '2041-01-10' })).toEqual({});
  });

  it('refuses a passport issued before its holder was born', () => {
    expect(errorsOf(passportSchema, { ...passport, date_of_birth: '2021-03-01' })).toEqual({
      issue_date: 'Issue date must be after the date of birth',
    });
  });

  it('reports a malformed or impossible date once, with the format', () => {
    expect(errorsOf(passportSchema, { ...passport, date_of_birth: '01/04/1960' })).toEqual({ date_of_birth: 'Use the format YYYY-MM-DD' });
    expect(errorsOf(passportSchema, { ...passport, expiry_date: '2030-02-30' })).toEqual({ expiry_date: 'Use the format YYYY-MM-DD' });
  });
});

describe('passportCoversTour and the passport form of a booking', () => {
  it('takes a passport valid until the last day of the tour, not one expiring the day before', () => {
    expect(passportCoversTour('2030-06-14', '2030-06-14')).toBe(true);
    expect(passportCoversTour('2031-01-01', '2030-06-14')).toBe(true);
    expect(passportCoversTour('2030-06-13', '2030-06-14')).toBe(false);
  });

  it('reports a passport expiring before the tour ends at its expiry date', () => {
    const schema = passportFormSchema('2030-02-01');
    expect(errorsOf(schema, passport)).toEqual({
      expiry_date: 'This passport expires before the tour ends. It must be valid until the last day of the tour.',
    });
    expect(errorsOf(schema, { ...passport, expiry_date: '2030-02-01' })).toEqual({});
    // Reported alongside the field rules, so the form shows every mistake at once.
    expect(errorsOf(schema, { ...passport, expiry_date: '2030-02-01', document_number: ' ' })).toEqual({
      document_number: 'Document number is required',
    });
    expect(Object.keys(errorsOf(schema, { ...passport, document_number: ' ' }))).toEqual(['document_number', 'expiry_date']);
  });
});

describe('passengerDetailsEditable', () => {
  const now = new Date(2030, 5, 14, 9);

  it('lets Confirmed and Optional bookings change until their tour has ended', () => {
    expect(passengerDetailsEditable({ status: 'Confirmed', end_date: '2030-09-01' }, now)).toBe(true);
    expect(passengerDetailsEditable({ status: 'Optional', end_date: '2030-09-01' }, now)).toBe(true);
    // A tour ending today is still under way.
    expect(passengerDetailsEditable({ status: 'Confirmed', end_date: '2030-06-14' }, now)).toBe(true);
    expect(passengerDetailsEditable({ status: 'Confirmed', end_date: '2030-06-13' }, now)).toBe(false);
  });

  it('keeps other statuses as they are', () => {
    for (const status of ['Quote', 'Unconfirmed', 'Cancelled']) {
      expect(passengerDetailsEditable({ status, end_date: '2030-09-01' }, now)).toBe(false);
    }
    expect(DETAILS_LOCKED_MESSAGE).toMatch(/can no longer be changed/);
  });
});

describe('insuranceSchema', () => {
  it('requires the issue and expiry dates, with the corrected expiry message', () => {
    expect(errorsOf(insuranceSchema, {})).toEqual({ start_date: 'Issue date is required', expiry_date: 'Expiry date is required' });
  });

  it('leaves the other fields optional', () => {
    expect(insuranceSchema.parse(insurance)).toEqual({
      company_name: '',
      company_number: '',
      policy_number: '',
      description: '',
      next_of_kin: '',
      next_of_kin_relationship: '',
      emergency_number: '',
      ...insurance,
    });
  });

  it("answers 'Numeric values only' for an emergency number with letters, and takes one written with spaces", () => {
    expect(errorsOf(insuranceSchema, { ...insurance, emergency_number: '07700 9OO' })).toEqual({ emergency_number: 'Numeric values only' });
    expect(insuranceSchema.parse({ ...insurance, emergency_number: '+44 (0)7700 900123' }).emergency_number).toBe('+447700900123');
  });

  it('needs the expiry after the issue date', () => {
    expect(errorsOf(insuranceSchema, { start_date: '2027-12-31', expiry_date: '2027-01-01' })).toEqual({
      expiry_date: 'Expiry date must be after the issue date',
    });
  });
});

describe('free text sections', () => {
  it('strips HTML from the joining information', () => {
    expect(joiningInformationSchema.parse({ joining_text: '<p>Hotel <b>Sacher</b></p>' })).toEqual({ joining_text: 'Hotel Sacher' });
  });

  it('strips HTML from every text field, tags made of tags included', () => {
    expect(passengerUpdateSchema.parse({ arrival_time: '<<b>script>alert(1)<</b>/script>By train' })).toEqual({ arrival_time: 'By train' });
    expect(passportSchema.parse({ ...passport, place_of_birth: '<i>Bath</i>' }).place_of_birth).toBe('Bath');
    expect(insuranceSchema.parse({ ...insurance, next_of_kin: '<a href="x">Eleanor</a>' }).next_of_kin).toBe('Eleanor');
    expect(errorsOf(passportSchema, { ...passport, document_number: '<b></b>' })).toEqual({ document_number: 'Document number is required' });
  });
});

describe('correspondenceSchema', () => {
  it('needs a choice', () => {
    expect(errorsOf(correspondenceSchema, {})).toEqual({ send_to: 'Value is required' });
    expect(errorsOf(correspondenceSchema, { send_to: 'pigeon' })).toEqual({ send_to: 'Value is required' });
  });

  it('checks the alternate address only when it is chosen', () => {
    expect(correspondenceSchema.parse({ send_to: 'primary_address', alternate_address: { line_1: '' } })).toEqual({ send_to: 'primary_address' });
    expect(correspondenceSchema.parse({ send_to: 'in_person' })).toEqual({ send_to: 'in_person' });
    expect(errorsOf(correspondenceSchema, { send_to: 'alternate_address', alternate_address: { line_2: 'x' } })).toEqual({
      'alternate_address.line_1': 'Line 1 is required',
      'alternate_address.city': 'City is required',
      'alternate_address.state': 'State is required',
      'alternate_address.postal_code': 'Postal code is required',
    });
    expect(correspondenceSchema.safeParse({ send_to: 'alternate_address', alternate_address: address }).success).toBe(true);
  });
});

describe('passengerUpdateSchema', () => {
  it('takes exactly one section', () => {
    expect(passengerUpdateSchema.parse({ arrival_time: ' By train at 14:00 ' })).toEqual({ arrival_time: 'By train at 14:00' });
    expect(passengerUpdateSchema.safeParse({ insurance }).success).toBe(true);
    expect(passengerUpdateSchema.safeParse({ apis: passport }).success).toBe(true);
    expect(passengerUpdateSchema.safeParse({}).success).toBe(false);
    expect(passengerUpdateSchema.safeParse({ insurance, arrival_time: 'x' }).success).toBe(false);
  });

  it('checks the section with its own messages', () => {
    expect(errorsOf(passengerUpdateSchema, { insurance: { start_date: '2027-01-01' } })).toEqual({
      'insurance.expiry_date': 'Expiry date is required',
    });
  });
});
