import type { Locator, Page } from '@playwright/test';

/**
 * The specification's delays passed on Playwright's clock instead of waited
 * out. The app keeps every delay the specification sets (3 s after the terms
 * are ticked, 2 s before the payment request, 500 ms before the card form,
 * the header's 1.5 s placeholder, the account list's 1 s, the 3 s before a
 * failed sign-in signs out, toasts' lifetimes); a test that only waits for
 * one to end moves the page's clock on instead, and still sees the page go
 * through the same states in the same order.
 *
 * Every test's page runs on the clock (support/fixtures.ts installs it
 * before the first page loads), which keeps time at real speed until a test
 * moves it on, so tests that never move it see no difference.
 */

/** How far the clock moves in one step, and how long the page is given to react to it. */
const STEP_MS = 500;
const REACT_MS = 100;
/** No wait in the specification is longer than this: beyond it the clock runs at real speed again. */
const DEFAULT_BUDGET_MS = 8_000;

export interface FastForwardOptions {
  /** The most page time to move through (default 8 s); what is left is waited for at real speed. */
  budgetMs?: number;
}

/**
 * Moves the page's clock on in 500 ms steps until `until` is visible (or
 * says it is done), giving the page a moment after each step to act on the
 * timers that fired: render, send the request the timer started. It never
 * moves more than `budgetMs` in all, so a timer the test does not expect
 * (a form's 20 s ready timeout) cannot be reached by accident; if `until`
 * still does not hold, the caller's own expectation waits as it would have.
 * Steps are small so that the page sees each delay end about when the
 * specification says, never seconds early.
 */
export async function fastForwardUntil(page: Page, until: Locator | (() => Promise<boolean>), { budgetMs = DEFAULT_BUDGET_MS }: FastForwardOptions = {}): Promise<void> {
  const done = typeof until === 'function' ? until : () => until.isVisible();
  const settle = typeof until === 'function' ? () => page.waitForTimeout(REACT_MS) : () => until.waitFor({ state: 'visible', timeout: REACT_MS }).catch(() => undefined);
  for (let moved = 0; moved < budgetMs; moved += STEP_MS) {
    if (await done()) return;
    await page.clock.fastForward(STEP_MS);
    await settle();
  }
}
