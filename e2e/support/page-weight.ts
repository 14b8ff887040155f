import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';

/**
 * The JavaScript a visitor downloads before a page shows, measured in a real
 * browser: every script the page fetches from a cold cache until its h1 is
 * visible and the network has settled (so a chunk fetched just after the h1
 * still counts), each body gzipped as a server would send it. Shared by the
 * byte-budget test (tests/budgets.spec.ts) and the benchmark (bench/pages.mjs).
 */

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ScriptWeight {
  path: string;
  bytes: number;
  gzip: number;
}

export interface PageWeight {
  page: string;
  scripts: ScriptWeight[];
  /** Sum of the gzipped scripts, in bytes. */
  gzip: number;
}

/** Default zlib level (6), as a server compressing on the fly sends it. */
export const gzipSize = (body: Buffer): number => gzipSync(body).length;

/**
 * Opens `url` in a fresh context of `browser` with the cache off, waits for
 * `ready` (by default the page's h1) and for the network to settle, and
 * weighs every script response. `prepare` runs first in the same context
 * (signing in, routing a test origin).
 */
export async function measurePage(
  browser: Browser,
  url: string,
  options: { label?: string; prepare?: (page: Page) => Promise<void>; ready?: (page: Page) => Promise<void> } = {},
): Promise<PageWeight> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (options.prepare) await options.prepare(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    const pending: Promise<ScriptWeight | undefined>[] = [];
    page.on('response', (response) => {
      const isScript = response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
      if (!isScript) return;
      pending.push(
        response.body().then(
          (body) => ({ path: new URL(response.url()).pathname, bytes: body.length, gzip: gzipSize(body) }),
          () => undefined,
        ),
      );
    });
    await page.goto(url);
    await (options.ready ?? ((p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor()))(page);
    await page.waitForLoadState('networkidle');

    // One entry per script file, whatever asked for it (a modulepreload and the import that uses it).
    const byPath = new Map<string, ScriptWeight>();
    for (const script of await Promise.all(pending)) if (script) byPath.set(script.path, script);
    const scripts = [...byPath.values()].sort((a, b) => b.gzip - a.gzip);
    return { page: options.label ?? new URL(url).pathname, scripts, gzip: scripts.reduce((sum, script) => sum + script.gzip, 0) };
  } finally {
    await context.close();
  }
}

/**
 * Builds the blank React 19 page (bench/blank-react, the same Vite and React
 * plugin as apps/web) into a scratch folder and returns that folder. Offline:
 * everything comes from the repository's node_modules.
 */
export function buildBlankReact(outDir = mkdtempSync(join(tmpdir(), 'blank-react-'))): string {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--config', join(ROOT, 'bench/blank-react/vite.config.ts'), '--outDir', outDir], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (built.status !== 0 || !existsSync(join(outDir, 'index.html'))) throw new Error(`The blank React page did not build:\n${built.stderr}`);
  return outDir;
}

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
/** Any origin will do: the browser never reaches it, the page's requests are answered from `dir`. */
const BLANK_ORIGIN = 'http://blank-react.test';

/** Weighs the built blank React page exactly as measurePage weighs the site's pages. */
export function measureBlankReact(browser: Browser, dir: string): Promise<PageWeight> {
  return measurePage(browser, `${BLANK_ORIGIN}/`, {
    label: 'blank React 19 page',
    prepare: (page) =>
      page.route(`${BLANK_ORIGIN}/**`, (route) => {
        const path = new URL(route.request().url()).pathname;
        const file = join(dir, normalize(path === '/' ? '/index.html' : path));
        if (!file.startsWith(dir) || !existsSync(file)) return route.fulfill({ status: 404 });
        return route.fulfill({ status: 200, contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
      }),
  });
}

/** kB as the budgets count them: 1000 bytes (the stricter reading). */
export const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
