import { PURCHASE_TIMEOUT_SECONDS } from '@tours/domain';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { bookableDeparture, DEMO_PARTICIPANTS, participantSection, startBooking } from '../support/booking.ts';
import { payByCard } from '../support/payment.ts';
import { reviewDayTrip } from '../support/review.ts';
import { openCardFormOnTheClock } from '../support/unconfirmed.ts';
import { SCREENS } from '../support/viewports.ts';

/**
 * Issue 25, item 4: after step 5 the browser's Back reopened step 1 filled
 * with the paid travellers, Forward landed on Home offering 'Continue with
 * your last booking', and a new booking of another tour silently carried the
 * previous companion. A booking bought is finished: Back shows it as bought,
 * Home offers nothing to continue, and a new booking starts with an empty
 * form, offering the same travellers only if the visitor chooses them. The
 * page's clock is Playwright's, so the 90 s after purchase are run, not waited.
 */

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test('Back after paying shows the booking as bought; Forward and a new booking carry nothing of it unasked', async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.clock.install();
      await reviewDayTrip(page, request, { minDaysAhead: 45, participants: DEMO_PARTICIPANTS });
      await openCardFormOnTheClock(page);
      await payByCard(page);
      await expect(page).toHaveURL(/\/booking-confirmation$/);
      const reference = (await page.locator('.confirmation__reference .reference-card__value').textContent())!.trim();

      // The booking ends 90 s after purchase (spec section 4); Back then shows it as bought. (Before, Back leads to the confirmation.)
      await page.clock.runFor((PURCHASE_TIMEOUT_SECONDS + 1) * 1_000);
      await page.goBack();
      await expect(page).toHaveURL(/\/book\?.*step=/);
      const bought = page.getByRole('heading', { level: 2, name: 'You have already booked this tour' });
      await expect(bought).toBeVisible();
      await expect(page.getByText(`Your booking reference is ${reference}.`)).toBeVisible();
      await expect(participantSection(page, 0)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Book this tour again' })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath('bought.png') });

      // Forward: Home, with no booking to continue.
      await page.goForward();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Continue with your last booking' })).toHaveCount(0);

      // A booking of another tour starts empty, and offers the travellers of the last one.
      const sicily = await bookableDeparture(request, 'TSG-SIC', { minDaysAhead: 30 });
      await startBooking(page, { tour: 'TSG-SIC', departure: sicily });
      const lead = participantSection(page, 0);
      await expect(lead.getByLabel(/^First name/)).toHaveValue('');
      await expect(lead.getByLabel(/^E-mail address/)).toHaveValue('');
      await expect(participantSection(page, 1)).toHaveCount(0);
      await expect(page.getByText('Booking for the same people as last time? Dr Margaret Hale and Mr John Thornton.')).toBeVisible();
      await page.getByRole('button', { name: 'Use the same travellers' }).click();
      await expect(lead.getByLabel(/^First name/)).toHaveValue('Margaret');
      await expect(participantSection(page, 1).getByLabel(/^First name/)).toHaveValue('John');
      await expect(page.getByRole('button', { name: 'Use the same travellers' })).toHaveCount(0);
    });
  });
}
