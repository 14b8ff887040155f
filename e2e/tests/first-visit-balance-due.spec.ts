import { BALANCE_DUE_DAYS, formatAmount, formatShortDate } from '@tours/domain';
import { bookableDeparture } from '../support/booking.ts';
import { expect, test } from '../support/fixtures.ts';
import { paymentOption, termsCheckbox, waitForPaymentOptions } from '../support/payment.ts';
import { reviewVienna } from '../support/review.ts';
import { SCREENS } from '../support/viewports.ts';

/**
 * Issue 25, item 2: the balance's due date was said four different ways;
 * the deposit option said 'before you travel'. It now names the date the API
 * worked out (BALANCE_DUE_DAYS, 90 by default, before departure) in the
 * words the e-mail, the PDFs and the account use, and a departure within the
 * period says 'due now' at the option, before the deposit is chosen. The
 * Vienna departures start in 90 and 200 days.
 */

/** 'YYYY-MM-DD' `days` before `date`, by the calendar. */
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test('the deposit option names the date the balance falls due', async ({ page, request }) => {
      // The departure reviewVienna books: the first at least 150 days away.
      const start = await bookableDeparture(request, 'MHW-VIE', { minDaysAhead: 150 });
      const details = await reviewVienna(page, request, { minDaysAhead: 150 });
      const due = details.balance_due!;
      expect(due).toBe(daysBefore(start, BALANCE_DUE_DAYS));
      const balance = details.total_price.value - details.deposit.value;
      const words = `The balance of ${formatAmount(balance, 'GBP')} is due by ${formatShortDate(due)}.`;
      const deposit = page.locator('label.option-card').filter({ has: paymentOption(page, 'deposit') });
      // Said before the terms unlock the options, and once they do.
      await expect(deposit).toContainText(words);
      await expect(page.getByText(/before you travel/)).toHaveCount(0);
      await termsCheckbox(page).check();
      await waitForPaymentOptions(page, 'deposit');
      await deposit.scrollIntoViewIfNeeded();
      await expect(deposit).toContainText(words);
      await expect(deposit.getByText(words)).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath('deposit-due-by.png') });
    });

    test('a departure within the period says the balance is due now, before the deposit is chosen', async ({ page, request }) => {
      const details = await reviewVienna(page, request, { minDaysAhead: 40 });
      const balance = details.total_price.value - details.deposit.value;
      expect(details.deposit.value).toBeGreaterThan(0);
      const words = `The balance of ${formatAmount(balance, 'GBP')} is due now.`;
      const deposit = page.locator('label.option-card').filter({ has: paymentOption(page, 'deposit') });
      await deposit.scrollIntoViewIfNeeded();
      await expect(deposit).toContainText(words);
      await expect(deposit.getByText(words)).toBeInViewport({ ratio: 1 });
      await termsCheckbox(page).check();
      await waitForPaymentOptions(page, 'full');
      await paymentOption(page, 'full').check();
      // Still said at the deposit while the visitor weighs the two.
      await expect(deposit).toContainText(words);
      await page.screenshot({ path: test.info().outputPath('deposit-due-now.png') });
    });
  });
}
