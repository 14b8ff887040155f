import { PAYMENT_FIELDS_ENABLE_DELAY_MS, PAYMENT_FORM_INIT_DELAY_MS, PAYMENT_TOKEN_REQUEST_DELAY_MS } from '@tours/domain';
import { expect, test } from '../support/fixtures.ts';
import { acceptTermsAndWaitForCardForm, cardFrame, paymentOption, termsCheckbox } from '../support/payment.ts';
import { expectConfirmation, reviewDayTrip } from '../support/review.ts';
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
      const figures = page.waitForResponse((response) => response.url().endsWith('/api/bookings/payment-details'));
      await reviewDayTrip(page, request, { minDaysAhead: 40 });
      // The review's fresh figures are in before the page's clock stops: the payment waits for them, and an answer
      // arriving on a paused clock would be handed to the page only when the clock next moves (a slow, cold server).
      expect((await figures).ok()).toBe(true);
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

    /**
     * Issue 25, item 3: on a phone '1229' gave 'Enter a valid expiry date' and the number pad has no '/'. The
     * card fields now bring up the number pad and shape what is typed: the expiry as 'MM / YY', the number in
     * groups of four. December, three years on (so the card never expires under the test): '12' + YY.
     */
    test('the card is typed from the number pad, the expiry as MMYY, and pays', async ({ page, request }) => {
      const details = await reviewDayTrip(page, request, { minDaysAhead: 40 });
      const frame = await acceptTermsAndWaitForCardForm(page);
      const number = frame.getByLabel('Card number');
      const expiry = frame.getByLabel('Expiry date');
      const cvc = frame.getByLabel('Security code');
      for (const [field, autocomplete] of [
        [number, 'cc-number'],
        [expiry, 'cc-exp'],
        [cvc, 'cc-csc'],
      ] as const) {
        await expect(field).toHaveAttribute('inputmode', 'numeric');
        await expect(field).toHaveAttribute('autocomplete', autocomplete);
      }
      const yy = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
      await number.pressSequentially('4242424242424242');
      await expect(number).toHaveValue('4242 4242 4242 4242');
      await expiry.pressSequentially(`12${yy}`);
      await expect(expiry).toHaveValue(`12 / ${yy}`);
      await cvc.pressSequentially('123');
      await page.screenshot({ path: test.info().outputPath('card-typed.png') });
      await frame.getByRole('button', { name: /^Pay / }).click();
      await expect(frame.getByText('Enter a valid expiry date')).toHaveCount(0);
      await expectConfirmation(page, { paid: details.total_price.value, balance: 0 });
    });
  });
}
