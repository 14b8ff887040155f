import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from './helper.ts';

/**
 * The built SPA's precompressed files (apps/web/build-tools/precompress.ts
 * writes main.js.br and main.js.gz beside main.js) as the server sends them:
 * brotli or gzip by Accept-Encoding, the original to anyone else, always
 * with the original's Content-Type, Vary: Accept-Encoding, and the same
 * caching as the original (a year for hashed assets, revalidation for
 * index.html, also when it answers a client-side route).
 */

const dist = mkdtempSync(join(tmpdir(), 'tours-web-compressed-'));
const SCRIPT = `/assets/index-B3xk9_Qa.js`;
const STYLE = `/assets/index-C4k2Lm9x.css`;
const INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tours</title><link rel="stylesheet" href="${STYLE}"></head><body><div id="root"></div><script type="module" src="${SCRIPT}"></script>${'<!-- padding -->'.repeat(80)}</body></html>`;
const JS = `export const tours = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ code: `T-${i}`, name: `Tour number ${i}` })))};\n`;
const CSS = `${Array.from({ length: 100 }, (_, i) => `.c${i}{color:#1f3a5f;margin:${i}px}`).join('\n')}\n`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

function writeWithCopies(path: string, content: string) {
  writeFileSync(join(dist, path), content);
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(content));
  writeFileSync(join(dist, `${path}.gz`), gzipSync(content));
}
mkdirSync(join(dist, 'assets'));
writeWithCopies('index.html', INDEX);
writeWithCopies(SCRIPT.slice(1), JS);
writeWithCopies(STYLE.slice(1), CSS);
// Too small to be worth copies, as the build leaves it.
writeFileSync(join(dist, 'favicon.svg'), ICON);
writeFileSync(join(dist, 'assets', 'photo-D5e6F7g8.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('precompressed assets', () => {
  const server = build({ env: { WEB_DIST: dist } });
  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    server.app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends brotli, then gzip, then the original, by what the browser accepts', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const response = await get(SCRIPT, accept);
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(response.headers['content-type'], accept).toBe('application/javascript; charset=utf-8');
      expect(response.headers.vary, accept).toBe('Accept-Encoding');
      expect(response.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers['content-length']), accept).toBe(response.rawPayload.length);
      expect(decode(expected, response.rawPayload), accept).toBe(JS);
    }
    const [br, gzip, identity] = await Promise.all([get(SCRIPT, 'br'), get(SCRIPT, 'gzip'), get(SCRIPT)]);
    expect(br.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
    expect(gzip.rawPayload.length).toBeLessThan(identity.rawPayload.length / 3);
  });

  it('gives stylesheets their own type and the same treatment', async () => {
    const response = await get(STYLE, 'br, gzip');
    expect(response.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': 'text/css; charset=utf-8', vary: 'Accept-Encoding' });
    expect(decode('br', response.rawPayload)).toBe(CSS);
  });

  it('sends index.html compressed and never cached without revalidation, at / and for client-side routes', async () => {
    for (const url of ['/', '/index.html', '/book?tour=MHW-VIE', '/account/booking/100001']) {
      for (const [accept, expected] of [['br, gzip', 'br'], ['gzip', 'gzip'], [undefined, undefined]] as const) {
        const response = await get(url, accept);
        expect(response.statusCode, `${url} ${accept}`).toBe(200);
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(response.headers['content-type'], `${url} ${accept}`).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control'], `${url} ${accept}`).toBe('no-cache');
        expect(response.headers.vary, `${url} ${accept}`).toBe('Accept-Encoding');
        expect(decode(expected, response.rawPayload), `${url} ${accept}`).toBe(INDEX);
      }
    }
    const head = await get('/book', 'br', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('sends files without copies as they are', async () => {
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers.vary).toBe('Accept-Encoding');
    expect(icon.body).toBe(ICON);
    const photo = await get('/assets/photo-D5e6F7g8.png', 'br, gzip');
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.headers['content-type']).toBe('image/png');
    // Never compressed, so one answer suits every browser.
    expect(photo.headers.vary).toBeUndefined();
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leaves a missing asset a 404, whatever the encoding', async () => {
    const response = await get('/assets/missing-12345678.js', 'br, gzip');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });
});
