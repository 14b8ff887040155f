import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, customers } from '../src/db/schema/index.ts';
import { bearer, bookingBody, lead, optionIds, second, submit, type BookingRequest, type CreatedTestBooking } from './booking-fixtures.ts';
import { bearerHeader, OIDC_TEST_ENV, signingKey, testKeySource, tokenFor, type SigningKey } from './customer-tokens.ts';
import { build, expectApiError } from './helper.ts';
import { confirm, openPayment, payToken, plentyOfSingleRooms, tokenRequest } from './payment-fixtures.ts';

const published = testKeySource();
let key: SigningKey;

const DEMO = 'demo@example.com';
const OTHER = 'other-customer@example.com';
const SICILY: BookingRequest = { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] };

interface Started {
  id: number;
  token: string;
  passengerIds: number[];
}

/** POST /bookings as the web sends it, signed in (a customer token in Authorization) or not. */
async function start(app: FastifyInstance, headers: Record<string, string> = {}, request: BookingRequest = SICILY): Promise<Started> {
  const response = await app.inject({ method: 'POST', url: '/api/bookings', headers, payload: await bookingBody(app, request) });
  expect(response.statusCode, response.body).toBe(201);
  const { booking, token } = response.json().data;
  return { id: booking.id, token: token.token, passengerIds: booking.passengers.map((p: { id: number }) => p.id) };
}

/** A signed-in visitor's booking call: their access token, and the booking named by its token. */
const signedIn = async (email: string, booking: Started) => ({ ...bearerHeader(await tokenFor(key, email)), 'x-booking-token': booking.token });

