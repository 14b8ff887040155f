import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, payTokens } from '../src/db/schema/index.ts';
import { hashProviderToken } from '../src/modules/payments/index.ts';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import type { CreatedTestBooking } from './booking-fixtures.ts';
import { reconcilePayments } from '../src/modules/confirmation/index.ts';
import { build, testClock } from './helper.ts';
import { bookSicily, payToken, plentyOfSingleRooms, tokenRequest } from './payment-fixtures.ts';

/**
 * The site's origin for each request (lib/site-origin.ts): the card form's
 * allowed origin, the provider's script, the frame's CSP, the OpenAPI
 * server and the confirmation e-mail's link follow the address the visitor
 * used when PUBLIC_URL is unset, and keep to the configured list when it is.
 * Forwarded headers count only from a trusted proxy.
 */

interface Visit {
  host?: string;
  /** The peer's address: app.inject's is 127.0.0.1 unless told. */
  remoteAddress?: string;
  headers?: Record<string, string>;
}

function requestToken(app: FastifyInstance, booking: CreatedTestBooking, amount: number, visit: Visit) {
  return app.inject({
    method: 'POST',
    url: '/api/bookings/payments/token',
    headers: { ...booking.headers, ...(visit.host ? { host: visit.host } : {}), ...visit.headers },
    ...(visit.remoteAddress ? { remoteAddress: visit.remoteAddress } : {}),
    payload: tokenRequest(booking, amount),
  });
}

/** Opens the deposit as `visit`; answers the token's answer and the origin the provider bound it to. */
async function openAs(app: FastifyInstance, visit: Visit) {
  const { booking, totals } = await bookSicily(app);
  const response = await requestToken(app, booking, totals.deposit, visit);
  expect(response.statusCode, response.body).toBe(201);
  const answer = response.json().data as { token: string; script_url: string; origin: string };
  const [row] = await app.db.select().from(payTokens).where(eq(payTokens.tokenHash, hashProviderToken(answer.token)));
  return { booking, totals, answer, allowedOrigin: row!.allowedOrigin };
}

async function refusedAs(app: FastifyInstance, visit: Visit) {
  const { booking, totals } = await bookSicily(app);
  const before = (await app.db.select().from(payTokens)).length;
  const response = await requestToken(app, booking, totals.deposit, visit);
  // Nothing was opened at the provider: no form exists that is bound to another origin.
  expect((await app.db.select().from(payTokens)).length).toBe(before);
  return response;
}

const docsServer = async (app: FastifyInstance, visit: Visit) => {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json', headers: visit.host ? { host: visit.host, ...visit.headers } : visit.headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { servers: { url: string }[] }).servers;
};

const mailOf = async (app: FastifyInstance, bookingId: number) => JSON.stringify(await app.db.select().from(outboxMessages).where(eq(outboxMessages.bookingId, bookingId)));

