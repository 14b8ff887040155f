import type { Locator, Page } from '@playwright/test';
import { formatAmount } from '@tours/domain';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_PARTICIPANTS } from '../support/booking.ts';
import { reviewHeading, stepHeading } from '../support/payment.ts';
import { chooseRoomAndReview, viennaToAccommodation } from '../support/review.ts';
import { isPhone, SCREENS } from '../support/viewports.ts';

/**
 * Issue 25, item 5: after changing Double to Twin from the review's Change
 * link, the summary panel still said 'Double room £90' with the old total
 * through 3a and 3b, and after a reload. The panel now follows every choice:
 * the server's lines while they price the choices on screen, an estimate of
 * the new choices (from the options' own prices) from the moment one differs,
 * and the server's lines again once it has priced them.
 */

const summary = (page: Page): Locator => page.getByRole('complementary', { name: 'Booking summary' });
const panelTotal = (page: Page): Locator => summary(page).locator('.summary-lines__row--total');

/** On a phone the panel is a bar to open; either way its lines are then in sight. */
async function openPanel(page: Page): Promise<void> {
  if (!isPhone(page)) return;
  const toggle = summary(page).getByRole('button', { name: /booking summary/ });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(panelTotal(page)).toBeVisible();
}

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test('the panel follows a room changed from review, through the steps and a reload, until the server prices it again', async ({ page, request }) => {
      test.setTimeout(120_000);
      await viennaToAccommodation(page, request, { minDaysAhead: 60, participants: DEMO_PARTICIPANTS });
      const double = await chooseRoomAndReview(page, 'Double room');
      await openPanel(page);
      await expect(summary(page)).toContainText('Double room');
      await expect(panelTotal(page)).toHaveText(`Total${formatAmount(double.total_price.value, 'GBP')}`);

      await page.getByRole('button', { name: 'Change rooms' }).click();
      await expect(stepHeading(page, 'Accommodation')).toBeVisible();
      // Nothing changed yet: still the server's lines.
      await openPanel(page);
      await expect(summary(page)).toContainText('Double room');
      await page.getByRole('radio', { name: /Twin room/ }).check();

      // The panel follows at once: no double room, an estimated total for the twin.
      await expect(summary(page)).not.toContainText('Double room');
      await expect(panelTotal(page)).toContainText('Estimated total');
      const estimate = (await panelTotal(page).locator('dd').textContent())!;
      expect(estimate).not.toBe(formatAmount(double.total_price.value, 'GBP'));
      await page.screenshot({ path: test.info().outputPath('panel-after-change.png') });

      // And after a reload.
      await page.reload();
      await expect(stepHeading(page, 'Accommodation')).toBeVisible();
      await expect(page.getByRole('radio', { name: /Twin room/ })).toBeChecked();
      await openPanel(page);
      await expect(summary(page)).not.toContainText('Double room');
      await expect(panelTotal(page)).toHaveText(`Estimated total${estimate}`);

      // Priced again: the server's lines and total, which the estimate had right.
      const twin = await chooseRoomAndReview(page, 'Twin room');
      await expect(reviewHeading(page)).toBeVisible();
      await openPanel(page);
      await expect(panelTotal(page)).toHaveText(`Total${formatAmount(twin.total_price.value, 'GBP')}`);
      expect(estimate).toBe(formatAmount(twin.total_price.value, 'GBP'));
      await expect(summary(page)).not.toContainText('Double room');
    });
  });
}
