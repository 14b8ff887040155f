import { ALERTS, formatAmount, OPERATOR, SCREEN_TEXT } from '@tours/domain';
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { CONFIRMATION_SUBJECT, mailboxMessages, waitForMailboxMessages } from '../support/mailbox.ts';
import {
  acceptTermsAndWaitForCardForm,
  exactMoney,
  frameAmount,
  payByCard,
  providerAnswer,
  recordProviderMessages,
  reviewHeading,
  stepHeading,
} from '../support/payment.ts';
import { chooseRoomAndReview, expectConfirmation, partyWithLeadEmail, reviewDayTrip, uniqueEmail, viennaToAccommodation } from '../support/review.ts';
import { duplicateTab } from '../support/tabs.ts';

/**
 * A paid booking is settled whatever the page does after the payment: the
 * server hears of it from the provider (its signed notification, or the
 * reconciliation job), the page's confirmation is retried through a server
 * error, and a card form opened for an amount that has since changed cannot
 * be paid. Each test books with a lead e-mail of its own, so its e-mails are
 * told apart from every other test's.
 */

const PHONE = OPERATOR.regions.DEFAULT.phone;
/** More than five weeks away, so the booking is a Quote and is Confirmed once paid (an Optional one would stay Optional). */
const DAY_TRIP_DAYS_AHEAD = 50;
const FAR = 150;
const toast = (page: Page, message: string) => page.locator('.toast-stack').getByText(message);
const isConfirm = (request: Request) => request.url().endsWith('/api/bookings/confirm') && request.method() === 'POST';
const money = (minor: number) => formatAmount(minor, 'GBP');

test('close the tab right after a successful payment', async ({ page, context, request }) => {
  const email = uniqueEmail('closed-tab');
  const details = await reviewDayTrip(page, request, { minDaysAhead: DAY_TRIP_DAYS_AHEAD, participants: partyWithLeadEmail(email) });
  // Only the server can settle this payment: the page's own confirmation never gets through.
  let blocked = 0;
  await page.route('**/api/bookings/confirm', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    blocked += 1;
    return route.abort();
  });

  await acceptTermsAndWaitForCardForm(page);
  const answer = providerAnswer(page);
  await payByCard(page);
  expect((await answer).status).toBe('succeeded');
  await expect(toast(page, ALERTS.paymentSuccessful.message)).toBeVisible();
  // The page did ask (and was cut off), so the e-mail below cannot have come from its confirmation.
  await expect.poll(() => blocked).toBeGreaterThan(0);
  await page.close();

  const mailbox = await context.newPage();
  const confirmation = await waitForMailboxMessages(mailbox, { to: email, subject: CONFIRMATION_SUBJECT });
  // A day trip is paid in full.
  await expect(confirmation).toContainText(`Amount paid: ${money(details.total_price.value)}`);
  await expect(confirmation).toContainText(`Balance due: ${money(0)}`);
});

test('a confirm call that fails once with 500 still ends on step 5', async ({ page, request }) => {
  const email = uniqueEmail('confirm-500');
  const details = await reviewDayTrip(page, request, { minDaysAhead: DAY_TRIP_DAYS_AHEAD, participants: partyWithLeadEmail(email) });
  let failed = false;
  await page.route('**/api/bookings/confirm', (route) => {
    if (route.request().method() !== 'POST' || failed) return route.fallback();
    failed = true;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }) });
  });
  const answers: number[] = [];
  page.on('response', (response) => {
    if (isConfirm(response.request())) answers.push(response.status());
  });

  await acceptTermsAndWaitForCardForm(page);
  await payByCard(page);
  await expect(toast(page, ALERTS.paymentSuccessful.message)).toBeVisible();

  const reference = await expectConfirmation(page, { paid: details.total_price.value, balance: 0 });
  expect(reference).toMatch(/^MER-\d{6}$/);
  expect(answers).toEqual([500, 200]);
  await expect(page.getByText(SCREEN_TEXT.unconfirmed)).toHaveCount(0);
  await expect(toast(page, ALERTS.unableToConfirm(PHONE).message)).toHaveCount(0);
});

