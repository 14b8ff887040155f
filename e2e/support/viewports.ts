import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The two screens a first-time visitor was watched on (issue 25): a laptop
 * at 1366 × 768, and a 375 × 812 phone used by touch. A spec runs its tests
 * on each with `for (const screen of SCREENS) test.describe(screen.name, () => { test.use(screen.use); … })`.
 */
export const LAPTOP = { name: 'laptop 1366×768', use: { viewport: { width: 1366, height: 768 } } } as const;
export const PHONE = {
  name: 'phone 375×812 (touch)',
  use: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
} as const;
export const SCREENS = [LAPTOP, PHONE] as const;

export const isPhone = (page: Page): boolean => (page.viewportSize()?.width ?? 0) < 480;

/** Entirely inside the first screen, without scrolling. */
export async function expectInFirstScreen(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element has no box: it is not rendered');
  const viewport = page.viewportSize()!;
  expect(await page.evaluate(() => window.scrollY), 'the page is not scrolled').toBe(0);
  expect(box.y, 'top within the first screen').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'bottom within the first screen').toBeLessThanOrEqual(viewport.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

/**
 * The text is shown whole: every line of it inside the box of `container`
 * (an element it sits in, whose edges would cut it or the next thing would
 * cover it), and no word broken across lines.
 */
export async function expectTextWithin(locator: Locator, container: Locator): Promise<void> {
  const bounds = await container.boundingBox();
  if (!bounds) throw new Error('The container has no box: it is not rendered');
  const { rects, words } = await locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return {
      rects: Array.from(range.getClientRects()).map((rect) => ({ left: rect.left, right: rect.right, top: Math.round(rect.top) })),
      words: (element.textContent ?? '').trim().split(/\s+/).length,
    };
  });
  expect(rects.length, 'the text is drawn').toBeGreaterThan(0);
  for (const rect of rects) {
    expect(rect.left, 'the text starts inside its box').toBeGreaterThanOrEqual(bounds.x - 0.5);
    expect(rect.right, 'the text ends inside its box').toBeLessThanOrEqual(bounds.x + bounds.width + 0.5);
  }
  // A single word on two lines has been broken inside it.
  expect(new Set(rects.map((rect) => rect.top)).size, 'no word broken across lines').toBeLessThanOrEqual(words);
}
