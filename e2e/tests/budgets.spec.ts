import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/fixtures.ts';

/**
 * Budgets that do not depend on machine speed: what a first visit downloads.
 * The entry script and stylesheet of the built SPA, gzipped as served over the
 * wire. Routes such as /book and /account load their own chunks on demand.
 */
const ENTRY_JS_GZIP_BUDGET = 170 * 1024;
const ENTRY_CSS_GZIP_BUDGET = 12 * 1024;

test('the first page load stays within its download budget', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1]!);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);

  const gzipped = async (paths: string[]) => {
    let total = 0;
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.ok(), path).toBe(true);
      total += gzipSync(await response.body()).length;
    }
    return total;
  };
  const js = await gzipped(scripts);
  const css = await gzipped(styles);
  console.log(`entry JS ${(js / 1024).toFixed(1)} KiB gzip, entry CSS ${(css / 1024).toFixed(1)} KiB gzip`);
  expect(js).toBeLessThan(ENTRY_JS_GZIP_BUDGET);
  expect(css).toBeLessThan(ENTRY_CSS_GZIP_BUDGET);
});

test('hashed assets are cached for long and the page itself is revalidated', async ({ request }) => {
  const html = await request.get('/');
  expect(html.headers()['cache-control']).toMatch(/no-cache/);
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(await html.text())![1]!;
  const asset = await request.get(script);
  expect(asset.headers()['cache-control']).toMatch(/max-age=\d{6,}/);
});