test('a card form left open in one tab while the selections change in another cannot be paid at the old amount', async ({ page, request }) => {
  const email = uniqueEmail('two-tabs');
  const providerMessages = await recordProviderMessages(page);
  await viennaToAccommodation(page, request, { minDaysAhead: FAR, participants: partyWithLeadEmail(email, 2) });
  // The visitor duplicates the tab on the accommodation step: from here both tabs carry on the same booking.
  const other = await duplicateTab(page);
  await expect(stepHeading(other, 'Accommodation')).toBeVisible();

  // Tab A: a twin room, review, and the card form open for that deposit.
  const before = await chooseRoomAndReview(page, 'Twin room');
  const oldForm = await acceptTermsAndWaitForCardForm(page);
  await expect(frameAmount(oldForm)).toHaveText(exactMoney(before.deposit.value));

  // Tab B: a double room instead, at another price. Its answer means the server has withdrawn A's request.
  const after = await chooseRoomAndReview(other, 'Double room');
  expect(after.total_price.value).not.toBe(before.total_price.value);
  expect(after.deposit.value).not.toBe(before.deposit.value);

  // Tab A: the old form, still on screen, is paid with the success card.
  await page.bringToFront();
  const reloaded = page.waitForEvent('load', { timeout: 30_000 }).then(
    () => true,
    () => false,
  );
  const answer = providerAnswer(page);
  await payByCard(page);
  const { status } = await answer;
  test.info().annotations.push({ type: 'provider answer to the old form', description: status });

  if (status === 'expired') {
    // The provider refused the withdrawn request: the form closes, the page says so and reloads.
    await expect
      .poll(() => providerMessages.some((message) => message.type === 'closed' && message.error === 'Expired request'))
      .toBe(true);
    await expect(toast(page, ALERTS.paymentExpired(PHONE).message)).toBeVisible();
    expect(await reloaded).toBe(true);
    await expect(reviewHeading(page)).toBeVisible();
    // Back on 4a with the booking as it now stands, and a new form for the new amount.
    await expect(page.locator('.price-table').getByRole('row', { name: /^Total/ })).toContainText(money(after.total_price.value));
    await expect(page.getByRole('row', { name: /^Deposit/ })).toContainText(money(after.deposit.value));
    const newForm = await acceptTermsAndWaitForCardForm(page);
    await expect(frameAmount(newForm)).toHaveText(exactMoney(after.deposit.value));
    await payByCard(page);
    await expectConfirmation(page, { paid: after.deposit.value, balance: after.total_price.value - after.deposit.value, balanceDue: after.balance_due });

    // One confirmation, at the new amount: by the time it is listed, one at the old amount would be too.
    const mailbox = await page.context().newPage();
    const confirmation = await waitForMailboxMessages(mailbox, { to: email, subject: CONFIRMATION_SUBJECT });
    await expect(confirmation).toContainText(`Amount paid: ${money(after.deposit.value)}`);
    await expect(confirmation).toContainText(`Total cost: ${money(after.total_price.value)}`);
    await expect(mailboxMessages(mailbox, email).filter({ hasText: `Amount paid: ${money(before.deposit.value)}` })).toHaveCount(0);
  } else {
    // The payment raced the change and the provider took it: the server holds it for staff, never as paying the new price.
    expect(status, 'the provider refuses the withdrawn request, or took the payment first').toBe('succeeded');
    await expect(page.getByText(SCREEN_TEXT.unconfirmed, { exact: true })).toBeVisible();
    await expect(page).not.toHaveURL(/\/booking-confirmation$/);
    const mailbox = await page.context().newPage();
    await mailbox.goto('/dev/mailbox');
    await expect(mailboxMessages(mailbox, email, CONFIRMATION_SUBJECT)).toHaveCount(0);
  }
});
