import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';

const PAGES: { path: string; heading: RegExp | string }[] = [
  { path: '/', heading: 'Sign in or create an account' },
  { path: '/tours', heading: 'Our tours' },
  { path: '/book', heading: /./ },
  { path: '/register', heading: /./ },
  { path: '/terms', heading: 'Booking conditions' },
  { path: '/account', heading: /./ },
  { path: '/account/booking/100001', heading: /./ },
  { path: '/booking-confirmation', heading: /./ },
  { path: '/a/missing/page', heading: 'Page not found' },
];

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
        // Wait for the header's session links so the settled page is checked.
        await expect(page.getByTestId('header-placeholder')).toHaveCount(0);
        await expectNoA11yViolations(page);
      });
    }
  });
}
