import { numberRangeMessage, VALIDATION, type ApiError } from '@tours/domain';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountTestServer } from './account-fixtures.ts';
import { address, bookingBody, createBooking, lead, type CreatedTestBooking } from './booking-fixtures.ts';
import { fingerprint } from './database-fingerprint.ts';
import { today } from './helper.ts';

/**
 * Issue 24: hostile values that PostgreSQL, not our validation, used to
 * refuse, answering 500. Each is now the contract's 400 VALIDATION_FAILED
 * naming the field, and nothing is stored or changed: the row count of every
 * table and a hash of every row are the same after the request as before.
 * Path and query values never reach SQL either (400 or 404, never a 5xx).
 */

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';
const ESCAPE = '\u001b';

/** The message each hostile character earns. */
const MESSAGE: Record<string, string> = {
  [NUL]: VALIDATION.controlCharacters,
  [ESCAPE]: VALIDATION.controlCharacters,
  [LONE_HIGH]: VALIDATION.unreadableCharacters,
  [LONE_LOW]: VALIDATION.unreadableCharacters,
};
const CHARACTERS = [
  ['NUL', NUL],
  ['a lone high surrogate', LONE_HIGH],
  ['a lone low surrogate', LONE_LOW],
  ['an escape', ESCAPE],
] as const;

/** The message `field` gives `character`: an e-mail field's own rule (email-address.ts) allows no such character at all, so it says so first. */
const messageFor = (field: string, character: string): string =>
  field.endsWith('email') ? VALIDATION.emailUndeliverable : MESSAGE[character]!;

/** A copy of `value` with `text` written at the dotted path. */
function withValue(value: unknown, path: string, text: unknown): unknown {
  const [head, ...rest] = path.split('.');
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[head!] = rest.length === 0 ? text : withValue(copy[head!], rest.join('.'), text);
  return copy;
}

const server = accountTestServer();

/** Sends the request and checks it was refused as bad input at `field` with `message`, leaving the database as it was. */
async function expectRefused(send: () => Promise<LightMyRequestResponse>, field: string, message?: string) {
  const app = server.app();
  const before = await fingerprint(app.db, { countChanging: true });
  const response = await send();
  expect(response.statusCode, response.body).toBe(400);
  const { error } = response.json() as ApiError;
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(error.fields ?? {}), response.body).toContain(field);
  if (message) expect(error.fields![field]).toBe(message);
  // Every table's rows and their number (the fingerprint counts them), the rate limits' counters' number too.
  expect(await fingerprint(app.db, { countChanging: true }), 'no row added, removed or changed').toEqual(before);
}

const TEXT_FIELDS = [
  'passengers.0.given_name',
  'passengers.0.family_name',
  'passengers.0.email',
  'passengers.0.special_requests',
  'passengers.0.address.line_1',
  'passengers.0.address.line_2',
  'passengers.0.address.line_3',
  'passengers.0.address.city',
  'passengers.0.address.state',
  'passengers.0.address.postal_code',
  'source.subsource_description',
];
const INTEGER_FIELDS = [
  ['source.id', numberRangeMessage(1, 2 ** 31 - 1)],
  ['source.subsource_id', VALIDATION.howHeardRequired],
  ['departure_id', numberRangeMessage(1, 2 ** 31 - 1)],
  ['brand_channel', numberRangeMessage(-(2 ** 31), 2 ** 31 - 1)],
] as const;
const TOO_BIG = [2 ** 31, 2 ** 53 - 1];

