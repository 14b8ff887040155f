import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * Pictures of pages for a person to look at, never compared: taken only when
 * SHOTS_DIR names a folder for them (`SHOTS_DIR=/tmp/shots npm run test:e2e`),
 * so that a run nobody looks at (CI) does not pay for them.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;

const isPage = (target: Page | Locator): target is Page => 'goto' in target;

/** One picture, `<name>.png`, of the page (all of it, unless `fullPage: false`) or of a part of it, as it is now. */
export async function picture(target: Page | Locator, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const path = join(SHOTS_DIR, `${name}.png`);
  await (isPage(target) ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}

export interface ShootOptions {
  /** The window widths to take it at (900 px high); 1280 and 375 by default. */
  widths?: readonly number[];
  /** A part of the page instead of the page. */
  part?: Locator;
  fullPage?: boolean;
}

/** The page (or a part of it) at each width, `<name>-<width>.png`; the window's size is put back afterwards. */
export async function shoot(page: Page, name: string, { widths = [1280, 375], part, fullPage = true }: ShootOptions = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  const original = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await picture(part ?? page, `${name}-${width}`, { fullPage });
  }
  if (original) await page.setViewportSize(original);
}
