import { ALERTS, CONFIRMATION_WAIT_MS, OPERATOR, SCREEN_TEXT, UNCONFIRMED_TIMEOUT_SECONDS } from '@tours/domain';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { payByCard, providerAnswer } from '../support/payment.ts';
import { expectConfirmation, partyWithLeadEmail, reviewDayTrip, uniqueEmail } from '../support/review.ts';
import { failEveryConfirmation, holdSettlement, openCardFormOnTheClock, serverSettlement } from '../support/unconfirmed.ts';

/**
 * The card was charged, and every POST /api/bookings/confirm of the page
 * fails. The server settles the payment by itself (the sandbox provider's
 * notification), and the page learns the outcome from the booking (GET
 * /api/bookings/settlement); when it cannot learn it within
 * CONFIRMATION_WAIT_MS, it shows the unconfirmed screen and 'Unable to
 * confirm booking', and still moves on to step 5 if the server confirms
 * within the unconfirmed session. The page's clock is Playwright's, so no
 * test waits out the 20 s or the 90 s.
 */

const PHONE = OPERATOR.regions.DEFAULT.phone;
/** More than five weeks away: a Quote, Confirmed once paid. */
const DAY_TRIP_DAYS_AHEAD = 50;
const toast = (page: Page, message: string) => page.locator('.toast-stack').getByText(message);
const confirmingOverlay = (page: Page) => page.getByRole('alertdialog', { name: 'Confirming your booking…' });
const unconfirmedScreen = (page: Page) => page.getByText(SCREEN_TEXT.unconfirmed, { exact: true });

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/** Books the day trip to review and pays it by card, with every confirmation of the page failing. */
async function payWithConfirmationsFailing(page: Page, request: Parameters<typeof reviewDayTrip>[1], tag: string) {
  const details = await reviewDayTrip(page, request, { minDaysAhead: DAY_TRIP_DAYS_AHEAD, participants: partyWithLeadEmail(uniqueEmail(tag)) });
  const failedConfirmations = await failEveryConfirmation(page);
  await openCardFormOnTheClock(page);
  const answer = providerAnswer(page);
  await payByCard(page);
  expect((await answer).status).toBe('succeeded');
  await expect(toast(page, ALERTS.paymentSuccessful.message)).toBeVisible();
  await expect.poll(failedConfirmations).toBeGreaterThan(0);
  return details;
}

test('learns from the booking that the server confirmed it, and shows step 5 without the unconfirmed screen', async ({ page, request }) => {
  const details = await payWithConfirmationsFailing(page, request, 'settled-by-server');

  // No clock is run: the server's own settlement is read back after the first failed confirmation.
  await expectConfirmation(page, { paid: details.total_price.value, balance: 0 });
  await expect(unconfirmedScreen(page)).toHaveCount(0);
  await expect(toast(page, ALERTS.unableToConfirm(PHONE).message)).toHaveCount(0);
});

test('shows the unconfirmed screen and toast after 20 s without an answer, then step 5 once the server has confirmed', async ({ page, request }) => {
  const settlement = await holdSettlement(page);
  const details = await payWithConfirmationsFailing(page, request, 'unconfirmed-then-confirmed');
  await expect(confirmingOverlay(page)).toBeVisible();
  await expect.poll(settlement.reads).toBeGreaterThan(0);
  // The server settled the payment by itself meanwhile; the page does not know it yet.
  await expect.poll(() => serverSettlement(page, request)).toMatchObject({ status: 'confirmed' });

  // The exact bound is the unit tests' (confirm-payment.test.ts); here the page's clock runs through it.
  await page.clock.runFor(CONFIRMATION_WAIT_MS);
  await expect(unconfirmedScreen(page)).toBeVisible();
  await expect(toast(page, ALERTS.unableToConfirm(PHONE).message)).toBeVisible();
  await expect(confirmingOverlay(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/book\?/);

  // The page still asks, every 10 s at most, and now hears the server's answer.
  const reads = settlement.reads();
  settlement.release();
  await page.clock.runFor(10_000);
  await expect.poll(settlement.reads).toBeGreaterThan(reads);
  await expectConfirmation(page, { paid: details.total_price.value, balance: 0 });
});

test('stops asking when the unconfirmed session ends with no answer, and keeps the unconfirmed screen', async ({ page, request }) => {
  const settlement = await holdSettlement(page);
  await payWithConfirmationsFailing(page, request, 'never-answered');
  await page.clock.runFor(CONFIRMATION_WAIT_MS);
  await expect(unconfirmedScreen(page)).toBeVisible();

  await page.clock.runFor(UNCONFIRMED_TIMEOUT_SECONDS * 1000);
  await expect(unconfirmedScreen(page)).toBeVisible();
  // The page has let the booking go: however long it stays open, it asks no more.
  await expect.poll(async () => {
    const before = settlement.reads();
    await page.clock.runFor(30_000);
    return settlement.reads() - before;
  }).toBe(0);
  await expect(unconfirmedScreen(page)).toBeVisible();
  await expect(page).not.toHaveURL(/\/booking-confirmation$/);
});
