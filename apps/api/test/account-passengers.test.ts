import { VALIDATION } from '@tours/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountCustomer,
  alternateAddress,
  auditOf,
  correspondenceOf,
  DEMO,
  endDateOf,
  expectFields,
  passengersOf,
  patchCorrespondence,
  patchPassenger,
  thomasInsurance,
  thomasPassport,
  type AccountCustomer,
} from './account-passengers-fixtures.ts';
import { OIDC_TEST_ENV, signingKey, testKeySource, type SigningKey } from './customer-tokens.ts';
import { build } from './helper.ts';

const published = testKeySource();
let key: SigningKey;

describe('PATCH /account/bookings/:booking/passengers/:passenger and /correspondence', () => {
  const server = build({ env: OIDC_TEST_ENV, customerTokenKeys: published.source });
  const app = () => server.app;
  let customer: AccountCustomer;
  let vienna: number;
  let thomas: number;
  let margaret: number;

  beforeAll(async () => {
    key = await signingKey();
    published.publish(key);
    customer = await accountCustomer(app(), key);
    vienna = customer.booking(DEMO.vienna);
    const [first, second] = await passengersOf(app(), vienna);
    margaret = first!.id;
    thomas = second!.id;
  });

  const patch = (passenger: number, payload: unknown) => patchPassenger(app(), customer.headers, vienna, passenger, payload);

  describe('validation, with the messages of spec section 5 at their field paths', () => {
    it('reports every missing passport field', async () => {
      expectFields(await patch(thomas, { apis: {} }), {
        'apis.document_type': 'Passport name is required',
        'apis.document_number': 'Document number is required',
        'apis.nationality': 'Nationality is required',
        'apis.place_of_issue': 'Place of issue is required',
        'apis.issue_date': 'Issue date is required',
        'apis.expiry_date': 'Expiry date is required',
        'apis.place_of_birth': 'Place of birth is required',
        'apis.date_of_birth': 'Date of birth is required',
      });
    });

    it('checks that the passport dates make sense', async () => {
      const passport = thomasPassport();
      expectFields(await patch(thomas, { apis: { ...passport, date_of_birth: '2099-01-01' } }), {
        'apis.date_of_birth': VALIDATION.dateOfBirthInFuture,
      });
      expectFields(await patch(thomas, { apis: { ...passport, issue_date: '2099-01-01', expiry_date: '2109-01-01' } }), {
        'apis.issue_date': VALIDATION.issueDateInFuture,
      });
      expectFields(await patch(thomas, { apis: { ...passport, expiry_date: passport.issue_date } }), {
        'apis.expiry_date': VALIDATION.expiryBeforeIssue,
      });
      expectFields(await patch(thomas, { apis: { ...passport, issue_date: '31/12/2020' } }), { 'apis.issue_date': VALIDATION.dateFormat });
    });

    it('refuses a passport that expires before the tour ends, at its expiry date, and takes one valid to the last day', async () => {
      const endDate = await endDateOf(app(), vienna);
      const dayBefore = new Date(`${endDate}T12:00:00Z`);
      dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
      const response = await patch(thomas, { apis: { ...thomasPassport(), expiry_date: dayBefore.toISOString().slice(0, 10) } });
      expectFields(response, { 'apis.expiry_date': 'This passport expires before the tour ends. It must be valid until the last day of the tour.' });
      expect((await passengersOf(app(), vienna))[1]!.apis).toBeNull();

      const lastDay = await patch(thomas, { apis: { ...thomasPassport(), expiry_date: endDate } });
      expect(lastDay.statusCode, lastDay.body).toBe(200);
      expect(lastDay.json().data.apis.expiry_date).toBe(endDate);
    });

    it('requires the insurance dates (the expiry with its corrected message) and a numeric emergency number', async () => {
      expectFields(await patch(thomas, { insurance: {} }), {
        'insurance.start_date': 'Issue date is required',
        'insurance.expiry_date': 'Expiry date is required',
      });
      expectFields(await patch(thomas, { insurance: { ...thomasInsurance(), emergency_number: 'call Eleanor' } }), {
        'insurance.emergency_number': 'Numeric values only',
      });
      expectFields(await patch(thomas, { insurance: { ...thomasInsurance(), expiry_date: '2025-12-31' } }), {
        'insurance.expiry_date': VALIDATION.expiryBeforeIssue,
      });
    });

    it('takes exactly one section per call', async () => {
      expectFields(await patch(thomas, {}), { body: VALIDATION.oneSection });
      expectFields(await patch(thomas, { favourite_colour: 'blue' }), { body: VALIDATION.oneSection });
      expectFields(await patch(thomas, { arrival_time: 'x', joining_information: { joining_text: 'y' } }), { body: VALIDATION.oneSection });
      const after = (await passengersOf(app(), vienna))[1]!;
      expect([after.arrivalTime, after.joiningInformation]).toEqual([null, null]);
    });

    it('checks the alternate correspondence address only when it is chosen', async () => {
      expectFields(await patchCorrespondence(app(), customer.headers, vienna, { send_to: 'alternate_address', alternate_address: { line_2: 'Flat 2' } }), {
        'alternate_address.line_1': 'Line 1 is required',
        'alternate_address.city': 'City is required',
        'alternate_address.state': 'State is required',
        'alternate_address.postal_code': 'Postal code is required',
      });
      expectFields(await patchCorrespondence(app(), customer.headers, vienna, { send_to: 'pigeon' }), { send_to: 'Value is required' });
      expect(await correspondenceOf(app(), vienna)).toBeNull();
    });
  });

  describe('saving', () => {
    it('strips HTML from free text before it is stored', async () => {
      const joining = await patch(thomas, { joining_information: { joining_text: '<p>Hotel <b>Sacher</b></p><script>alert(1)</script>' } });
      expect(joining.statusCode, joining.body).toBe(200);
      expect(joining.json().data.joining_information).toEqual({ joining_text: 'Hotel Sacher' });
      const arrival = await patch(thomas, { arrival_time: ' <<b>script>alert(2)<</b>/script><i>By train at 14:00</i> ' });
      expect(arrival.json().data.arrival_time).toBe('By train at 14:00');
      const insurance = await patch(thomas, { insurance: { ...thomasInsurance(), next_of_kin: '<a href="https://x.test">Eleanor</a> Ashworth' } });
      expect(insurance.json().data.insurance.next_of_kin).toBe('Eleanor Ashworth');

      const stored = (await passengersOf(app(), vienna))[1]!;
      expect(stored.joiningInformation).toEqual({ joining_text: 'Hotel Sacher' });
      expect(stored.arrivalTime).toBe('By train at 14:00');
      expect(stored.insurance!.next_of_kin).toBe('Eleanor Ashworth');
      expect(JSON.stringify(stored)).not.toMatch(/[<>]|alert/);
    });

    it('stores each section on its own and answers the passenger in the account shape', async () => {
      const before = (await passengersOf(app(), vienna))[0]!;
      const response = await patch(margaret, { arrival_time: 'Meeting the group at Vienna airport.' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({
        id: margaret,
        forename: 'Margaret',
        surname: 'Ashworth',
        type: 'Adult',
        address: { line_1: '7 Orchard Row', line_2: 'Clifton', line_3: '', city: 'Bristol', state: 'Avon', postal_code: 'BS8 4XX', country: 'GBR' },
        apis: before.apis,
        insurance: before.insurance,
        joining_information: null,
        arrival_time: 'Meeting the group at Vienna airport.',
      });
      const after = (await passengersOf(app(), vienna))[0]!;
      expect({ ...after, arrivalTime: null, updatedAt: null }).toEqual({ ...before, arrivalTime: null, updatedAt: null });
      // The other passenger is untouched.
      expect((await passengersOf(app(), vienna))[1]!.arrivalTime).toBe('By train at 14:00');
    });

    it('normalises what it stores: the emergency number without separators, the country of residence defaulted', async () => {
      const { country_of_residence: _omitted, ...passport } = thomasPassport();
      const response = await patch(thomas, { apis: { ...passport, nationality: 'gbr' } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.apis).toMatchObject({ nationality: 'GBR', country_of_residence: 'GBR' });
      expect((await passengersOf(app(), vienna))[1]!.insurance!.emergency_number).toBe('07700900789');
    });

    it('records who changed which section and when, with the request id and without the personal data', async () => {
      const since = new Date(Date.now() - 1000);
      const passport = { ...thomasPassport(), document_number: 'ZX9912345', place_of_birth: 'Weston-super-Mare' };
      const response = await patch(thomas, { apis: passport });
      expect(response.statusCode, response.body).toBe(200);
      const rows = await auditOf(app(), vienna, 'passenger.details_updated');
      const row = rows.at(-1)!;
      expect(row).toMatchObject({
        actor: `customer:${customer.customerId}`,
        entityType: 'passenger',
        entityId: String(thomas),
        bookingId: vienna,
        requestId: response.headers['x-request-id'],
      });
      expect(row.occurredAt.getTime()).toBeGreaterThanOrEqual(since.getTime());
      expect(row.detail).toEqual({ section: 'apis', changed: ['apis.document_number', 'apis.place_of_birth'] });
      // One row per save, each naming its section.
      expect(rows.map((r) => r.detail.section)).toEqual(
        expect.arrayContaining(['apis', 'insurance', 'joining_information', 'arrival_time']),
      );
      for (const r of rows) {
        const text = JSON.stringify(r.detail);
        for (const secret of ['ZX9912345', 'Weston', 'Eleanor', 'Sacher', 'train', '07700', '1956-11-02']) expect(text).not.toContain(secret);
      }
    });

    it('stores the correspondence choice, drops an address no longer chosen, and audits it without the address', async () => {
      const alternate = await patchCorrespondence(app(), customer.headers, vienna, {
        send_to: 'alternate_address',
        alternate_address: { ...alternateAddress, line_1: '<b>12</b> Harbour View', country: 'gbr' },
      });
      expect(alternate.statusCode, alternate.body).toBe(200);
      expect(alternate.json().data).toEqual({ send_to: 'alternate_address', alternate_address: alternateAddress });
      expect(await correspondenceOf(app(), vienna)).toEqual({ send_to: 'alternate_address', alternate_address: alternateAddress });

      const inPerson = await patchCorrespondence(app(), customer.headers, vienna, { send_to: 'in_person', alternate_address: alternateAddress });
      expect(inPerson.json().data).toEqual({ send_to: 'in_person', alternate_address: null });
      expect(await correspondenceOf(app(), vienna)).toEqual({ send_to: 'in_person', alternate_address: null });

      const rows = await auditOf(app(), vienna, 'booking.correspondence_updated');
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({ actor: `customer:${customer.customerId}`, entityType: 'booking', entityId: String(vienna), requestId: inPerson.headers['x-request-id'] });
      expect(rows[1]!.detail).toMatchObject({ section: 'correspondence', send_to: 'in_person' });
      for (const r of rows) expect(JSON.stringify(r.detail)).not.toMatch(/Harbour|Falmouth|TR11/);
    });
  });

  describe('booking data complete (bookingDetailsComplete), as the account reads it', () => {
    const completeness = async (bookingId: number) => {
      const one = await app().inject({ method: 'GET', url: `/api/account/bookings/${bookingId}`, headers: customer.headers });
      expect(one.statusCode, one.body).toBe(200);
      const list = await app().inject({ method: 'GET', url: '/api/account/bookings', headers: customer.headers });
      expect(list.statusCode, list.body).toBe(200);
      const listed = list.json().data.items.find((b: { id: number }) => b.id === bookingId);
      expect(listed.details_complete).toBe(one.json().data.booking.details_complete);
      return one.json().data;
    };

    it('turns true once every passenger has answered every section and correspondence is chosen', async () => {
      const sicily = customer.booking(DEMO.sicily);
      const [only] = await passengersOf(app(), sicily);
      // Passport and joining information came with the demo; insurance, arrival time and correspondence are missing.
      expect((await completeness(sicily)).booking.details_complete).toBe(false);

      expect((await patchPassenger(app(), customer.headers, sicily, only!.id, { insurance: thomasInsurance() })).statusCode).toBe(200);
      expect((await completeness(sicily)).booking.details_complete).toBe(false);
      // An empty arrival answer is still an answer.
      expect((await patchPassenger(app(), customer.headers, sicily, only!.id, { arrival_time: '' })).statusCode).toBe(200);
      expect((await completeness(sicily)).booking.details_complete).toBe(false);

      expect((await patchCorrespondence(app(), customer.headers, sicily, { send_to: 'primary_address' })).statusCode).toBe(200);
      const detail = await completeness(sicily);
      expect(detail.booking.details_complete).toBe(true);
      expect(detail.booking.correspondence).toEqual({ send_to: 'primary_address', alternate_address: null });
      expect(detail.passengers[0]).toMatchObject({ arrival_time: '', insurance: { policy_number: 'CMT-55120-89' } });
    });

    it('stays false for a two-passenger booking until the second passenger has answered too', async () => {
      // Vienna: Thomas has answered everything above and correspondence is chosen; Margaret has no joining information.
      expect((await completeness(vienna)).booking.details_complete).toBe(false);
      expect((await patch(margaret, { joining_information: { joining_text: 'Hotel Sacher' } })).statusCode).toBe(200);
      expect((await completeness(vienna)).booking.details_complete).toBe(true);
    });
  });
});