describe('with no PUBLIC_URL the site follows the request', () => {
  const clock = testClock();
  const server = build({ clock, env: { HOLD_SWEEP_INTERVAL_MS: '0', TEST_FAULTS: 'true' } });
  beforeAll(async () => plentyOfSingleRooms(server.app));

  it('binds the card form to the origin the visitor opened the site at, and serves the provider there', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '192.168.1.20:8080', 'tours.local', '[::1]:3000']) {
      const origin = `http://${host}`;
      const { answer, allowedOrigin } = await openAs(server.app, { host, headers: { origin } });
      expect(allowedOrigin).toBe(origin);
      expect(answer).toMatchObject({ script_url: `${origin}/pay/sdk.js`, origin });
    }
  });

  it('gives the frame a CSP that lets that page frame it and shows the logo from it', async () => {
    const origin = 'http://127.0.0.1:3000';
    const { answer } = await openAs(server.app, { host: '127.0.0.1:3000' });
    const frame = await server.app.inject({ method: 'GET', url: `/pay/frame?token=${encodeURIComponent(answer.token)}`, headers: { host: '127.0.0.1:3000' } });
    expect(frame.statusCode).toBe(200);
    const csp = frame.headers['content-security-policy'] as string;
    expect(csp).toContain(`frame-ancestors ${origin}`);
    expect(csp).toMatch(new RegExp(`img-src 'self' data: ${origin.replace(/\./g, '\\.')}(;|$)`));
    expect(frame.body).toContain(`<img class="pay__logo" src="${origin}/logo.svg" alt="">`);
    expect(frame.body).toContain(`"allowedOrigin":"${origin}"`);
  });

  it('ignores forwarded headers from a peer that is not a trusted proxy', async () => {
    const { allowedOrigin } = await openAs(server.app, {
      host: 'app.internal:3000',
      headers: { 'x-forwarded-host': 'tours.example', 'x-forwarded-proto': 'https' },
    });
    expect(allowedOrigin).toBe('http://app.internal:3000');
  });

  it('refuses a page whose own origin is not the one the request names, saying what to fix', async () => {
    const response = await refusedAs(server.app, { host: 'app.internal:3000', headers: { origin: 'https://tours.example' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'The card form cannot be shown on https://tours.example: this request reached the site as http://app.internal:3000. Please open the site at http://app.internal:3000 and try again.',
    });
  });

  it('answers 400 for a Host that names no address', async () => {
    for (const host of ['evil.example/path', 'user@evil.example', 'a b']) {
      const response = await refusedAs(server.app, { host });
      expect(response.statusCode, host).toBe(400);
      expect(response.json().error.fields).toHaveProperty('host');
    }
  });

  it('names the requested origin as the OpenAPI server', async () => {
    expect(await docsServer(server.app, { host: '127.0.0.1:3000' })).toEqual([{ url: 'http://127.0.0.1:3000' }]);
    expect(await docsServer(server.app, { host: 'localhost:3000' })).toEqual([{ url: 'http://localhost:3000' }]);
  });

  it('links the confirmation e-mail to the origin the visitor paid from, whoever settles the payment', async () => {
    // The visitor's own confirm call, at 127.0.0.1.
    const paid = await openAs(server.app, { host: '127.0.0.1:3000' });
    const confirmed = await server.app.inject({
      method: 'POST',
      url: '/api/bookings/confirm',
      headers: { ...paid.booking.headers, host: '127.0.0.1:3000' },
      payload: { payment_id: await payToken(server.app, paid.answer.token), currency: 'GBP' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await mailOf(server.app, paid.booking.id)).toContain('http://127.0.0.1:3000/account');

    // The tab was closed after paying at a LAN address: the provider's notification settles it, with no visitor request.
    const closed = await openAs(server.app, { host: '192.168.1.20:3000' });
    await payToken(server.app, closed.answer.token);
    expect((await server.app.payProviderNotifications.deliverDue()).delivered).toBeGreaterThan(0);
    const mail = await mailOf(server.app, closed.booking.id);
    expect(mail).toContain('http://192.168.1.20:3000/account');
    expect(mail).not.toContain('localhost');

    // The confirm call recorded the payment but could not apply it (a database that kept failing): reconciliation applies it later.
    const stalled = await openAs(server.app, { host: '192.168.1.30:3000' });
    server.app.faultSwitch.arm(stalled.booking.id, 'settle-transient', 4);
    const pending = await server.app.inject({
      method: 'POST',
      url: '/api/bookings/confirm',
      headers: { ...stalled.booking.headers, host: 'localhost:3000' },
      payload: { payment_id: await payToken(server.app, stalled.answer.token), currency: 'GBP' },
    });
    expect(pending.statusCode, pending.body).toBe(503);
    clock.advance(10);
    // Earlier payments of this file that no one confirmed are applied in the same run.
    expect((await reconcilePayments(server.app)).paymentsApplied).toBeGreaterThanOrEqual(1);
    const reconciled = await mailOf(server.app, stalled.booking.id);
    expect(reconciled).toContain('http://192.168.1.30:3000/account');
    expect(reconciled).not.toContain('localhost');
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', TRUST_PROXY: '10.0.0.0/8' } });
  beforeAll(async () => plentyOfSingleRooms(server.app));
  const forwarded = { 'x-forwarded-host': 'tours.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' };

  it('reads the origin from X-Forwarded-Host and -Proto sent by the proxy', async () => {
    const { answer, allowedOrigin } = await openAs(server.app, { host: 'app.internal:3000', remoteAddress: '10.1.2.3', headers: forwarded });
    expect(allowedOrigin).toBe('https://tours.example');
    expect(answer).toMatchObject({ script_url: 'https://tours.example/pay/sdk.js', origin: 'https://tours.example' });
  });

  it('takes the nearest proxy’s entry when the headers were appended to', async () => {
    const { allowedOrigin } = await openAs(server.app, {
      host: 'app.internal:3000',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-host': 'forged.example, tours.example:8443', 'x-forwarded-proto': 'http, https' },
    });
    expect(allowedOrigin).toBe('https://tours.example:8443');
  });

  it('ignores the same headers from a peer outside the trusted range', async () => {
    const { allowedOrigin } = await openAs(server.app, { host: 'app.internal:3000', remoteAddress: '203.0.113.9', headers: forwarded });
    expect(allowedOrigin).toBe('http://app.internal:3000');
  });
});

describe('with PUBLIC_URL and ALLOWED_ORIGINS the site is served at those origins only', () => {
  const server = build({
    env: {
      HOLD_SWEEP_INTERVAL_MS: '0',
      PUBLIC_URL: 'https://tours.example',
      ALLOWED_ORIGINS: 'https://www.tours.example, https://tours.example:8443',
      TRUST_PROXY: 'loopback',
    },
  });
  beforeAll(async () => plentyOfSingleRooms(server.app));
  const via = (host: string, proto = 'https'): Visit => ({ host: 'app.internal:3000', headers: { 'x-forwarded-host': host, 'x-forwarded-proto': proto } });

  it('binds the form to whichever listed origin the visitor used', async () => {
    expect((await openAs(server.app, via('tours.example'))).allowedOrigin).toBe('https://tours.example');
    expect((await openAs(server.app, via('www.tours.example'))).allowedOrigin).toBe('https://www.tours.example');
    expect((await openAs(server.app, via('tours.example:8443'))).allowedOrigin).toBe('https://tours.example:8443');
  });

  it('refuses an unlisted origin with a 403 that names the site’s address, and opens nothing', async () => {
    for (const visit of [via('evil.example'), via('tours.example', 'http'), { host: '127.0.0.1:3000', remoteAddress: '203.0.113.9' }]) {
      const response = await refusedAs(server.app, visit);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toMatch(/^This site is not served at http(s)?:\/\/[^ ]+\. Please open it at https:\/\/tours\.example and try again\.$/);
    }
  });

  it('names the listed origin as the OpenAPI server, and PUBLIC_URL for any other', async () => {
    expect(await docsServer(server.app, via('www.tours.example'))).toEqual([{ url: 'https://www.tours.example' }]);
    expect(await docsServer(server.app, via('evil.example'))).toEqual([{ url: 'https://tours.example' }]);
  });

  it('links the confirmation e-mail to PUBLIC_URL, whatever address the visitor paid from', async () => {
    const paid = await openAs(server.app, via('www.tours.example'));
    const confirmed = await server.app.inject({
      method: 'POST',
      url: '/api/bookings/confirm',
      headers: { ...paid.booking.headers, host: 'app.internal:3000', 'x-forwarded-host': 'www.tours.example', 'x-forwarded-proto': 'https' },
      payload: { payment_id: await payToken(server.app, paid.answer.token), currency: 'GBP' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const mail = await mailOf(server.app, paid.booking.id);
    expect(mail).toContain('https://tours.example/account');
    expect(mail).not.toContain('www.tours.example');
  });
});

describe('the origin settings', () => {
  it('list PUBLIC_URL’s origin first, then ALLOWED_ORIGINS, each once', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://tours.example/', ALLOWED_ORIGINS: 'https://WWW.tours.example/ https://tours.example,http://10.0.0.5:3000' });
    expect(config.publicUrl).toBe('https://tours.example');
    expect(config.allowedOrigins).toEqual(['https://tours.example', 'https://www.tours.example', 'http://10.0.0.5:3000']);
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://tours.example' })).toMatchObject({ publicUrl: undefined, allowedOrigins: ['https://tours.example'] });
    expect(loadConfig({}).allowedOrigins).toEqual([]);
  });

  it('refuse anything but an origin, naming it', () => {
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://tours.example/shop' })).toThrow(/ALLOWED_ORIGINS: 'https:\/\/tours\.example\/shop' is not an origin/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'tours.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'ftp://tours.example' })).toThrow(ConfigError);
  });
});
