import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';

/**
 * axe-core run in the page as it stands, with what every page is held to:
 * WCAG 2.0 and 2.1, A and AA, and axe's best practices.
 *
 * Why not @axe-core/playwright's AxeBuilder: its analyze() sends axe's
 * source into every frame on every call, and assembles the frames' results
 * in a new blank page it opens and closes each time. That cost about 0.6
 * CPU-s a check, against a quarter of that here (measured on the home page,
 * twenty checks), and the suite runs well over a hundred checks on CI's two
 * cores. Here axe goes into each frame once per document (a check after an
 * in-app navigation finds it there); each frame is checked in itself
 * (axe.runPartial, in AxeBuilder's order) and the results are put together
 * in the page (axe.finishRun). Only frames of the page's own origin are
 * checked (the sandbox card form is one: it follows the site's origin); a
 * frame of another origin fails the check rather than going unchecked.
 * tests/axe-check.spec.ts plants faults to show the check finds them.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * axe-core's script, minified: what goes into a page crosses Chromium's protocol as a JSON string, and the full
 * script the package's `source` gives is 1.3 MB against 0.55.
 *
 * axe ends each of its ninety-odd rules with a `setTimeout(…, 0)`. The pages run on Playwright's clock
 * (support/fixtures.ts), which fires each such timer through two real ones, and Chromium holds back nested real
 * timers by 4 ms: a check waited about 0.9 s, mostly on those timers, and cost 0.83 CPU-s (0.57 s and 0.73 CPU-s
 * with them handed to a message channel, as here: measured on the tour page, thirty checks). axe's own pauses are
 * no part of the page under test, so it gets a setTimeout of its own: a zero (or 1 ms) delay is the next task,
 * through a MessageChannel, and any longer one (a frame's time to answer) is the page's, on the page's clock.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = `(() => {
  const pageSetTimeout = window.setTimeout.bind(window);
  const channel = new MessageChannel();
  const due = [];
  channel.port1.onmessage = () => due.shift()?.();
  const setTimeout = (callback, delay, ...args) => {
    if (delay > 1) return pageSetTimeout(callback, delay, ...args);
    due.push(() => callback(...args));
    channel.port2.postMessage(null);
    return 0;
  };
${readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')}
})();`;

export interface AxeScope {
  /** CSS selectors of parts left out (a mail client's message frame, checked on its own). */
  exclude?: string[];
  /** Rule ids that do not apply to this document (an e-mail has no page landmarks). */
  disableRules?: string[];
}

interface AxeInPage {
  axe?: {
    configure(options: { allowedOrigins: string[] }): void;
    runPartial(context: unknown, options: unknown): Promise<unknown>;
    finishRun(partials: unknown[], options: unknown): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
    utils: { getFrameContexts(context: unknown): { frameSelector: unknown; frameContext: unknown }[]; shadowSelect(selector: unknown): Element | null };
  };
}

/** Whether a frame's document is the page's own origin (about:blank and srcdoc frames are). */
function sameOrigin(frame: Frame, page: Page): boolean {
  const url = frame.url();
  if (url === '' || url.startsWith('about:')) return true;
  // An opaque origin ('null': an error page, a data: URL) is the same as nothing, not even another opaque one.
  const origin = new URL(url).origin;
  return origin !== 'null' && origin === new URL(page.url()).origin;
}

/** Puts axe into the frame unless its document has it already. */
async function ensureAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => (window as AxeInPage).axe !== undefined)) return;
  await frame.evaluate(AXE_SOURCE);
}

const timeout = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms));

/**
 * axe's results for the frame and the frames in it, depth first, as axe.finishRun takes them (@axe-core/playwright's
 * order): a frame that cannot be checked (gone, or running no scripts: a sandboxed frame) is a null, and so are the
 * frames inside it.
 */
async function partials(frame: Frame, context: unknown, options: unknown): Promise<unknown[]> {
  const inner = await frame.evaluate((context) => (window as AxeInPage).axe!.utils.getFrameContexts(context), context);
  const results: unknown[] = [await frame.evaluate(({ context, options }) => (window as AxeInPage).axe!.runPartial(context, options), { context, options })];
  for (const { frameSelector, frameContext } of inner) {
    try {
      const element = (await frame.evaluateHandle((selector) => (window as AxeInPage).axe!.utils.shadowSelect(selector), frameSelector)).asElement();
      const child = await element?.contentFrame();
      if (!child) throw new Error('not a frame');
      await Promise.race([ensureAxe(child), timeout(1_000)]);
      results.push(...(await partials(child, frameContext, options)));
    } catch {
      results.push(null);
    }
  }
  return results;
}

/** The page's axe-core violations, each as `rule: the offending nodes`; none is what a page must have. */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  const foreign = page.frames().filter((frame) => !sameOrigin(frame, page));
  if (foreign.length > 0) throw new Error(`axe here checks frames of the page's origin only; this page has ${foreign.map((frame) => frame.url()).join(', ')}`);
  await ensureAxe(page.mainFrame());
  // The page at rest: a toast fading in has, for a fifth of a second, a contrast nobody reads it at. Endless animations
  // (a spinner) are part of the page as it is.
  await page.evaluate(async () => {
    const settling = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
  });
  const options = {
    runOnly: { type: 'tag', values: TAGS },
    rules: Object.fromEntries((scope.disableRules ?? []).map((rule) => [rule, { enabled: false }])),
  };
  const context = { include: [], exclude: scope.exclude ?? [] };
  const results = await partials(page.mainFrame(), context, options);
  return page.evaluate(
    async ({ results, options }) => {
      const { violations } = await (window as AxeInPage).axe!.finishRun(results, options);
      return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    },
    { results, options },
  );
}
