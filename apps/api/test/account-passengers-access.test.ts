import { DETAILS_LOCKED_MESSAGE } from '@tours/domain';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings } from '../src/db/schema/index.ts';
import { BOOKING_NOT_FOUND } from '../src/modules/bookings/index.ts';
import {
  accountCustomer,
  alternateAddress,
  correspondenceOf,
  DEMO,
  passengersOf,
  patchCorrespondence,
  patchPassenger,
  thomasPassport,
  type AccountCustomer,
} from './account-passengers-fixtures.ts';
import { bearerHeader, OIDC_TEST_ENV, signingKey, testKeySource, tokenFor, type SigningKey } from './customer-tokens.ts';
import { build, expectApiError } from './helper.ts';

const published = testKeySource();
let key: SigningKey;

/** An id no booking or passenger has, within the database's integer range. */
const MISSING = 2_000_000_000;

describe('who may save passenger details and correspondence', () => {
  const server = build({ env: OIDC_TEST_ENV, customerTokenKeys: published.source });
  const app = () => server.app;
  let ada: AccountCustomer;
  let bea: AccountCustomer;

  beforeAll(async () => {
    key = await signingKey();
    published.publish(key);
    ada = await accountCustomer(app(), key);
    bea = await accountCustomer(app(), key);
  });

  /** Everything the calls below could change: both customers' passengers and correspondence, and the audit log. */
  async function snapshot() {
    const ids = [DEMO.vienna, DEMO.sicily, DEMO.archived, DEMO.cancelled].flatMap((ref) => [ada.booking(ref), bea.booking(ref)]);
    const [audit] = await app().db.select({ rows: count() }).from(auditLog);
    return {
      passengers: await Promise.all(ids.map((id) => passengersOf(app(), id))),
      correspondence: await Promise.all(ids.map((id) => correspondenceOf(app(), id))),
      auditRows: audit!.rows,
    };
  }

  const answer = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.json() });

  it('asks for a sign-in (401) without a customer token, on both calls', async () => {
    const viennaId = ada.booking(DEMO.vienna);
    const [passenger] = await passengersOf(app(), viennaId);
    const before = await snapshot();
    for (const headers of [{}, bearerHeader('not-a-token'), bearerHeader(await tokenFor(key, ada.email, { expiresIn: -60 }))]) {
      const saved = await patchPassenger(app(), headers, viennaId, passenger!.id, { arrival_time: 'x' });
      expectApiError(saved, 401, 'UNAUTHORIZED');
      expect(saved.headers['www-authenticate']).toBe('Bearer');
      expectApiError(await patchCorrespondence(app(), headers, viennaId, { send_to: 'in_person' }), 401, 'UNAUTHORIZED');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers one identical 404 for another customer's booking, a passenger of another booking and a missing id, and changes nothing", async () => {
    const adaVienna = ada.booking(DEMO.vienna);
    const adaSicily = ada.booking(DEMO.sicily);
    const beaVienna = bea.booking(DEMO.vienna);
    const [adaPassenger] = await passengersOf(app(), adaVienna);
    const [adaSicilyPassenger] = await passengersOf(app(), adaSicily);
    const [beaPassenger] = await passengersOf(app(), beaVienna);
    const stranger = bearerHeader(await tokenFor(key, 'never-booked@example.com'));
    const body = { apis: thomasPassport() };
    const before = await snapshot();

    const attempts: [string, LightMyRequestResponse][] = [
      ["another customer's booking and passenger", await patchPassenger(app(), ada.headers, beaVienna, beaPassenger!.id, body)],
      ["another customer's booking, with one's own passenger", await patchPassenger(app(), ada.headers, beaVienna, adaPassenger!.id, body)],
      ["one's own booking, with another customer's passenger", await patchPassenger(app(), ada.headers, adaVienna, beaPassenger!.id, body)],
      ["one's own booking, with a passenger of one's other booking", await patchPassenger(app(), ada.headers, adaVienna, adaSicilyPassenger!.id, body)],
      ['a booking id no booking has', await patchPassenger(app(), ada.headers, MISSING, adaPassenger!.id, body)],
      ['a passenger id no passenger has', await patchPassenger(app(), ada.headers, adaVienna, MISSING, body)],
      ['a signed-in person who is no customer', await patchPassenger(app(), stranger, beaVienna, beaPassenger!.id, body)],
      ["another customer's correspondence", await patchCorrespondence(app(), ada.headers, beaVienna, { send_to: 'alternate_address', alternate_address: alternateAddress })],
      ['correspondence of a booking id no booking has', await patchCorrespondence(app(), ada.headers, MISSING, { send_to: 'in_person' })],
      ['correspondence by a person who is no customer', await patchCorrespondence(app(), stranger, beaVienna, { send_to: 'in_person' })],
    ];
    const expected = { status: 404, body: { error: { code: 'NOT_FOUND', message: BOOKING_NOT_FOUND } } };
    for (const [what, response] of attempts) expect(answer(response), what).toEqual(expected);
    // Ids no column can hold are refused by the contract (input-values.ts) before any lookup: nothing to learn from them either.
    for (const response of [
      await patchPassenger(app(), ada.headers, adaVienna, 99_999_999_999, body),
      await patchPassenger(app(), ada.headers, 99_999_999_999, adaPassenger!.id, body),
    ]) expect(response.statusCode, response.body).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("answers another customer's cancelled or finished booking with the same 404, not with its state", async () => {
    for (const ref of [DEMO.cancelled, DEMO.archived]) {
      const booking = bea.booking(ref);
      const [passenger] = await passengersOf(app(), booking);
      const response = await patchPassenger(app(), ada.headers, booking, passenger!.id, { arrival_time: 'x' });
      expect(answer(response)).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: BOOKING_NOT_FOUND } } });
    }
  });

  it('keeps the details of cancelled bookings and finished tours as they are (409), on both calls', async () => {
    const before = await snapshot();
    for (const ref of [DEMO.cancelled, DEMO.archived]) {
      const booking = ada.booking(ref);
      const [passenger] = await passengersOf(app(), booking);
      const saved = await patchPassenger(app(), ada.headers, booking, passenger!.id, { arrival_time: 'x' });
      expectApiError(saved, 409, 'CONFLICT');
      expect(saved.json().error.message).toBe(DETAILS_LOCKED_MESSAGE);
      expectApiError(await patchCorrespondence(app(), ada.headers, booking, { send_to: 'in_person' }), 409, 'CONFLICT');
      // A passenger of another booking is still unknown here, whatever the booking's state.
      const [other] = await passengersOf(app(), ada.booking(DEMO.vienna));
      expectApiError(await patchPassenger(app(), ada.headers, booking, other!.id, { arrival_time: 'x' }), 404, 'NOT_FOUND');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('takes changes for Optional bookings, and none for Quotes or Unconfirmed ones', async () => {
    const booking = ada.booking(DEMO.sicily);
    const [passenger] = await passengersOf(app(), booking);
    const setStatus = (status: 'Optional' | 'Quote' | 'Unconfirmed') => app().db.update(bookings).set({ status }).where(eq(bookings.id, booking));

    await setStatus('Optional');
    const optional = await patchPassenger(app(), ada.headers, booking, passenger!.id, { arrival_time: 'Own arrangements' });
    expect(optional.statusCode, optional.body).toBe(200);
    expect((await patchCorrespondence(app(), ada.headers, booking, { send_to: 'in_person' })).statusCode).toBe(200);

    for (const status of ['Quote', 'Unconfirmed'] as const) {
      await setStatus(status);
      expectApiError(await patchPassenger(app(), ada.headers, booking, passenger!.id, { arrival_time: 'changed' }), 409, 'CONFLICT');
      expectApiError(await patchCorrespondence(app(), ada.headers, booking, { send_to: 'primary_address' }), 409, 'CONFLICT');
    }
    expect((await passengersOf(app(), booking))[0]!.arrivalTime).toBe('Own arrangements');
    expect(await correspondenceOf(app(), booking)).toEqual({ send_to: 'in_person', alternate_address: null });
    await setStatus('Optional');
  });

  it('refuses path ids that are not ids with a 400, before looking anything up', async () => {
    const booking = ada.booking(DEMO.vienna);
    for (const url of [`/api/account/bookings/abc/passengers/1`, `/api/account/bookings/${booking}/passengers/-3`, `/api/account/bookings/0/correspondence`]) {
      const response = await app().inject({ method: 'PATCH', url, headers: ada.headers, payload: { arrival_time: 'x', send_to: 'in_person' } });
      expectApiError(response, 400, 'VALIDATION_FAILED');
    }
  });
});
