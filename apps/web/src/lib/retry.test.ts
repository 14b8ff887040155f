import { describe, expect, it } from 'vitest';
import { ApiRequestError, CLIENT_ERROR_CODES } from './api-error.ts';
import { isTransientFailure, pause, retryDelay } from './retry.ts';

const failure = (status: number, code = 'SERVICE_FAILURE') => new ApiRequestError({ status, code, message: 'x' });

describe('asking again', () => {
  it('backs off 1 s, 2 s, 4 s, 8 s, then every 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
  });

  it.each([
    [failure(0, CLIENT_ERROR_CODES.network), true],
    [failure(502), true],
    [failure(503), true],
    [failure(504), true],
    [failure(500, 'INTERNAL'), true],
    [failure(408), true],
    [failure(429), true],
    [failure(0, CLIENT_ERROR_CODES.invalidRequest), false],
    [failure(400, 'VALIDATION_FAILED'), false],
    [failure(401, 'UNAUTHORIZED'), false],
    [failure(404, 'NOT_FOUND'), false],
    [new TypeError('not an API failure'), false],
  ])('%o is transient: %s', (error, transient) => {
    expect(isTransientFailure(error)).toBe(transient);
  });

  it('a pause ends early when its signal aborts', async () => {
    const controller = new AbortController();
    const waited = pause(60_000, controller.signal);
    controller.abort();
    await expect(waited).resolves.toBeUndefined();
    await expect(pause(60_000, controller.signal)).resolves.toBeUndefined();
  });
});
