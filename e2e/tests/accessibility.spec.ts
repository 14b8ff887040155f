import { PARTICIPANT_HEADINGS } from '../support/booking.ts';
import { fastForwardUntil } from '../support/clock.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';

/**
 * Every page, at a desktop's and a phone's width, has one h1, nothing wider
 * than the screen, and no axe-core violation (WCAG 2.1 A and AA, and axe's best practices: more than the
 * axe-core audits Lighthouse's accessibility category runs). Step 1 of the
 * booking flow is checked as a visitor meets it, for a real departure; the
 * account area signed in is checked by account.spec.ts, at both widths.
 */
const PAGES: { path: string; heading: RegExp | string }[] = [
  { path: '/', heading: 'Sign in or create an account' },
  { path: '/tours', heading: 'Our tours' },
  { path: '/tours/MHW-VIE', heading: /Vienna/ },
  { path: '/book', heading: /./ },
  { path: '/register', heading: /./ },
  { path: '/terms', heading: 'Booking conditions' },
  { path: '/a/missing/page', heading: 'Page not found' },
];
// Not here: /account and /account/booking/:id signed out, and /booking-confirmation with nothing confirmed, show the
// sign-in page (the same document as /, checked above): routes.test.tsx proves they send the visitor there, and
// account.spec.ts checks the account's pages signed in, at both widths.

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 800 },
]) {
  test.describe(`accessibility at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const { path, heading } of PAGES) {
      test(`${path} has one h1 and no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('h1')).toHaveCount(1);
        // Wait for the header's session links (after its 1.5 s placeholder) so the settled page is checked.
        await fastForwardUntil(page, async () => (await page.getByTestId('header-placeholder').count()) === 0);
        await expect(page.getByTestId('header-placeholder')).toHaveCount(0);
        await expectNoA11yViolations(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      });
    }

    test('step 1 of the booking flow, for a departure, has one h1 and no axe violations', async ({ page, request }) => {
      const catalogue = (await (await request.get('/api/tours')).json()) as { data: { items: { code: string; departures: { start_date: string }[] }[] } };
      const vienna = catalogue.data.items.find((tour) => tour.code === 'MHW-VIE')!;
      await page.goto(`/book?${new URLSearchParams({ tour: vienna.code, departure: vienna.departures.at(-1)!.start_date })}`);
      await expect(page.getByRole('heading', { name: PARTICIPANT_HEADINGS[0] })).toBeVisible();
      await expect(page.locator('h1')).toHaveCount(1);
      await fastForwardUntil(page, async () => (await page.getByTestId('header-placeholder').count()) === 0);
      await expect(page.getByTestId('header-placeholder')).toHaveCount(0);
      await expectNoA11yViolations(page);
    });
  });
}
