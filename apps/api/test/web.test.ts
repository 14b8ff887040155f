import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';

const dist = mkdtempSync(join(tmpdir(), 'tours-web-dist-'));
const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/index-B3xk9_Qa.js"></script></body></html>';
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'assets', 'index-B3xk9_Qa.js'), 'console.log("app")');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the SPA served from WEB_DIST', () => {
  const server = build({ env: { WEB_DIST: dist } });
  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => server.app.inject({ method, url });

  it('serves index.html at / without long caching', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const url of ['/some/route', '/book?tour=MHW-VIE&departure=2030-01-01', '/account/booking/100001?tab=2']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/some/route', 'HEAD')).statusCode).toBe(200);
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await get('/assets/index-B3xk9_Qa.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers missing files, unknown API paths and other methods with a JSON 404', async () => {
    for (const [url, method] of [
      ['/assets/missing-12345678.js', 'GET'],
      ['/api/nope', 'GET'],
      ['/api', 'GET'],
      ['/some/route', 'POST'],
    ] as const) {
      const response = await get(url, method);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
  });

  it('still serves the API', async () => {
    expect((await get('/api/health')).statusCode).toBe(200);
  });
});

describe('without a built SPA', () => {
  const server = build({ env: { WEB_DIST: join(dist, 'not-built') } });

  it('explains how to build it and keeps the API running', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/book' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('The web app has not been built');
    expect(page.body).toContain('npm run build -w @tours/web');
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
