import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';

/**
 * axe-core run in the page as it stands, with what every page is held to:
 * WCAG 2.0 and 2.1, A and AA, and axe's best practices.
 *
 * Why not @axe-core/playwright's AxeBuilder: its analyze() sends axe's
 * source (1.3 MB) into every frame on every call, and assembles the
 * frames' results in a new blank page it opens and closes each time. That
 * cost about 0.6 CPU-s a check, against 0.2 here (measured on the home page,
 * twenty checks), and the suite runs well over a hundred checks on CI's two
 * cores. Here axe goes into each frame once per document (a check after an
 * in-app navigation finds it there), and axe.run checks the frames from the
 * page itself, as axe does in a browser extension. That reaches frames of
 * the page's own origin only (the sandbox card form is one: it follows the
 * site's origin); a frame of another origin fails the check rather than
 * going unchecked.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * axe-core's script, minified: what goes into a page crosses Chromium's protocol as a JSON string, and the full
 * script the package's `source` gives is 1.3 MB against 0.55.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeScope {
  /** CSS selectors of parts left out (a mail client's message frame, checked on its own). */
  exclude?: string[];
  /** Rule ids that do not apply to this document (an e-mail has no page landmarks). */
  disableRules?: string[];
}

interface AxeInPage {
  axe?: {
    configure(options: { allowedOrigins: string[] }): void;
    run(context: unknown, options: unknown): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
  };
}

/** Whether a frame's document is the page's own origin (about:blank and srcdoc frames are). */
function sameOrigin(frame: Frame, page: Page): boolean {
  const url = frame.url();
  if (url === '' || url.startsWith('about:')) return true;
  return new URL(url).origin === new URL(page.url()).origin;
}

/** Puts axe into the frame unless its document has it already. */
async function ensureAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => (window as AxeInPage).axe !== undefined)) return;
  await frame.evaluate(AXE_SOURCE);
  await frame.evaluate(() => (window as AxeInPage).axe!.configure({ allowedOrigins: ['<same_origin>'] }));
}

/** The page's axe-core violations, each as `rule: the offending nodes`; none is what a page must have. */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  const foreign = page.frames().filter((frame) => !sameOrigin(frame, page));
  if (foreign.length > 0) throw new Error(`axe here checks frames of the page's origin only; this page has ${foreign.map((frame) => frame.url()).join(', ')}`);
  await ensureAxe(page.mainFrame());
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    // A frame that went away meanwhile has nothing left to check, and one that runs no scripts (a sandboxed frame) never
    // answers: as in AxeBuilder, a frame gets a second, and the check goes on without it.
    await Promise.race([ensureAxe(frame), new Promise((resolve) => setTimeout(resolve, 1_000))]).catch(() => undefined);
  }
  const options = {
    runOnly: { type: 'tag', values: TAGS },
    rules: Object.fromEntries((scope.disableRules ?? []).map((rule) => [rule, { enabled: false }])),
  };
  return page.evaluate(
    async ({ exclude, options }) => {
      // The page at rest: a toast fading in has, for a fifth of a second, a contrast nobody reads it at. Endless
      // animations (a spinner) are part of the page as it is.
      const settling = document.getAnimations().filter(
        (animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
      );
      await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
      const results = await (window as AxeInPage).axe!.run(exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : document, options);
      return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    },
    { exclude: scope.exclude ?? [], options },
  );
}
