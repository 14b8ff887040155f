import type { Page } from '@playwright/test';

/**
 * A second tab of the same browser, opened at this tab's address with a copy
 * of its session storage, as a browser's 'Duplicate tab' makes it: the same
 * booking, carried on independently from then on.
 */
export async function duplicateTab(page: Page): Promise<Page> {
  const storage = await page.evaluate(() => {
    const entries: Record<string, string> = {};
    for (let index = 0; index < sessionStorage.length; index++) {
      const key = sessionStorage.key(index);
      if (key !== null) entries[key] = sessionStorage.getItem(key) ?? '';
    }
    return entries;
  });
  const tab = await page.context().newPage();
  // Only on the new tab's first load: its own reloads keep what it has written since.
  await tab.addInitScript((entries: Record<string, string>) => {
    if (window !== window.top || sessionStorage.length > 0) return;
    for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
  }, storage);
  await tab.goto(page.url());
  return tab;
}
