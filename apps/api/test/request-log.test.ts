import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { defaultLogFormat, loadConfig } from '../src/config/index.ts';
import { build } from './helper.ts';

/**
 * Each request is logged once, when it completes, as one JSON line with what
 * an operator needs (method, redacted URL, status, time, request id); pretty
 * lines only for a person at a development terminal.
 */

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };

interface Entry {
  reqId?: string;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

describe('the request log', () => {
  const server = build({ logStream, env: { LOG_LEVEL: 'info' } });

  const linesOf = (requestId: string) =>
    lines.map((line) => JSON.parse(line) as Entry).filter((entry) => entry.reqId === requestId);

  it('writes one line per request, at completion, with method, URL, status, time and request id', async () => {
    lines.length = 0;
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const requestId = response.headers['x-request-id'] as string;
    const entries = linesOf(requestId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } });
    expect(typeof entries[0]!.responseTime).toBe('number');
  });

  it('logs a read answered by the read cache once, with no warning that it was answered twice', async () => {
    for (const url of ['/api/tours?currency=GBP', '/api/tours/MHW-VIE']) {
      lines.length = 0;
      const [first, again] = await Promise.all([server.app.inject({ method: 'GET', url }), server.app.inject({ method: 'GET', url })]);
      for (const response of [first!, again!]) {
        expect(response.statusCode, url).toBe(200);
        expect(linesOf(response.headers['x-request-id'] as string), url).toEqual([expect.objectContaining({ msg: 'request completed' })]);
      }
      expect(lines.join(''), url).not.toContain('FST_ERR_REP_ALREADY_SENT');
    }
  });

  it('logs errors and unknown paths once too, with their status', async () => {
    lines.length = 0;
    const missing = await server.app.inject({ method: 'GET', url: '/api/tours/NOPE-XX' });
    expect(missing.statusCode).toBe(404);
    const entries = linesOf(missing.headers['x-request-id'] as string).filter((entry) => entry.msg === 'request completed');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.res?.statusCode).toBe(404);
  });

  it('redacts credentials in the URL it logs', async () => {
    lines.length = 0;
    const response = await server.app.inject({ method: 'GET', url: '/api/documents/download/1?token=very-secret-link-token' });
    const [entry] = linesOf(response.headers['x-request-id'] as string);
    expect(entry?.req?.url).toBe('/api/documents/download/1?token=[Redacted]');
    expect(lines.join('')).not.toContain('very-secret-link-token');
  });
});

describe('the log format', () => {
  it('is pretty only in development on a terminal, JSON in a pipe, a file or production', () => {
    expect(defaultLogFormat('development', true)).toBe('pretty');
    expect(defaultLogFormat('development', false)).toBe('json');
    expect(defaultLogFormat('production', true)).toBe('json');
    expect(defaultLogFormat('test', true)).toBe('json');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
  });

  it('writes JSON without a worker thread, and pretty lines through one only when asked', () => {
    expect(loggerOptions(loadConfig({}, false))).not.toHaveProperty('transport');
    expect(loggerOptions(loadConfig({}, true))).toHaveProperty('transport.target', 'pino-pretty');
  });

  it('keeps hot reads a second outside tests, and off under NODE_ENV=test unless asked', () => {
    expect(loadConfig({}, false).readCacheTtlMs).toBe(1000);
    expect(loadConfig({ NODE_ENV: 'test' }, false).readCacheTtlMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', READ_CACHE_TTL_MS: '250' }, false).readCacheTtlMs).toBe(250);
  });
});
