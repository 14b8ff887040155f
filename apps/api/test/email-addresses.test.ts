import { VALIDATION } from '@tours/domain';
import { describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema/index.ts';
import { verify } from './agents-fixtures.ts';
import { bookingBody, createBooking, lead, second } from './booking-fixtures.ts';
import { build, expectApiError } from './helper.ts';

/**
 * Issue 25, item 1: an e-mail address no mail can reach is refused by the
 * contracts (the domain's emailAddress rule), with the field's message, before
 * anything is stored: a booking's confirmation, documents and sign-in all
 * travel by e-mail.
 */
describe('e-mail addresses the API takes', () => {
  const server = build();
  const vienna = { code: 'MHW-VIE', startsInDays: 90 };
  const post = (payload: object) => server.app.inject({ method: 'POST', url: '/api/bookings', payload });
  const bookingCount = async () => (await server.app.db.select({ id: bookings.id }).from(bookings)).length;

  it.each([
    ['a comma for a dot', 'anne.reed@example,com'],
    ['a domain without a dot', 'sarah.jones@example'],
    ['a space', 'anne reed@example.com'],
    ['two dots together', 'anne..reed@example.com'],
  ])('POST /bookings answers 400 with the field message for %s, and stores nothing', async (_, email) => {
    const before = await bookingCount();
    const response = await post(await bookingBody(server.app, { ...vienna, passengers: [lead, { ...second, email }] }));
    expectApiError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.fields).toEqual({ 'passengers.1.email': VALIDATION.emailUndeliverable });
    expect(await bookingCount()).toBe(before);
  });

  it('POST /bookings still answers an empty address with the spec’s message', async () => {
    const response = await post(await bookingBody(server.app, { ...vienna, passengers: [{ ...lead, email: '  ' }] }));
    expectApiError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.fields).toEqual({ 'passengers.0.email': VALIDATION.emailRequired });
  });

  it('POST /bookings stores a deliverable address trimmed', async () => {
    const response = await post(await bookingBody(server.app, { ...vienna, passengers: [{ ...lead, email: '  anne.reed@example.co.uk ' }] }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.booking.passengers[0].email).toBe('anne.reed@example.co.uk');
  });

  it('PUT /bookings/passengers refuses the same addresses', async () => {
    const booking = await createBooking(server.app, { ...vienna, passengers: [lead] });
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/bookings/passengers',
      headers: booking.headers,
      payload: { passengers: [{ ...lead, email: 'edward@example' }], source: { id: 63, subsource_id: 165, subsource_description: '' } },
    });
    expectApiError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.fields).toEqual({ 'passengers.0.email': VALIDATION.emailUndeliverable });
  });

  it('the agent verification refuses a staff e-mail no mail can reach before looking anyone up', async () => {
    const response = await verify(server.app, { agent_id: 'AG1001', email: 'jane.holt@wanderlust,example' });
    expectApiError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().error.fields).toEqual({ email: VALIDATION.emailUndeliverable });
  });
});