describe('POST /api/bookings', () => {
  const body = () => bookingBody(server.app(), { code: 'MHW-VIE', startsInDays: 90 });
  const post = (payload: unknown) => server.app().inject({ method: 'POST', url: '/api/bookings', payload: payload as object });

  describe.each(CHARACTERS)('with %s', (_name, character) => {
    it.each([...TEXT_FIELDS, 'tour_code'])('in %s: 400 naming it, nothing stored', async (field) => {
      const valid = await body();
      await expectRefused(() => post(withValue(valid, field, `Ab${character}cd`)), field, messageFor(field, character));
    });
  });

  it.each(INTEGER_FIELDS)('with %s past a 32-bit integer: 400 naming it, nothing stored', async (field, message) => {
    const valid = await body();
    for (const value of TOO_BIG) await expectRefused(() => post(withValue(valid, field, value)), field, message);
  });

  it('takes what people type: accents, CJK, right-to-left text, emoji, apostrophes, and line breaks in special requests', async () => {
    const typed = {
      ...lead,
      given_name: 'Zoë-José',
      family_name: "O'Brien 山田 שלום",
      special_requests: 'Window seat 🌱\r\nVegetarian\tplease 👩‍👩‍👧',
      address: { ...address, line_1: '7 Rue d’Hôtel 北京', city: 'Łódź' },
    };
    const response = await post({ ...(await body()), passengers: [typed] });
    expect(response.statusCode, response.body).toBe(201);
    const [passenger] = response.json().data.booking.passengers;
    expect(passenger).toMatchObject({
      given_name: 'Zoë-José',
      family_name: "O'Brien 山田 שלום",
      special_requests: 'Window seat 🌱\nVegetarian\tplease 👩‍👩‍👧',
      address: { line_1: '7 Rue d’Hôtel 北京', city: 'Łódź' },
    });
  });
});

describe('the calls of a booking being made', () => {
  let booking: CreatedTestBooking;
  const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    server.app().inject({ method, url, headers: booking.headers, payload: payload as object });

  it('has a booking to send them to', async () => {
    booking = await createBooking(server.app(), { code: 'MHW-VIE', startsInDays: 90 });
  });

  describe.each(CHARACTERS)('with %s', (_name, character) => {
    it.each(TEXT_FIELDS)('PUT /api/bookings/passengers, in %s: 400 naming it, the booking unchanged', async (field) => {
      const valid = { passengers: [lead], source: { id: 63, subsource_id: 165, subsource_description: 'A friend' } };
      await expectRefused(() => call('PUT', '/api/bookings/passengers', withValue(valid, field, `Ab${character}cd`)), field, messageFor(field, character));
    });

    it('POST /api/bookings/promotion, in the code', async () => {
      await expectRefused(() => call('POST', '/api/bookings/promotion', { code: `WELCOME${character}100` }), 'code', MESSAGE[character]);
    });

    it('POST /api/bookings/confirm, in the payment id', async () => {
      await expectRefused(() => call('POST', '/api/bookings/confirm', { payment_id: `pay_${character}1`, currency: 'GBP' }), 'payment_id', MESSAGE[character]);
    });

    it.each(['agent_id', 'email'])('POST /api/bookings/agents/verify, in %s', async (field) => {
      const valid = { agent_id: 'AG1001', email: 'jane.holt@wanderlust.example' };
      await expectRefused(() => call('POST', '/api/bookings/agents/verify', withValue(valid, field, `AG${character}1`)), field, messageFor(field, character));
    });
  });

  it.each(INTEGER_FIELDS.filter(([field]) => field.startsWith('source.')))('PUT /api/bookings/passengers with %s past a 32-bit integer', async (field, message) => {
    const valid = { passengers: [lead], source: { id: 63, subsource_id: 165, subsource_description: '' } };
    for (const value of TOO_BIG) await expectRefused(() => call('PUT', '/api/bookings/passengers', withValue(valid, field, value)), field, message);
  });
});

