import { describe, expect, it, vi } from 'vitest';
import { createHttpGeolocation } from '../src/adapters/geolocation/http.ts';
import { GeolocationUnavailableError } from '../src/adapters/geolocation/port.ts';
import { countryForIp } from '../src/adapters/geolocation/sandbox.ts';
import { build } from './helper.ts';

const TOKEN = 'test-geolocation-token';

describe('GET /api/sandbox/geolocation', () => {
  const server = build({ env: { GEOLOCATION_TOKEN: TOKEN } });
  const locate = (query: string, remoteAddress?: string) =>
    server.app.inject({ method: 'GET', url: `/api/sandbox/geolocation?${query}`, ...(remoteAddress ? { remoteAddress } : {}) });

  it('places a loopback caller in GB', async () => {
    const response = await locate(`token=${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ip: '127.0.0.1', country: 'GB' });
  });

  it.each([
    ['198.51.100.23', 'US'],
    ['203.0.113.5', 'AU'],
    ['192.0.2.77', 'NZ'],
    ['8.8.8.8', null],
  ])('answers %s with %s when the ip is overridden', async (ip, country) => {
    const response = await locate(`token=${TOKEN}&ip=${ip}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ip, country });
  });

  it('reads the address of the connecting client', async () => {
    const response = await locate(`token=${TOKEN}`, '203.0.113.40');
    expect(response.json()).toEqual({ ip: '203.0.113.40', country: 'AU' });
  });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const query of ['', 'token=wrong', 'ip=198.51.100.1']) {
      const response = await locate(query);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 400 for an override that is not an IP address', async () => {
    const response = await locate(`token=${TOKEN}&ip=not-an-ip`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ ip: 'Use an IPv4 or IPv6 address' });
  });
});

describe('sandbox geolocation', () => {
  it('knows IPv4 clients on dual-stack sockets and private networks', () => {
    expect(countryForIp('::ffff:198.51.100.9')).toBe('US');
    expect(countryForIp('::1')).toBe('GB');
    expect(countryForIp('192.168.1.20')).toBe('GB');
    expect(countryForIp('2001:db8::1')).toBeNull();
  });
});

describe('http geolocation adapter', () => {
  const options = { url: 'https://geo.example/{ip}/json', token: 'secret', timeoutMs: 1000 };

  it('calls the service with the address and token and reads the country', async () => {
    const fetch = vi.fn(async () => Response.json({ ip: '203.0.113.5', country: 'au' }));
    const adapter = createHttpGeolocation({ ...options, fetch });
    await expect(adapter.locate('203.0.113.5')).resolves.toEqual({ ip: '203.0.113.5', country: 'AU' });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('https://geo.example/203.0.113.5/json?token=secret');
  });

  it('reads country_code from services that name it so', async () => {
    const adapter = createHttpGeolocation({ ...options, fetch: async () => Response.json({ country_code: 'NZ' }) });
    await expect(adapter.locate('192.0.2.1')).resolves.toEqual({ ip: '192.0.2.1', country: 'NZ' });
  });

  it('reports a failing service as unavailable', async () => {
    const failing = createHttpGeolocation({ ...options, fetch: async () => new Response('nope', { status: 500 }) });
    await expect(failing.locate('192.0.2.1')).rejects.toBeInstanceOf(GeolocationUnavailableError);
    const unreachable = createHttpGeolocation({
      ...options,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(unreachable.locate('192.0.2.1')).rejects.toBeInstanceOf(GeolocationUnavailableError);
  });
});

describe('GET /api/sandbox/geolocation with a failing provider', () => {
  const server = build({
    env: { GEOLOCATION_TOKEN: TOKEN },
    adapters: {
      geolocation: {
        locate: async () => {
          throw new GeolocationUnavailableError('IP geolocation answered 500');
        },
      },
    },
  });

  it('answers 502 SERVICE_FAILURE', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api/sandbox/geolocation?token=${TOKEN}` });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('SERVICE_FAILURE');
  });
});
