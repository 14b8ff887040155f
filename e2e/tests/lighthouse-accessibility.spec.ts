import type { Page as PuppeteerPage } from 'puppeteer-core';
import { audit, failingAudits, launchChromium, signIn, type LaunchedChromium } from '../support/lighthouse.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Lighthouse 12's accessibility category (its axe-core audits, on a phone's
 * screen: Lighthouse's default mobile emulation) scores 1.00 on the four
 * pages of issue 15: Home, the catalogue, step 1 of the booking flow and the
 * account area signed in. The score does not depend on the machine's speed,
 * so it is a test; performance is measured by `npm run bench:lighthouse`.
 * Lighthouse drives its own Chromium (support/lighthouse.ts), started with a
 * DevTools port, against this worker's server.
 */

let chromium: LaunchedChromium;

test.beforeAll(async () => {
  chromium = await launchChromium();
});

test.afterAll(async () => {
  await chromium?.close();
});

async function expectPerfectAccessibility(page: PuppeteerPage, url: string, keepStorage = false): Promise<string> {
  const lhr = await audit(page, url, { categories: ['accessibility'], keepStorage });
  expect(failingAudits(lhr, 'accessibility'), `Lighthouse accessibility audits failing on ${url}`).toEqual([]);
  expect(lhr.categories.accessibility!.score).toBe(1);
  return lhr.finalDisplayedUrl;
}

test.describe('Lighthouse accessibility', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  test('Home, the catalogue and step 1 of the booking flow score 1.00', async ({ baseURL, request }) => {
    const catalogue = (await (await request.get('/api/tours')).json()) as { data: { items: { code: string; departures: { start_date: string }[] }[] } };
    const vienna = catalogue.data.items.find((tour) => tour.code === 'MHW-VIE')!;
    const bookPath = `/book?${new URLSearchParams({ tour: vienna.code, departure: vienna.departures.at(-1)!.start_date })}`;
    for (const path of ['/', '/tours', bookPath]) {
      const page = await chromium.browser.newPage();
      await expectPerfectAccessibility(page, `${baseURL}${path}`);
      await page.close();
    }
  });

  test('the account area, signed in, scores 1.00', async ({ baseURL }) => {
    // Signed in in the tab Lighthouse audits: the session lives in that tab's storage.
    const page = await chromium.browser.newPage();
    await signIn(page, baseURL!, 'demo@example.com');
    const finalUrl = await expectPerfectAccessibility(page, `${baseURL}/account`, true);
    // Audited signed in: a signed-out visitor would have been sent to Home.
    expect(new URL(finalUrl).pathname).toBe('/account');
    expect(await page.evaluate(() => location.pathname)).toBe('/account');
    // The demo customer's own booking is on the page Lighthouse audited.
    await expect.poll(() => page.evaluate(() => document.body.innerText.includes('MER-480153'))).toBe(true);
    await page.close();
  });
});
