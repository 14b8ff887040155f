import { RATE_LIMIT_MESSAGES, VALIDATION } from '@tours/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostcodePort } from '../src/adapters/postcodes/port.ts';
import { SANDBOX_ADDRESSES } from '../src/adapters/postcodes/sandbox.ts';
import type { CreatedTestBooking } from './booking-fixtures.ts';
import { expectApiError, testClock } from './helper.ts';
import { bookDayTrip } from './payment-fixtures.ts';
import { expectRetryAfter, freshIp, statusCounts } from './rate-limit-clients.ts';
import { startReplicas, type ReplicaSet } from './replicas.ts';

/**
 * The promotional code and postcode lookup limits (promotions/limits.ts,
 * postcodes/routes.ts) on three API replicas over one database, reached by
 * calls spread over the replicas and by bursts of parallel calls. Small
 * limits, so a test reaches them in a few calls. LIMIT_BURST scales the
 * bursts (default 12).
 */
const WINDOW = 600;
const LIMITS = {
  PROMO_CODE_BOOKING_FAILURE_LIMIT: '3',
  PROMO_CODE_CLIENT_FAILURE_LIMIT: '5',
  PROMO_CODE_WINDOW_SECONDS: String(WINDOW),
  POSTCODE_LOOKUP_CLIENT_LIMIT: '5',
  POSTCODE_LOOKUP_WINDOW_SECONDS: String(WINDOW),
  HOLD_SWEEP_INTERVAL_MS: '0',
  MAIL_RELAY_INTERVAL_MS: '0',
  RATE_LIMIT_SWEEP_INTERVAL_MS: '0',
};
const BURST = Number(process.env.LIMIT_BURST ?? 12);
const minutes = (seconds: number) => `in ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;

let guess = 1;
const wrongCode = () => `NOPE${guess++}`;

/** The sandbox's addresses, counting every question the paid service would be asked. */
function countingPostcodes() {
  const asked: string[] = [];
  const port: PostcodePort = {
    lookup: async (postcode) => {
      asked.push(postcode);
      return [...(SANDBOX_ADDRESSES[postcode] ?? [])];
    },
  };
  return { asked, port };
}

function expectLimited(response: LightMyRequestResponse, message: (retryIn: string) => string) {
  expectApiError(response, 429, 'RATE_LIMITED');
  const wait = expectRetryAfter(response, WINDOW);
  expect(response.json().error.message).toBe(message(minutes(wait)));
  return wait;
}

describe('promotional code and postcode limits across three replicas', () => {
  const clock = testClock();
  const postcodes = countingPostcodes();
  let set: ReplicaSet;
  const replica = (n: number) => set.pick(n).app;

  beforeAll(async () => {
    set = await startReplicas({ count: 3, env: LIMITS, clock, adapters: { postcodes: postcodes.port } });
  });
  afterAll(async () => {
    await set?.close();
  });

  const apply = (app: FastifyInstance, booking: CreatedTestBooking, code: string, ip: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/bookings/promotion', remoteAddress: ip, headers: { ...booking.headers, ...headers }, payload: { code } });
  const lookup = (app: FastifyInstance, postcode: string, ip: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/addresses/${encodeURIComponent(postcode)}`, remoteAddress: ip, headers });
  const dayTrip = async (n = 0) => (await bookDayTrip(replica(n))).booking;

  describe('promotional codes', () => {
    it('refuses a booking more invalid codes than its limit from every replica and client, then even a valid one, until the window ends', async () => {
      const booking = await dayTrip();
      for (let n = 0; n < 3; n += 1) {
        const refused = await apply(replica(n), booking, wrongCode(), freshIp());
        expectApiError(refused, 400, 'VALIDATION_FAILED');
        expect(refused.json().error.fields.code).toBe(VALIDATION.promoInvalid);
      }
      const wait = expectLimited(await apply(replica(1), booking, wrongCode(), freshIp()), RATE_LIMIT_MESSAGES.promoForBooking);
      // A valid code is refused too, so the refusal never tells a guess was right.
      expectLimited(await apply(replica(2), booking, 'WELCOME100', freshIp()), RATE_LIMIT_MESSAGES.promoForBooking);
      // Another booking is not held back.
      expect((await apply(replica(0), await dayTrip(1), 'WELCOME100', freshIp())).statusCode).toBe(200);

      clock.advance(wait + 1);
      const applied = await apply(replica(0), booking, 'welcome100', freshIp());
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json().data.promotion.name).toBe('Promotional code WELCOME100');
    });

    it('refuses one client more invalid codes than its limit over all its bookings, and not another client', async () => {
      const ip = freshIp();
      const bookings = [await dayTrip(0), await dayTrip(1), await dayTrip(2)];
      for (let n = 0; n < 5; n += 1) expect((await apply(replica(n), bookings[n % 3]!, wrongCode(), ip)).statusCode).toBe(400);
      expectLimited(await apply(replica(2), bookings[2]!, wrongCode(), ip), RATE_LIMIT_MESSAGES.promoFromClient);
      expectLimited(await apply(replica(0), bookings[2]!, 'WELCOME100', ip), RATE_LIMIT_MESSAGES.promoFromClient);
      // The booking the client was refused on had one refusal: another client applies its code.
      expect((await apply(replica(1), bookings[2]!, 'WELCOME100', freshIp())).statusCode).toBe(200);
    });

    it(`lets a burst of ${BURST} parallel invalid codes on one booking over the replicas be answered no more than the limit`, async () => {
      const booking = await dayTrip();
      const answers = await Promise.all(Array.from({ length: BURST }, (_, n) => apply(replica(n), booking, wrongCode(), freshIp())));
      expect(statusCounts(answers)).toEqual({ 400: 3, 429: BURST - 3 });
    });

    it(`lets a burst of ${BURST} parallel invalid codes from one client over six bookings be answered no more than the limit`, async () => {
      const ip = freshIp();
      // Six bookings: enough that, at the default burst, no booking reaches its own limit (3) and the client's (5) alone decides.
      const bookings = await Promise.all(Array.from({ length: 6 }, (_, n) => dayTrip(n)));
      const answers = await Promise.all(Array.from({ length: BURST }, (_, n) => apply(replica(n), bookings[n % bookings.length]!, wrongCode(), ip)));
      const { 400: answered = 0, 429: refused = 0 } = statusCounts(answers);
      expect(answered + refused).toBe(BURST);
      expect(answered).toBeLessThanOrEqual(5);
      // Larger bursts put more than three on a booking, whose own limit may then refuse some of the client's five.
      if (Math.ceil(BURST / bookings.length) <= 3) expect(answered).toBe(5);
      else expect(answered).toBeGreaterThanOrEqual(3);
    });

    it('does not count valid codes, nor requests the validation refuses', async () => {
      const ip = freshIp();
      for (let n = 0; n < 7; n += 1) expect((await apply(replica(n), await dayTrip(n), 'WELCOME100', ip)).statusCode).toBe(200);
      const booking = await dayTrip();
      // Applying the applied code again is answered as applied, and counts for nothing.
      for (let n = 0; n < 5; n += 1) expect((await apply(replica(n), booking, n === 0 ? 'WELCOME100' : ' welcome100 ', ip)).statusCode).toBe(200);
      for (let n = 0; n < 6; n += 1) expectApiError(await apply(replica(n), booking, '   ', ip), 400, 'VALIDATION_FAILED');
      // Another code on a booking that has one is refused for that reason, and the typed code is counted as the guess it may be.
      const other = await apply(replica(1), booking, wrongCode(), ip);
      expect(other.statusCode).toBe(400);
      expect(other.json().error.fields.code).toMatch(/^Only one promotional code/);
    });
  });

  describe('postcode lookups', () => {
    it('answers one client its limit of lookups from every replica, then 429 until the window ends, without asking the service', async () => {
      const ip = freshIp();
      const before = postcodes.asked.length;
      for (let n = 0; n < 5; n += 1) expect((await lookup(replica(n), n % 2 ? 'SW1A 2AA' : 'zz9 9zz', ip)).statusCode).toBe(200);
      // A malformed postcode is answered without the service and is not counted.
      expectApiError(await lookup(replica(0), '90210', ip), 400, 'VALIDATION_FAILED');
      const wait = expectLimited(await lookup(replica(2), 'EC1A 1BB', ip), RATE_LIMIT_MESSAGES.postcodeLookups);
      expect(postcodes.asked.length - before).toBe(5);
      // Another client is not held back.
      expect((await lookup(replica(1), 'EC1A 1BB', freshIp())).statusCode).toBe(200);
      clock.advance(wait + 1);
      expect((await lookup(replica(0), 'EC1A 1BB', ip)).statusCode).toBe(200);
    });

    it(`lets a burst of ${BURST} parallel lookups from one client over the replicas reach the service no more than the limit`, async () => {
      const ip = freshIp();
      const before = postcodes.asked.length;
      const answers = await Promise.all(Array.from({ length: BURST }, (_, n) => lookup(replica(n), 'SW1A 2AA', ip)));
      expect(statusCounts(answers)).toEqual({ 200: 5, 429: BURST - 5 });
      expect(postcodes.asked.length - before).toBe(5);
    });

    it('reads the client from the socket, not from an X-Forwarded-For nobody trusts', async () => {
      const ip = freshIp();
      const answers = [];
      for (let n = 0; n < 6; n += 1) answers.push((await lookup(replica(n), 'SW1A 2AA', ip, { 'x-forwarded-for': `203.0.113.${n}` })).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
});

describe('promotional code and postcode limits behind a trusted proxy', () => {
  let set: ReplicaSet;
  beforeAll(async () => {
    set = await startReplicas({ count: 2, env: { ...LIMITS, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await set?.close();
  });

  it('counts each visitor by the address the proxy forwards', async () => {
    const proxy = freshIp();
    const from = (visitor: string) => ({ 'x-forwarded-for': visitor });
    const lookup = (n: number, visitor: string) =>
      set.pick(n).app.inject({ method: 'GET', url: '/api/addresses/SW1A%202AA', remoteAddress: proxy, headers: from(visitor) });
    for (let n = 0; n < 5; n += 1) expect((await lookup(n, '203.0.113.60')).statusCode).toBe(200);
    expect((await lookup(5, '203.0.113.60')).statusCode).toBe(429);
    expect((await lookup(6, '203.0.113.61')).statusCode).toBe(200);

    const bookings: CreatedTestBooking[] = [];
    for (let n = 0; n < 3; n += 1) bookings.push((await bookDayTrip(set.pick(n).app)).booking);
    const apply = (n: number, visitor: string) =>
      set.pick(n).app.inject({ method: 'POST', url: '/api/bookings/promotion', remoteAddress: proxy, headers: { ...bookings[n % 3]!.headers, ...from(visitor) }, payload: { code: wrongCode() } });
    for (let n = 0; n < 5; n += 1) expect((await apply(n, '203.0.113.70')).statusCode).toBe(400);
    expect((await apply(5, '203.0.113.70')).json().error.message).toMatch(/^Too many invalid promotional codes\./);
    // Each booking has had two refusals at most: another visitor through the same proxy is answered.
    expect((await apply(6, '203.0.113.71')).statusCode).toBe(400);
  });
});
