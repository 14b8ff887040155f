import { dataEnvelope, defineEndpoint } from '@tours/domain/contracts/common';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mockFetch } from '../test/fetch-mock.ts';
import { callApi, retryAfterOf } from './api-client.ts';
import { ApiRequestError } from './api-error.ts';

const limited = defineEndpoint({ method: 'POST', path: '/limited', body: z.object({}), response: dataEnvelope(z.object({})), auth: 'none', summary: 'test' });

describe('Retry-After of a refused call', () => {
  it('reads seconds or an HTTP date, and nothing else', () => {
    expect(retryAfterOf('120')).toBe(120);
    expect(retryAfterOf(' 0 ')).toBe(0);
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    expect(retryAfterOf(inTwoMinutes)).toBeGreaterThanOrEqual(119);
    expect(retryAfterOf(inTwoMinutes)).toBeLessThanOrEqual(120);
    expect(retryAfterOf(new Date(Date.now() - 60_000).toUTCString())).toBe(0);
    expect(retryAfterOf(null)).toBeNull();
    expect(retryAfterOf('')).toBeNull();
    expect(retryAfterOf('soon')).toBeNull();
    expect(retryAfterOf('-5')).toBeNull();
  });

  it('carries it on the error of a 429, with or without an error envelope', async () => {
    mockFetch(() => new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Slow down' } }), { status: 429, headers: { 'Retry-After': '30' } }));
    const enveloped = await callApi(limited, { body: {}, onError: 'silent' }).catch((error: unknown) => error);
    expect(enveloped).toBeInstanceOf(ApiRequestError);
    expect(enveloped).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 30 });

    mockFetch(() => new Response('Too Many Requests', { status: 429, headers: { 'Retry-After': '7' } }));
    await expect(callApi(limited, { body: {}, onError: 'silent' })).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 7 });

    mockFetch(() => new Response('Nope', { status: 500 }));
    await expect(callApi(limited, { body: {}, onError: 'silent' })).rejects.toMatchObject({ retryAfterSeconds: null });
  });
});
