import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { stepHeading } from '../support/payment.ts';
import { chooseRoomAndReview, viennaToAccommodation } from '../support/review.ts';
import { signInFromHome } from '../support/sign-in.ts';
import { expectTextWithin, isPhone, SCREENS } from '../support/viewports.ts';

/**
 * Issue 25, item 9: '1 tour match your choices'; the step label cut to
 * 'Accommodatio' on a 375 px phone; the notifications window covering the
 * whole phone screen at sign-in.
 */

const currentStep = (page: Page) => page.getByRole('navigation', { name: 'Booking progress' }).locator('[aria-current="step"]');
const currentStepLabel = (page: Page) => currentStep(page).locator('.step-progress__label');

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test('the catalogue counts one tour in the singular', async ({ page }) => {
      await page.goto('/tours?q=observatory');
      const count = page.getByRole('status').filter({ hasText: 'your choices' });
      await expect(count).toHaveText('1 tour matches your choices');
      await page.goto('/tours?kind=tour');
      await expect(count).toHaveText(/^\d+ tours match your choices$/);
    });

    test('the current step’s label is shown whole at every step', async ({ page, request }) => {
      // The 200-day departure: most specs of a worker book the 90-day one, whose optional flight seats their holds can take.
      await viennaToAccommodation(page, request, { minDaysAhead: 150 });
      await expect(stepHeading(page, 'Accommodation')).toBeVisible();
      await expect(currentStepLabel(page)).toHaveText('Accommodation');
      await expectTextWithin(currentStepLabel(page), currentStep(page));
      await page.screenshot({ path: test.info().outputPath('accommodation-step.png') });
      await chooseRoomAndReview(page, 'Single room');
      await expect(currentStepLabel(page)).toHaveText('Booking review & payment');
      await expectTextWithin(currentStepLabel(page), currentStep(page));
    });

    test('the notifications at sign-in leave the bookings they are about in sight', async ({ page }) => {
      await page.goto('/');
      await signInFromHome(page, 'demo@example.com');
      await expect(page).toHaveURL(/\/account$/);
      const notifications = page.getByRole('dialog', { name: 'Notifications' });
      await expect(notifications).toBeVisible({ timeout: 20_000 });
      await expect(notifications.getByRole('link', { name: 'View Booking' }).first()).toBeVisible();
      const heading = page.getByRole('heading', { level: 1, name: 'Manage your bookings' });
      const sheet = (await notifications.boundingBox())!;
      const title = (await heading.boundingBox())!;
      const viewport = page.viewportSize()!;
      // The page's title is not under the window, and the window leaves a good part of the screen to the page.
      const apart = title.y + title.height <= sheet.y || title.x + title.width <= sheet.x;
      expect(apart, 'the page title is in sight beside or above the window').toBe(true);
      expect(sheet.height).toBeLessThanOrEqual(viewport.height * 0.62);
      if (isPhone(page)) {
        // A sheet: along the bottom edge, the full width of the screen.
        expect(Math.round(sheet.y + sheet.height)).toBe(viewport.height);
        expect(Math.round(sheet.width)).toBe(viewport.width);
      }
      await expectNoA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath('notifications-at-sign-in.png') });
      await page.keyboard.press('Escape');
      await expect(notifications).toHaveCount(0);
    });
  });
}