describe('booking calls with a customer token', () => {
  const server = build({ env: { ...OIDC_TEST_ENV, HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' }, customerTokenKeys: published.source });
  const app = () => server.app;
  const customerId = async (email: string) => (await app().db.select({ id: customers.id }).from(customers).where(eq(customers.email, email)))[0]!.id;
  const ownerOf = async (bookingId: number) => (await app().db.select({ customerId: bookings.customerId }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.customerId;

  beforeAll(async () => {
    key = await signingKey();
    published.publish(key);
    await plentyOfSingleRooms(app());
    await app().db.insert(customers).values({ email: OTHER, forename: 'Olive', surname: 'Other' }).onConflictDoNothing();
  });

  it('makes a booking started while signed in the customer’s from the start', async () => {
    const booking = await start(app(), bearerHeader(await tokenFor(key, 'DEMO@example.com')));
    expect(await ownerOf(booking.id)).toBe(await customerId(DEMO));
  });

  it('leaves a booking anonymous when started without a customer token, or with the old booking’s token', async () => {
    const anonymous = await start(app());
    expect(await ownerOf(anonymous.id)).toBeNull();
    const again = await start(app(), bearer(anonymous.token));
    expect(await ownerOf(again.id)).toBeNull();
  });

  it('leaves the booking anonymous for a signed-in person who is not a customer yet (linked at confirmation)', async () => {
    const booking = await start(app(), bearerHeader(await tokenFor(key, 'first-timer@example.com')));
    expect(await ownerOf(booking.id)).toBeNull();
    const tour = await app().inject({ method: 'GET', url: '/api/bookings/tour', headers: await signedIn('first-timer@example.com', booking) });
    expect(tour.statusCode, tour.body).toBe(200);
  });

  it('refuses POST /bookings with a customer token that proves nothing, rather than making the booking nobody’s', async () => {
    const expired = await tokenFor(key, DEMO, { expiresIn: -60 });
    const response = await app().inject({ method: 'POST', url: '/api/bookings', headers: bearerHeader(expired), payload: await bookingBody(app(), SICILY) });
    expectApiError(response, 401, 'UNAUTHORIZED');
  });

  it('opens the customer’s own booking with their token and the booking’s token, and the booking’s token alone', async () => {
    const booking = await start(app(), bearerHeader(await tokenFor(key, DEMO)));
    const withCustomer = await app().inject({ method: 'GET', url: '/api/bookings/tour', headers: await signedIn(DEMO, booking) });
    expect(withCustomer.statusCode, withCustomer.body).toBe(200);
    const withBookingToken = await app().inject({ method: 'GET', url: '/api/bookings/tour', headers: bearer(booking.token) });
    expect(withBookingToken.statusCode, withBookingToken.body).toBe(200);
  });

  it('never lets a customer token reach another customer’s booking, on any booking call', async () => {
    const booking = await start(app(), bearerHeader(await tokenFor(key, DEMO)));
    const headers = await signedIn(OTHER, booking);
    const calls = [
      { method: 'GET' as const, url: '/api/bookings/tour' },
      { method: 'GET' as const, url: '/api/bookings/payment-details' },
      { method: 'POST' as const, url: '/api/bookings/selections', payload: { allocations: {} } },
      { method: 'POST' as const, url: '/api/bookings/promotion', payload: { code: 'WELCOME100' } },
      { method: 'DELETE' as const, url: '/api/bookings/promotion' },
      { method: 'POST' as const, url: '/api/bookings/payments/token', payload: tokenRequest({ ...booking, tourId: 0, status: 'Quote', headers: bearer(booking.token) }, 100) },
      { method: 'POST' as const, url: '/api/bookings/confirm', payload: { payment_id: 'pay_x', currency: 'GBP' } },
      { method: 'PUT' as const, url: '/api/bookings/passengers', payload: { passengers: [lead], source: { id: 63, subsource_id: 165, subsource_description: '' } } },
    ];
    for (const call of calls) {
      const response = await app().inject({ ...call, headers });
      expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    // A signed-in person who is no customer cannot reach it either.
    const stranger = await app().inject({ method: 'GET', url: '/api/bookings/tour', headers: await signedIn('first-timer@example.com', booking) });
    expectApiError(stranger, 403, 'FORBIDDEN');
    // Nothing was claimed or changed.
    expect(await ownerOf(booking.id)).toBe(await customerId(DEMO));
  });

  it('needs the booking named: a customer token alone, or a booking token that is not valid, gets 401', async () => {
    const booking = await start(app(), bearerHeader(await tokenFor(key, DEMO)));
    const alone = await app().inject({ method: 'GET', url: '/api/bookings/tour', headers: bearerHeader(await tokenFor(key, DEMO)) });
    expectApiError(alone, 401, 'UNAUTHORIZED');
    const unknown = await app().inject({ method: 'GET', url: '/api/bookings/tour', headers: { ...bearerHeader(await tokenFor(key, DEMO)), 'x-booking-token': 'b'.repeat(43) } });
    expectApiError(unknown, 401, 'UNAUTHORIZED');
    const malformed = await app().inject({ method: 'GET', url: '/api/bookings/tour', headers: { ...bearerHeader(await tokenFor(key, DEMO)), 'x-booking-token': 'nope' } });
    expectApiError(malformed, 401, 'UNAUTHORIZED');
    // Two different booking tokens at once: which booking is meant is not clear, so neither.
    const other = await start(app());
    const twoBookings = await app().inject({ method: 'GET', url: '/api/bookings/tour', headers: { ...bearer(booking.token), 'x-booking-token': other.token } });
    expectApiError(twoBookings, 401, 'UNAUTHORIZED');
  });

  it('refuses a booking call whose customer token proves nothing, even with a good booking token', async () => {
    const booking = await start(app(), bearerHeader(await tokenFor(key, DEMO)));
    const headers = { ...bearerHeader(await tokenFor(key, DEMO, { audience: 'another-api' })), 'x-booking-token': booking.token };
    const response = await app().inject({ method: 'GET', url: '/api/bookings/tour', headers });
    expectApiError(response, 401, 'UNAUTHORIZED');
    expect(response.json().error.message).toBe('Please sign in to continue.');
  });

  it('lets a signed-in customer continue an anonymous booking without claiming it', async () => {
    const anonymous = await start(app());
    const response = await app().inject({ method: 'GET', url: '/api/bookings/tour', headers: await signedIn(OTHER, anonymous) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await ownerOf(anonymous.id)).toBeNull();
  });

  it('keeps the customer when step 1 starts the booking again for another party size', async () => {
    const booking = await start(app(), bearerHeader(await tokenFor(key, DEMO)));
    const response = await app().inject({
      method: 'PUT',
      url: '/api/bookings/passengers',
      headers: await signedIn(DEMO, booking),
      payload: { passengers: [lead, second], source: { id: 63, subsource_id: 165, subsource_description: 'A friend' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const replacement = response.json().data.booking.id as number;
    expect(replacement).not.toBe(booking.id);
    expect(await ownerOf(replacement)).toBe(await customerId(DEMO));
  });

  it('keeps a booking started while signed in with its customer at confirmation, whoever the lead is', async () => {
    const booking = await start(app(), bearerHeader(await tokenFor(key, DEMO)), { ...SICILY, passengers: [{ ...lead, email: 'a-friend-of-demo@example.com' }] });
    const tour = await app().inject({ method: 'GET', url: '/api/bookings/tour', headers: bearer(booking.token) });
    // Every call of the flow made signed in: the customer's token, the booking named by X-Booking-Token.
    const test: CreatedTestBooking = { ...booking, tourId: tour.json().data.id as number, status: 'Quote', headers: await signedIn(DEMO, booking) };
    const ids = await optionIds(app(), test);
    const selection = await submit(app(), test, { accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Single'), passenger_ids: booking.passengerIds }] });
    expect(selection.statusCode, selection.body).toBe(200);
    const total = selection.json().data.total_price.value as number;
    const paymentId = await payToken(app(), (await openPayment(app(), test, total)).token);
    const confirmed = await confirm(app(), test, paymentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await ownerOf(booking.id)).toBe(await customerId(DEMO));
    const friend = await app().db.select().from(customers).where(eq(customers.email, 'a-friend-of-demo@example.com'));
    expect(friend).toHaveLength(0);
  });
});
