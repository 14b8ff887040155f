import { PAYMENT_FIELDS_ENABLE_DELAY_MS, PAYMENT_FORM_INIT_DELAY_MS, PAYMENT_TOKEN_REQUEST_DELAY_MS } from '@tours/domain';
import { expect, test } from '../support/fixtures.ts';
import { cardFrame, paymentOption, termsCheckbox } from '../support/payment.ts';
import { reviewDayTrip } from '../support/review.ts';
import { SCREENS } from '../support/viewports.ts';

/**
 * Issue 25, item 8: the card form appeared 6.3 s after the terms were ticked
 * (6.9 s on a phone), when the spec asks for 3 s before the payment fields
 * are enabled. The token (2 s) and the form (500 ms after it) are now
 * prepared while the 3 s run, so the form is there, and can be typed in,
 * when they end. The page's clock is Playwright's: the test runs the spec's
 * timers and only ever waits for the network.
 */

const tokenRequest = (url: string, method: string) => url.endsWith('/api/bookings/payments/token') && method === 'POST';

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test('the card form is ready and enabled 3 s after the terms are ticked, not before', async ({ page, request }) => {
      await page.clock.install();
      await reviewDayTrip(page, request, { minDaysAhead: 40 });
      let tokens = 0;
      page.on('request', (sent) => {
        if (tokenRequest(sent.url(), sent.method())) tokens += 1;
      });
      const token = page.waitForResponse((response) => tokenRequest(response.url(), response.request().method()));
      // From here the page's time moves only when the test moves it.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

      await termsCheckbox(page).check();
      await page.clock.runFor(PAYMENT_TOKEN_REQUEST_DELAY_MS);
      // 2 s after the terms: the payment request is asked for, while the fields are still locked.
      expect((await token).ok()).toBe(true);
      await expect(paymentOption(page, 'full')).toBeDisabled();
      const form = page.locator('.payment__form');
      await page.clock.runFor(PAYMENT_FORM_INIT_DELAY_MS);
      // 2.5 s: the provider's form is being drawn, out of sight.
      const frame = cardFrame(page);
      await expect(frame.getByLabel('Card number')).toBeAttached({ timeout: 20_000 });
      await expect(form).toHaveClass(/payment__form--loading/);
      await expect(form).toBeHidden();

      await page.clock.runFor(PAYMENT_FIELDS_ENABLE_DELAY_MS - PAYMENT_TOKEN_REQUEST_DELAY_MS - PAYMENT_FORM_INIT_DELAY_MS);
      // 3 s: the payment fields and the card form together, with no further wait.
      await expect(paymentOption(page, 'full')).toBeEnabled({ timeout: 1_000 });
      await expect(frame.getByLabel('Card number')).toBeVisible({ timeout: 1_000 });
      await expect(frame.getByLabel('Card number')).toBeEditable();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
      expect(tokens).toBe(1);
      await page.screenshot({ path: test.info().outputPath('card-form-at-3s.png') });
    });
  });
}
