import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The accessibility check every spec runs (support/axe.ts) is axe-core run
 * in the page: it finds what it must, in the page and in a frame of the
 * page's origin (as the card form is), leaves out what it is told to, and
 * refuses a page with a frame of another origin rather than passing it
 * unchecked. The pages are made up here, each served at an origin of its own.
 */
const SITE = 'http://site.test';
const ELSEWHERE = 'http://elsewhere.test';
const html = (title: string, body: string) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;
const PAGES: Record<string, string> = {
  [`${SITE}/`]: html('Planted', `<h1>Planted faults</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10"><iframe title="Inner" src="${SITE}/inner"></iframe>`),
  [`${SITE}/inner`]: html('Inner', '<button></button>'),
  [`${SITE}/framing`]: html('Framing', `<h1>Framing</h1><iframe title="Elsewhere" src="${ELSEWHERE}/"></iframe>`),
  [`${ELSEWHERE}/`]: html('Elsewhere', '<p>Another origin</p>'),
};

async function serveMadeUpPages(page: Page): Promise<void> {
  await page.route(/^http:\/\/(site|elsewhere)\.test\//, (route) => {
    const body = PAGES[route.request().url()];
    return body ? route.fulfill({ contentType: 'text/html', body }) : route.fulfill({ status: 404 });
  });
}

test('finds a planted fault in the page and in its frame, leaves out what it is told to, and refuses a frame of another origin', async ({ page }) => {
  await serveMadeUpPages(page);
  await page.goto(`${SITE}/`);
  await expect(page.frameLocator('iframe').locator('button')).toHaveCount(1);
  const found = await axeViolations(page);
  expect(found.map((line) => line.split(':')[0])).toEqual(expect.arrayContaining(['image-alt', 'button-name']));
  expect(found.find((line) => line.startsWith('button-name')), 'the frame is named in the target').toContain('iframe');
  // A second check on the same document finds the same (axe is put into each frame once).
  expect(await axeViolations(page)).toEqual(found);

  const scoped = await axeViolations(page, { exclude: ['iframe'], disableRules: ['image-alt'] });
  expect(scoped.filter((line) => /^(image-alt|button-name):/.test(line))).toEqual([]);

  await page.goto(`${SITE}/framing`);
  await expect(page.frameLocator('iframe').getByText('Another origin')).toBeVisible();
  await expect(axeViolations(page)).rejects.toThrow(`axe here checks frames of the page's origin only; this page has ${ELSEWHERE}/`);
});
