import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app.ts';
import { NOTIFICATION_BODY_LIMIT_BYTES } from '../src/modules/confirmation/notification-routes.ts';
import { bookingBody } from './booking-fixtures.ts';
import { build } from './helper.ts';
import { SICILY } from './payment-fixtures.ts';
import { AUTH } from './payment-provider-fixtures.ts';

/**
 * How much a client may send: request bodies up to BODY_LIMIT_BYTES (a
 * payment notification up to a tighter limit), answered 413 with the error
 * envelope above it, before the body is read when Content-Length says so;
 * request lines and headers up to Node's 16 KiB (431 above it). The largest
 * legitimate bodies are measured here, so the limit is known to fit them.
 */

/** Three bytes in UTF-8, one character to the length rules: the most bytes a legitimate character costs. */
const WIDE = '€';
const text = (length: number) => WIDE.repeat(length);
/** As people write them, separators and all (up to 40 characters before they are removed). */
const phone = '+44 (0) 7700 - 900 - 123 - 456 - 78';

/** A participant with every field at its longest (the lengths of packages/domain participant-form.ts and validation.ts). */
const longestParticipant = (n: number) => ({
  title: 'Mrs',
  given_name: text(50),
  family_name: text(50),
  telephone_home: phone,
  telephone_mobile: phone,
  date_of_birth: '1950-01-01',
  // RFC 5321's longest deliverable address: 64 characters before the '@', 254 in all (email-address.ts).
  email: `${'x'.repeat(63)}${n}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.com`,
  do_not_email: false,
  do_not_mail: false,
  special_requests: text(1000),
  address: { line_1: text(100), line_2: text(100), line_3: text(100), city: text(60), state: text(60), postal_code: text(16), country: 'GBR' },
});

const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body));

/**
 * One request written on a raw socket, as any client could: the answer's
 * status is read from whatever the server sends before it closes, even when
 * it answers (and hangs up) before the body has been written.
 */
function rawRequest(port: number, options: { path?: string; headers?: Record<string, string>; method?: string; body?: Buffer[] }) {
  return new Promise<{ status: number; text: string }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    const headers: Record<string, string> = { host: 'localhost', connection: 'close', ...options.headers };
    const head = `${options.method ?? 'GET'} ${options.path ?? '/api/health'} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`;
    socket.write(head);
    for (const chunk of options.body ?? []) {
      if (socket.destroyed) break;
      socket.write(headers['transfer-encoding'] === 'chunked' ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk);
    }
    if (headers['transfer-encoding'] === 'chunked' && !socket.destroyed) socket.write('0\r\n\r\n');
  });
}

describe('request size limits', () => {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0' } });
  const app = () => server.app;

  it('takes the largest legitimate bookings, far below the limit', async () => {
    const body = await bookingBody(app(), { ...SICILY, passengers: [longestParticipant(1), longestParticipant(2)] });
    body.source.subsource_description = text(100);
    const size = bytes(body);
    const created = await app().inject({ method: 'POST', url: '/api/bookings', payload: body });
    expect(created.statusCode, created.body).toBe(201);
    // The figure in docs/reliability.md: about 12 KB, under a fifth of the limit.
    console.info(`largest booking body: ${size} bytes; limit ${BODY_LIMIT_BYTES}`);
    expect(size).toBeLessThan(BODY_LIMIT_BYTES / 4);

    // The account's largest one-section updates: joining text, insurance, an alternate address.
    const updates = [
      { joining_information: { joining_text: text(2000) } },
      { insurance: { company_name: text(100), company_number: text(30), policy_number: text(50), description: text(500), start_date: '2026-01-01', expiry_date: '2030-01-01', next_of_kin: text(100), next_of_kin_relationship: text(50), emergency_number: phone } },
    ];
    for (const update of updates) expect(bytes(update)).toBeLessThan(BODY_LIMIT_BYTES / 4);
  });

  it('refuses a larger body with 413 and the error envelope, whatever the call', async () => {
    const oversized = JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT_BYTES) });
    for (const url of ['/api/bookings', '/api/bookings/promotion', '/api/bookings/agents/verify', '/pay/api/tokens']) {
      // The provider's server API checks its key first; with the key, the body's size decides.
      const headers = { 'content-type': 'application/json', ...(url.startsWith('/pay') ? AUTH : {}) };
      const response = await app().inject({ method: 'POST', url, payload: oversized, headers });
      expect(response.statusCode, url).toBe(413);
      expect(response.json(), url).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large: this call takes at most 64 KB.' } });
      expect(response.headers['x-request-id']).toBeTruthy();
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    // Just under the limit is read (and refused for what it says, not for its size).
    const under = JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT_BYTES - 100) });
    expect((await app().inject({ method: 'POST', url: '/api/bookings', payload: under, headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
  });

  it('holds payment notifications, read whole before their signature is checked, to a tighter limit', async () => {
    const payload = JSON.stringify({ padding: 'x'.repeat(NOTIFICATION_BODY_LIMIT_BYTES) });
    const response = await app().inject({ method: 'POST', url: '/api/payments/notifications', payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large: this call takes at most 16 KB.' });
    // A notification-sized body reaches the signature check.
    const small = await app().inject({ method: 'POST', url: '/api/payments/notifications', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(small.statusCode).toBe(401);
  });

  it('refuses an oversized body from its Content-Length or as it streams in, huge headers with 431, and keeps serving', async () => {
    // Closed with the app after the file's tests.
    await app().listen({ port: 0, host: '127.0.0.1' });
    {
      const { port } = app().server.address() as AddressInfo;
      const chunk = Buffer.alloc(16 * 1024, 'x');

      // Content-Length says too much: refused before the body is read.
      const declared = await rawRequest(port, {
        method: 'POST',
        path: '/api/bookings',
        headers: { 'content-type': 'application/json', 'content-length': String(BODY_LIMIT_BYTES * 4) },
        body: [Buffer.alloc(BODY_LIMIT_BYTES * 4, ' ')],
      });
      expect(declared.status, declared.text).toBe(413);
      expect(declared.text).toContain('"code":"PAYLOAD_TOO_LARGE"');

      // Chunked, with no length: counted as it arrives.
      const streamed = await rawRequest(port, {
        method: 'POST',
        path: '/api/bookings',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        body: Array.from({ length: 8 }, () => chunk),
      });
      expect(streamed.status, streamed.text).toBe(413);

      // Headers and the request line over Node's 16 KiB: 431 from the HTTP parser, before any route.
      expect((await rawRequest(port, { headers: { 'x-padding': 'y'.repeat(20 * 1024) } })).status).toBe(431);
      expect((await rawRequest(port, { path: `/api/tours?q=${'z'.repeat(20 * 1024)}` })).status).toBe(431);

      // The server is still there.
      const healthy = await rawRequest(port, {});
      expect(healthy.status).toBe(200);
    }
  });
});
