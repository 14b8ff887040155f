import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { acceptTermsAndWaitForCardForm, exactMoney, frameAmount, payByCard, sentMail } from '../support/payment.ts';
import { expectConfirmation, partyWithLeadEmail, reviewDayTrip, uniqueEmail } from '../support/review.ts';
import { picture } from '../support/shots.ts';

/**
 * The card form loads wherever the site is opened (issue 9). The worker's
 * server has no PUBLIC_URL, as `npm start` runs by default, so the site
 * follows the origin each request names: opened as localhost or as
 * 127.0.0.1, the provider's script, its frame, the frame's messages and logo
 * and the confirmation e-mail's link all belong to that origin.
 */

const HOSTS = ['localhost', '127.0.0.1'] as const;

/** Whether the frame's logo image loaded (a 404 or a CSP refusal leaves it with no natural width). */
const logoLoaded = (page: Page) =>
  page
    .frameLocator('iframe[title="Card payment form"]')
    .locator('img.pay__logo')
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

for (const host of HOSTS) {
  test.describe(`opened at http://${host}`, () => {
    test.use({ baseURL: async ({ server }, use) => use(`http://${host}:${server.port}`) });

    test('pays the day trip in full with the card form', async ({ page, request, server }) => {
      const origin = `http://${host}:${server.port}`;
      const email = uniqueEmail(`origin-${host.replace(/\W/g, '')}`);
      const details = await reviewDayTrip(page, request, { minDaysAhead: 30, participants: partyWithLeadEmail(email) });
      expect(new URL(page.url()).origin).toBe(origin);

      const tokenAnswer = page.waitForResponse((response) => response.url().endsWith('/api/bookings/payments/token') && response.request().method() === 'POST');
      const frame = await acceptTermsAndWaitForCardForm(page);
      const token = (await (await tokenAnswer).json()) as { data: { script_url: string; origin: string } };
      expect(token.data).toMatchObject({ script_url: `${origin}/pay/sdk.js`, origin });
      expect(await page.locator('iframe[title="Card payment form"]').getAttribute('src')).toMatch(new RegExp(`^${origin.replace(/\./g, '\\.')}/pay/frame\\?token=`));
      await expect(frameAmount(frame)).toHaveText(exactMoney(details.total_price.value));
      await expect.poll(() => logoLoaded(page)).toBe(true);

      const slug = host.replace(/\W/g, '-');
      await page.setViewportSize({ width: 1280, height: 900 });
      await picture(page, `origins-card-form-${slug}-1280`);
      await page.setViewportSize({ width: 375, height: 812 });
      await page.locator('iframe[title="Card payment form"]').evaluate((frame) => frame.scrollIntoView({ block: 'start' }));
      await picture(page, `origins-card-form-${slug}-375`, { fullPage: false });
      await page.setViewportSize({ width: 1280, height: 900 });

      await payByCard(page);
      await expectConfirmation(page, { paid: details.total_price.value, balance: 0 });

      // The e-mail links back to the address the visitor used.
      await expect
        .poll(async () => (await sentMail(request)).find((mail) => mail.to === email)?.body ?? '', { timeout: 15_000 })
        .toContain(`${origin}/account`);
    });
  });
}

test('the operator’s logo is served for the card form', async ({ request }) => {
  const response = await request.get('/logo.svg');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/svg+xml');
  expect(await response.text()).toContain('<title id="logo-title">Meridian Escorted Tours</title>');
});
