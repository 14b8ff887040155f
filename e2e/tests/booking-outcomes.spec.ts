import { VALIDATION } from '@tours/domain';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations, expect, test } from '../support/fixtures.ts';
import { CONFIRMATION_SUBJECT, waitForMailboxMessages } from '../support/mailbox.ts';
import { acceptTermsAndWaitForCardForm, payByCard, termsCheckbox } from '../support/payment.ts';
import { chooseRoomAndReview, partyWithLeadEmail, reviewDayTrip, uniqueEmail, viennaToAccommodation } from '../support/review.ts';

/**
 * Bookings that end differently from a deposit on a far departure: a
 * promotion that covers the whole price (nothing to pay, confirmed without a
 * card), and a departure under five weeks away (an Optional booking).
 */

const confirmationHeading = (page: Page) => page.getByRole('heading', { level: 2, name: 'Thank you for your booking' });

test('a promotion that brings the total to 0 is confirmed without a card payment', async ({ page, context, request }) => {
  const email = uniqueEmail('zero-total');
  // The £25 online talk, more than 72 hours ahead; WELCOME100 covers all of it.
  const details = await reviewDayTrip(page, request, { tour: 'OT-BAC', minDaysAhead: 30, participants: partyWithLeadEmail(email) });
  expect(details.total_price.value).toBeLessThanOrEqual(10_000);
  await page.getByLabel('Enter a promotional code').fill('WELCOME100');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(VALIDATION.promoApplied)).toBeVisible();

  // Nothing to pay: no payment options and no card form, only the terms and 'Confirm Booking'.
  await expect(page.getByRole('radio', { name: /^Pay (the deposit|in full)/ })).toHaveCount(0);
  await expect(page.locator('iframe[title="Card payment form"]')).toHaveCount(0);
  await termsCheckbox(page).check();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();

  await expect(page).toHaveURL(/\/booking-confirmation$/);
  await expect(confirmationHeading(page)).toBeVisible();
  const mailbox = await context.newPage();
  await waitForMailboxMessages(mailbox, { to: email, subject: CONFIRMATION_SUBJECT });
});

test('a departure under five weeks away is booked as an optional booking', async ({ page, request }) => {
  const email = uniqueEmail('optional');
  // The 20-day Vienna departure: residential and under five weeks away.
  await viennaToAccommodation(page, request, { minDaysAhead: 15, participants: partyWithLeadEmail(email, 2) });
  await chooseRoomAndReview(page, 'Double room');
  await acceptTermsAndWaitForCardForm(page);
  await payByCard(page);

  await expect(page).toHaveURL(/\/booking-confirmation$/);
  await expect(confirmationHeading(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your optional booking has been received' })).toBeVisible();
  await expect(page.getByText(/is an optional booking, subject to availability checks/)).toBeVisible();
  await expectNoA11yViolations(page);
});
