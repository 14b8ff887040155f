import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, customers } from '../src/db/schema/index.ts';
import { bookingBody, lead } from './booking-fixtures.ts';
import { bearerHeader } from './customer-tokens.ts';
import { build, expectApiError } from './helper.ts';
import { signIn } from './identity-provider-flow.ts';

/** The whole chain with the sandbox provider as it ships: its sign-in, its access token, our checks. */
describe('signing in at the sandbox provider and calling the API with its access token', () => {
  const server = build({ env: { MAIL_RELAY_INTERVAL_MS: '0' } });

  it('answers the demo customer’s profile and records the provider’s subject', async () => {
    const tokens = await signIn(server.app, 'Demo@Example.com');
    const response = await server.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearerHeader(tokens.access_token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.customer.email).toBe('demo@example.com');
    const [demo] = await server.app.db.select().from(customers).where(eq(customers.email, 'demo@example.com'));
    expect(demo!.identitySubject).toEqual(expect.any(String));
  });

  it('answers 404 No account found for an e-mail without a confirmed booking', async () => {
    const tokens = await signIn(server.app, 'never-booked@example.com');
    const response = await server.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearerHeader(tokens.access_token) });
    expectApiError(response, 404, 'NOT_FOUND');
  });

  it('refuses the ID token where an access token is required', async () => {
    const tokens = await signIn(server.app, 'demo@example.com');
    expectApiError(await server.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearerHeader(tokens.id_token) }), 401, 'UNAUTHORIZED');
  });

  it('makes a booking started with the access token the customer’s', async () => {
    const tokens = await signIn(server.app, 'demo@example.com');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: bearerHeader(tokens.access_token),
      payload: await bookingBody(server.app, { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await server.app.db.select({ customerId: bookings.customerId }).from(bookings).where(eq(bookings.id, response.json().data.booking.id));
    const [demo] = await server.app.db.select({ id: customers.id }).from(customers).where(eq(customers.email, 'demo@example.com'));
    expect(row!.customerId).toBe(demo!.id);
  });
});
