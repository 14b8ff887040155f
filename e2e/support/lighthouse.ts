import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Config, Flags, Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/**
 * Lighthouse 12 against Debian's Chromium, for the benchmark
 * (bench/lighthouse.mjs: every category, simulated throttling, mobile); it
 * lives beside the browser tests' other support for Chromium and is
 * type-checked with them. Lighthouse is not part of `npm test`: its
 * accessibility category is axe-core's audits, which tests/accessibility.spec.ts
 * and the specs' expectNoA11yViolations run on every page at both widths.
 * Chromium is started here with a DevTools port (Lighthouse drives it through
 * puppeteer-core); nothing is downloaded.
 *
 * Signing in happens in the tab Lighthouse then audits: the account session
 * lives in that tab's sessionStorage (spec section 4, Persistence), so a new
 * tab would be signed out.
 */

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'];

export interface LaunchedChromium {
  browser: Browser;
  port: number;
  version: string;
  close(): Promise<void>;
}

/** Starts Chromium with a fresh profile and a DevTools port of the kernel's choosing, and connects to it. */
export async function launchChromium(executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<LaunchedChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'));
  const child: ChildProcess = spawn(executablePath, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--no-first-run', 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  const kill = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.on('exit', kill);
  // Chromium writes the port it took to DevToolsActivePort in the profile.
  const portFile = join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  while (!existsSync(portFile) || readFileSync(portFile, 'utf8').split('\n').length < 2) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('Chromium did not open its DevTools port');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  const version = await browser.version();
  return {
    browser,
    port,
    version,
    async close() {
      await browser.disconnect().catch(() => undefined);
      kill();
      process.off('exit', kill);
      await new Promise((resolve) => setTimeout(resolve, 200));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The 6-digit code of the newest sign-in e-mail to `email` after `before` such mails (the sandbox mailbox). */
async function signInCode(base: string, email: string, before: number): Promise<string> {
  for (let attempt = 0; attempt < 80; attempt += 1) {
    const mails = await codeMails(base, email);
    const code = mails.length > before ? /\b(\d{6})\b/.exec(mails[0]!.body)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No sign-in code e-mail reached ${email}`);
}

async function codeMails(base: string, email: string): Promise<{ body: string }[]> {
  const response = await fetch(`${base}/dev/mailbox.json`);
  const { data } = (await response.json()) as { data: { items: { to: string; subject: string; body: string }[] } };
  return data.items.filter((mail) => mail.to.toLowerCase() === email.toLowerCase() && mail.subject === 'Your sign-in code');
}

/** Signs `email` in through the sandbox identity provider in `page`, as a person does (Home, Continue, e-mail, code); ends on the site. */
export async function signIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator('main ::-p-aria([name="Continue"][role="button"])').click();
  await page.waitForSelector('input#email');
  const before = (await codeMails(base, email)).length;
  await page.type('input#email', email);
  await Promise.all([page.waitForNavigation(), page.click('button.primary')]);
  const code = await signInCode(base, email, before);
  await page.waitForSelector('input#code');
  await page.type('input#code', code);
  await Promise.all([page.waitForNavigation(), page.click('button.primary')]);
  await page.waitForFunction(() => !location.pathname.startsWith('/idp') && !location.pathname.startsWith('/auth/callback'), { timeout: 20_000 });
}

export interface AuditOptions {
  /** Lighthouse categories; all of them by default. */
  categories?: string[];
  /** Keep the tab's storage (a signed-in session); the HTTP cache is still cleared, so the page loads cold. */
  keepStorage?: boolean;
}

/**
 * One Lighthouse navigation of `url` in `page`, with Lighthouse's default
 * (mobile) settings: Moto G Power screen emulation, simulated slow 4G and a
 * 4x CPU slowdown.
 */
export async function audit(page: Page, url: string, options: AuditOptions = {}): Promise<Result> {
  if (options.keepStorage) {
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await session.detach();
  }
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    ...(options.categories ? { onlyCategories: options.categories } : {}),
    ...(options.keepStorage ? { disableStorageReset: true } : {}),
  };
  const config: Config = { extends: 'lighthouse:default' };
  // A trace Lighthouse could not read (NO_NAVSTART, NO_FCP under load) asks to be run again; a second failure is reported.
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, flags, config, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt >= RUN_ATTEMPTS) throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
  }
}

const RUN_ATTEMPTS = 3;

/** The audits of `category` that did not pass, with the elements they name. */
export function failingAudits(lhr: Result, category: string): { id: string; title: string; items: string[] }[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((result) => result.score !== null && result.score < 1)
    .map((result) => ({
      id: result.id,
      title: result.title,
      items: ((result.details as { items?: { node?: { snippet?: string; selector?: string } }[] } | undefined)?.items ?? []).map(
        (item) => item.node?.selector ?? item.node?.snippet ?? JSON.stringify(item).slice(0, 200),
      ),
    }));
}
