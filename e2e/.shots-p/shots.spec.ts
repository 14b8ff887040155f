import { expect, test, type Page } from '@playwright/test';
import { bookableDeparture, completeParticipantsStep, DEMO_PARTICIPANTS, startBooking } from '../support/booking.ts';
import { acceptTermsAndWaitForCardForm, failNextConfirmation, payByCard, reviewHeading, stepHeading, storedBooking } from '../support/payment.ts';

const OUT = '/tmp/p-shots';
const [LEAD] = DEMO_PARTICIPANTS;

async function shot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
    if (width === 375) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, part = 1; y < height; y += 1100, part++) {
        await page.screenshot({ path: `${OUT}/${name}-${width}-part${part}.png`, fullPage: true, clip: { x: 0, y, width: 375, height: Math.min(1100, height - y) } });
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function toReview(page: Page, request: import('@playwright/test').APIRequestContext, minDaysAhead: number) {
  const departure = await bookableDeparture(request, 'MHW-VIE', { minDaysAhead });
  await startBooking(page, { tour: 'MHW-VIE', departure });
  await completeParticipantsStep(page, [LEAD]);
  await page.getByRole('group', { name: /^Flights for/ }).getByRole('radio', { name: /OS 457/ }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Extras and options')).toBeVisible();
  await page.getByRole('group', { name: /Option 1/ }).getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('radio', { name: /Single room/ }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('group', { name: /Additional nights for/ }).getByRole('radio', { name: /^Additional night/ }).check();
  await page.getByRole('button', { name: 'Continue to payment', exact: true }).click();
  await expect(reviewHeading(page)).toBeVisible();
}

test('screens', async ({ page, request }) => {
  await toReview(page, request, 150);
  await shot(page, '4a-before-terms');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' }).check();
  await page.waitForTimeout(1200);
  await shot(page, '4a-unlocking');
  await page.waitForTimeout(2400);
  await shot(page, '4a-preparing');
  await acceptTermsAndWaitForCardForm(page).catch(() => undefined);
  await page.waitForTimeout(1500);
  await shot(page, '4a-card-form');
  await payByCard(page);
  await expect(page).toHaveURL(/booking-confirmation/);
  await page.waitForTimeout(800);
  await shot(page, '5-confirmation');
});

test('promotion and billing', async ({ page, request }) => {
  await toReview(page, request, 150);
  await page.getByLabel('Enter a promotional code').fill('SPRING10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForTimeout(600);
  await shot(page, '4a-promo-refused');
  await page.getByLabel('Enter a promotional code').fill('WELCOME100');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promotional code applied.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' }).check();
  await page.waitForTimeout(3300);
  await page.getByRole('checkbox', { name: 'Tick to use a different billing address' }).check();
  await page.waitForTimeout(300);
  await shot(page, '4a-promo-billing');
});

test('unconfirmed', async ({ page, request }) => {
  await toReview(page, request, 40);
  const booking = await storedBooking(page);
  await failNextConfirmation(request, booking.id);
  await acceptTermsAndWaitForCardForm(page);
  await payByCard(page);
  await expect(page.getByText(/unable to confirm your booking at this time/)).toBeVisible();
  await page.waitForTimeout(500);
  await shot(page, 'unconfirmed');
});