describe('the account calls', () => {
  let customer: Awaited<ReturnType<typeof server.seedCustomer>>;
  let bookingId: number;
  let passengerId: number;
  const patch = (url: string, payload: unknown) => server.app().inject({ method: 'PATCH', url, headers: customer.headers, payload: payload as object });

  it('has a signed-in customer with a booking to send them to', async () => {
    customer = await server.seedCustomer();
    bookingId = customer.withBalance.id;
    const detail = await server.app().inject({ method: 'GET', url: `/api/account/bookings/${bookingId}`, headers: customer.headers });
    passengerId = detail.json().data.passengers[0].id;
  });

  describe.each(CHARACTERS)('with %s', (_name, character) => {
    it.each([
      ['arrival_time', { arrival_time: `By train${character}` }],
      ['joining_information.joining_text', { joining_information: { joining_text: `Hotel${character}` } }],
      ['insurance.company_name', { insurance: { company_name: `Cover${character}`, start_date: today(), expiry_date: '2099-01-01' } }],
    ])('PATCH a passenger, in %s', async (field, payload) => {
      await expectRefused(() => patch(`/api/account/bookings/${bookingId}/passengers/${passengerId}`, payload), field, MESSAGE[character]);
    });

    it('PATCH the correspondence, in the alternate address', async () => {
      const payload = { send_to: 'alternate_address', alternate_address: { ...address, line_1: `1 Yard${character}` } };
      await expectRefused(() => patch(`/api/account/bookings/${bookingId}/correspondence`, payload), 'alternate_address.line_1', MESSAGE[character]);
    });

    it('PUT a payment receipt, in the payment id and the payment method', async () => {
      const put = (payment: string, method: string) =>
        server.app().inject({ method: 'PUT', url: `/api/account/bookings/${bookingId}/payments/${encodeURIComponent(payment)}?currency=GBP`, headers: customer.headers, payload: { payment_method_id: method } });
      // A lone surrogate cannot be percent-encoded, so the path carries only the control characters.
      if (!MESSAGE[character]!.includes('broken')) await expectRefused(() => put(`pay${character}1`, 'pm_1'), 'payment', MESSAGE[character]);
      await expectRefused(() => put('pay_1', `pm${character}1`), 'payment_method_id', MESSAGE[character]);
    });
  });

  it('keeps line breaks in the multi-line answers', async () => {
    const response = await patch(`/api/account/bookings/${bookingId}/passengers/${passengerId}`, { arrival_time: 'By train,\r\narriving 14:05' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.arrival_time).toBe('By train,\narriving 14:05');
  });

  it.each(['2147483648', '9007199254740991'])('refuses a booking or passenger id of %s in the path without asking the database', async (id) => {
    await expectRefused(() => server.app().inject({ method: 'GET', url: `/api/account/bookings/${id}`, headers: customer.headers }), 'booking');
    await expectRefused(() => patch(`/api/account/bookings/${bookingId}/passengers/${id}`, { arrival_time: 'x' }), 'passenger');
  });
});

describe('path and query values', () => {
  let made: CreatedTestBooking | undefined;
  const booking = () => made!;
  it('has a booking for the booking calls', async () => {
    made = await createBooking(server.app(), { code: 'MHW-VIE', startsInDays: 90 });
  });

  it.each([
    ['/api/tours/%00', 'code'],
    ['/api/tours/MHW%00VIE', 'code'],
    ['/api/tours/%00/departures/2027-01-01', 'code'],
    ['/api/tours/find?tour=PG%00FLO&departure=2027-01-01', 'tour'],
    ['/api/tours?q=Vienna%00', 'q'],
    ['/api/tours?price_min=2147483648', 'price_min'],
    ['/api/bookings/agents/%00', 'id'],
    ['/api/bookings/agents/AG%1B1001', 'id'],
    ['/api/bookings/agents/%00/staff', 'id'],
    ['/api/addresses/SW1A%002AA', 'postcode'],
    ['/api/account/bookings/1/documents/1?token=%00', 'token'],
  ])('GET %s: 400 naming %s', async (url, field) => {
    await expectRefused(() => server.app().inject({ method: 'GET', url }), field);
  });

  it.each(['/api/tours/%ED%A0%80', '/api/bookings/agents/%ED%A0%80/staff', '/api/bookings/tour/2147483648/flights'])('GET %s: refused, never a 5xx', async (url) => {
    const response = await server.app().inject({ method: 'GET', url, headers: booking().headers });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});
