import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { directiveOf } from '../src/lib/content-security-policy.ts';
import { build } from './helper.ts';

const dist = mkdtempSync(join(tmpdir(), 'tours-console-dist-'));
const SITE = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-B3xk9_Qa.js"></script></body></html>';
const CONSOLE = '<!doctype html><html><head><meta name="robots" content="noindex, nofollow"></head><body><div id="root"></div><script type="module" src="/admin/assets/index-C0ns0le1.js"></script></body></html>';
mkdirSync(join(dist, 'assets'));
mkdirSync(join(dist, 'admin', 'assets'), { recursive: true });
writeFileSync(join(dist, 'index.html'), SITE);
writeFileSync(join(dist, 'assets', 'index-B3xk9_Qa.js'), 'console.log("site")');
writeFileSync(join(dist, 'admin', 'index.html'), CONSOLE);
writeFileSync(join(dist, 'admin', 'assets', 'index-C0ns0le1.js'), 'console.log("console")');
writeFileSync(join(dist, 'admin', 'assets', 'index-C0ns0le1.js.br'), 'brotli bytes');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** Issue 26: the staff console is served at /admin from WEB_DIST/admin, with its own CSP, noindex and no-store. */
describe('the staff console served at /admin', () => {
  const server = build({ env: { WEB_DIST: dist, IDENTITY_PROVIDER: 'oidc', OIDC_ISSUER: 'https://login.operator.example/realms/staff' } });
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => server.app.inject({ method, url, headers });

  it('answers /admin and every page under it with the console, never the site, and no-store', async () => {
    for (const url of ['/admin', '/admin/', '/admin/sign-in', '/admin/staff/12', '/admin/signed-in?code=abc&state=xyz']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(CONSOLE);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    expect((await get('/admin/staff', {}, 'HEAD')).statusCode).toBe(200);
  });

  it("gives the console its own strict policy: the identity provider only, no card provider, no frames, framed by nobody", async () => {
    const policy = String((await get('/admin/sign-in')).headers['content-security-policy']);
    expect(directiveOf(policy, 'default-src')).toEqual(["'none'"]);
    expect(directiveOf(policy, 'script-src')).toEqual(["'self'"]);
    expect(directiveOf(policy, 'connect-src')).toEqual(["'self'", 'https://login.operator.example']);
    expect(directiveOf(policy, 'frame-src')).toBeNull();
    expect(directiveOf(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(policy).not.toContain('/pay');
    expect((await get('/admin')).headers['x-frame-options']).toBe('DENY');
    // The site's pages keep theirs.
    const site = await get('/book');
    expect(site.body).toBe(SITE);
    expect(site.headers['content-security-policy']).not.toBe(policy);
    expect(site.headers['x-robots-tag']).toBeUndefined();
  });

  it("serves the console's hashed files for a year, compressed when accepted, and a missing one as a 404", async () => {
    const asset = await get('/admin/assets/index-C0ns0le1.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("console")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-robots-tag']).toBe('noindex, nofollow');
    const compressed = await get('/admin/assets/index-C0ns0le1.js', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    for (const url of ['/admin/assets/missing-12345678.js', '/admin/missing.js']) expect((await get(url)).statusCode, url).toBe(404);
    // The site's own assets are not the console's.
    expect((await get('/admin/assets/index-B3xk9_Qa.js')).statusCode).toBe(404);
  });

  it('never serves a staff API answer from a cache', async () => {
    const response = await get('/api/staff/me');
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('the staff console before it is built', () => {
  const empty = mkdtempSync(join(tmpdir(), 'tours-console-unbuilt-'));
  writeFileSync(join(empty, 'index.html'), SITE);
  afterAll(() => rmSync(empty, { recursive: true, force: true }));
  const server = build({ env: { WEB_DIST: empty } });

  it('says how to build it', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/admin/staff' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build -w @tours/web');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});
