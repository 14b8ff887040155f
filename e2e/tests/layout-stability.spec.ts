import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { signInFromHome } from '../support/sign-in.ts';

/**
 * Nothing on the issue's pages jumps while their data arrives (Cumulative
 * Layout Shift, a Lighthouse metric): <main> is at least a screen tall, so
 * the footer never starts on screen and gets pushed down, and step 1's
 * availability panel keeps the height of its answer while it loads. The data
 * calls are held back here so the waiting state is surely painted first;
 * the shifts are layout, not speed, so the sum is the same on any machine.
 */

const HOLD_MS = 1_500;
/** Lighthouse counts a CLS under 0.1 as good; a layout that reserves its space scores close to 0. */
const MAX_SHIFT = 0.01;

/** Records every layout shift not caused by input, from the first paint on. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));

/** Holds back the API's answers matching `pattern` by HOLD_MS. */
async function holdBack(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue();
  });
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`layout stability at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the footer starts below the first screen while a page loads', async ({ page }) => {
      await holdBack(page, '**/api/tours?**');
      await page.goto('/tours');
      await expect(page.getByRole('heading', { level: 1, name: 'Our tours' })).toBeVisible();
      const footerTop = await page.locator('footer.site-footer').evaluate((footer) => footer.getBoundingClientRect().top);
      expect(footerTop).toBeGreaterThanOrEqual(viewport.height);
    });

    test('the catalogue does not shift as its tours arrive', async ({ page }) => {
      await recordLayoutShifts(page);
      await holdBack(page, '**/api/tours?**');
      await page.goto('/tours');
      await expect(page.locator('.tour-card__name').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page)).toBeLessThan(MAX_SHIFT);
    });

    test('step 1 of the booking flow does not shift as the availability arrives', async ({ page, request }) => {
      const catalogue = (await (await request.get('/api/tours')).json()) as { data: { items: { code: string; departures: { start_date: string }[] }[] } };
      const vienna = catalogue.data.items.find((tour) => tour.code === 'MHW-VIE')!;
      await recordLayoutShifts(page);
      await holdBack(page, '**/api/tours/*/departures/*');
      await page.goto(`/book?${new URLSearchParams({ tour: vienna.code, departure: vienna.departures.at(-1)!.start_date })}`);
      const panel = page.locator('.departure-availability');
      await expect(panel.getByRole('status')).toHaveText('Checking places and rooms…');
      const waiting = (await panel.boundingBox())!.height;
      await expect(panel.getByText('Booking online')).toBeVisible();
      // Vienna's departure has places, rooms and online booking: the answer the reserved height is made for.
      expect((await panel.boundingBox())!.height).toBeCloseTo(waiting, 0);
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page)).toBeLessThan(MAX_SHIFT);
    });

    test('the account area does not shift as the bookings arrive', async ({ page }) => {
      await page.goto('/');
      await signInFromHome(page, 'demo@example.com');
      await expect(page).toHaveURL(/\/account$/);
      await recordLayoutShifts(page);
      await holdBack(page, '**/api/account/bookings**');
      await page.reload();
      await expect(page.getByText('MER-480153').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page)).toBeLessThan(MAX_SHIFT);
    });
  });
}
