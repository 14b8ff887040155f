import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { expectInFirstScreen, isPhone, SCREENS } from '../support/viewports.ts';

/**
 * Issue 25, item 6: on a phone the way to the tours was below the fold of
 * Home, and the first screen of /tours was all filters. Home stays the spec's
 * sign-in page, with the way to the tours in the first screen; on a phone the
 * catalogue's search and filters fold behind one button.
 */

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test('Home is the sign-in page, with the way to the tours in the first screen', async ({ page }) => {
      await page.goto('/');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeVisible();
      await expectInFirstScreen(page, main.getByRole('button', { name: 'Continue', exact: true }));
      const browse = main.getByRole('link', { name: 'Browse our tours' });
      await expectInFirstScreen(page, browse);
      await page.screenshot({ path: test.info().outputPath('home.png') });
      await browse.click();
      await expect(page).toHaveURL(/\/tours$/);
    });

    test('the catalogue’s first screen shows a tour; on a phone the search and filters are behind one button', async ({ page }) => {
      await page.goto('/tours');
      const firstTour = page.getByRole('article').first();
      await expect(firstTour).toBeVisible();
      // A tour in the first screen: on a laptop its card (three side by side), on a phone its name too, beneath its picture.
      const seen = isPhone(page) ? firstTour.getByRole('heading', { level: 2 }) : firstTour;
      const box = (await seen.boundingBox())!;
      expect(box.y + 24, 'the tour starts in the first screen').toBeLessThanOrEqual(page.viewportSize()!.height);
      const search = page.getByRole('searchbox', { name: 'Search' });
      const toggle = page.getByRole('button', { name: /^Search and filters/ });

      if (!isPhone(page)) {
        await expect(search).toBeVisible();
        await expect(toggle).toBeHidden();
        return;
      }
      await page.screenshot({ path: test.info().outputPath('tours-folded.png') });
      await expect(search).toBeHidden();
      await expect(page.getByRole('combobox', { name: 'Kind' })).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const controls = await toggle.getAttribute('aria-controls');
      expect(controls).toBeTruthy();
      await expect(page.locator(`[id="${controls}"]`)).toHaveAttribute('role', 'search');

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(toggle).toBeFocused();
      await expect(search).toBeVisible();
      await expectNoA11yViolations(page);
      // The filters apply as chosen, and the button says how many are in use.
      await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Day trips' });
      await expect(page).toHaveURL(/kind=day_trip/);
      await expect(toggle).toHaveText(/Search and filters\s*1 in use/);
      await expect(page.getByRole('status').filter({ hasText: 'your choices' })).toBeVisible();
      // Escape in the panel folds it and gives focus back to its button.
      await search.focus();
      await page.keyboard.press('Escape');
      await expect(search).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      await page.screenshot({ path: test.info().outputPath('tours-filtered.png') });
    });
  });
}
