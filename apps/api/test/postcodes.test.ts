import { addressLabel, parseLookedUpAddress } from '@tours/domain';
import { describe, expect, it, vi } from 'vitest';
import { createHttpPostcodes } from '../src/adapters/postcodes/http.ts';
import { PostcodeLookupUnavailableError, type PostcodePort } from '../src/adapters/postcodes/port.ts';
import { SANDBOX_ADDRESSES } from '../src/adapters/postcodes/sandbox.ts';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import { build } from './helper.ts';

describe('GET /api/addresses/:postcode (sandbox)', () => {
  const server = build();
  const lookup = (postcode: string) => server.app.inject({ method: 'GET', url: `/api/addresses/${encodeURIComponent(postcode)}` });

  it('answers the addresses of a known postcode in the getAddress format, however the postcode is typed', async () => {
    for (const typed of ['SW1A 2AA', 'sw1a2aa', ' Sw1a  2aA ']) {
      const response = await lookup(typed);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.postcode).toBe('SW1A 2AA');
      expect(data.addresses.length).toBeGreaterThanOrEqual(2);
      expect(data.addresses[0]).toBe('10 Downing Street, , , , , London, Greater London');
    }
    const city = await lookup('EC1A 1BB');
    expect(city.json().data.addresses.length).toBeGreaterThanOrEqual(1);
  });

  it('gives every sandbox address the seven comma-separated parts the booking flow reads', () => {
    for (const [postcode, addresses] of Object.entries(SANDBOX_ADDRESSES)) {
      for (const address of addresses) {
        expect(address.split(',')).toHaveLength(7);
        const parsed = parseLookedUpAddress(address, postcode);
        expect(parsed.line_1).not.toBe('');
        expect(parsed.city).not.toBe('');
        expect(parsed.state).not.toBe('');
        expect(parsed.country).toBe('GBR');
      }
    }
    expect(addressLabel('Flat 1, 10 Long Lane, , , , London, Greater London')).toBe('Flat 1, 10 Long Lane, London, Greater London');
  });

  it('answers an empty list for a valid postcode it does not know', async () => {
    const response = await lookup('N1 9GU');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { postcode: 'N1 9GU', addresses: [] } });
  });

  it('answers 400 for something that is not a UK postcode', async () => {
    for (const typed of ['12345', 'SW1A', 'hello world', 'SW1A 2AAA']) {
      const response = await lookup(typed);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { postcode: expect.any(String) } });
    }
    const blank = await lookup('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ postcode: 'Field required' });
  });
});

describe('GET /api/addresses/:postcode with a failing service', () => {
  const failing: PostcodePort = {
    lookup: async () => {
      throw new PostcodeLookupUnavailableError('Postcode lookup answered 500');
    },
  };
  const server = build({ adapters: { postcodes: failing } });

  it('answers 502 SERVICE_FAILURE, not an empty list', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/addresses/SW1A%202AA' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('SERVICE_FAILURE');
  });
});

describe('http postcode adapter', () => {
  const options = { url: 'https://api.getaddress.example/find/{postcode}', apiKey: 'key-123', timeoutMs: 1000 };

  it('asks the service with the postcode and key and passes its addresses on', async () => {
    const addresses = ['10 Downing Street, , , , , London, Greater London'];
    const fetch = vi.fn(async () => Response.json({ latitude: 51.5, longitude: -0.12, addresses }));
    const adapter = createHttpPostcodes({ ...options, fetch });
    await expect(adapter.lookup('SW1A 2AA')).resolves.toEqual(addresses);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('https://api.getaddress.example/find/SW1A2AA?api-key=key-123');
  });

  it('reads 404 as no addresses and other failures as the service being unavailable', async () => {
    await expect(createHttpPostcodes({ ...options, fetch: async () => new Response('', { status: 404 }) }).lookup('N1 9GU')).resolves.toEqual([]);
    for (const fetch of [
      async () => new Response('', { status: 401 }),
      async () => Response.json({ unexpected: true }),
      async () => {
        throw new TypeError('fetch failed');
      },
    ]) {
      await expect(createHttpPostcodes({ ...options, fetch }).lookup('N1 9GU')).rejects.toBeInstanceOf(PostcodeLookupUnavailableError);
    }
  });

  it('is chosen by configuration, which needs the URL and key', () => {
    expect(loadConfig({}).postcodes).toEqual({ provider: 'sandbox', url: undefined, apiKey: undefined, timeoutMs: 3000 });
    expect(() => loadConfig({ POSTCODE_PROVIDER: 'http' })).toThrow(ConfigError);
    expect(() => loadConfig({ POSTCODE_PROVIDER: 'http' })).toThrow(/POSTCODE_URL[\s\S]*POSTCODE_API_KEY/);
    const config = loadConfig({ POSTCODE_PROVIDER: 'http', POSTCODE_URL: options.url, POSTCODE_API_KEY: 'k' });
    expect(config.postcodes).toMatchObject({ provider: 'http', url: options.url, apiKey: 'k' });
  });
});
