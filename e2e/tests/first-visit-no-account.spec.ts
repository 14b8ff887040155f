import { ALERTS, LOGOUT_AFTER_SIGN_IN_FAILURE_MS, OPERATOR } from '@tours/domain';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { uniqueEmail } from '../support/review.ts';
import { signInAtProvider } from '../support/sign-in.ts';
import { SCREENS } from '../support/viewports.ts';

/**
 * Issue 25, item 7 (and issue 24's flash): 'No account found' showed for 3 s,
 * then the provider's logout reloaded Home with no trace of it, and with a
 * 'Loading the page…' flash on the way. Home now names the address tried and
 * what to do, carried across the provider's logout in session storage (never
 * the URL), and the reloaded Home shows at once. The page's clock is
 * Playwright's, so the 3 s before the logout are run, not waited.
 */

const PHONE_NUMBER = OPERATOR.regions.DEFAULT.phone;

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test("after 'No account found' Home names the address tried and what to do, with no loading flash", async ({ page }) => {
      await page.clock.install();
      // Every document of the tab notes whether 'Loading the page…' was ever drawn in it.
      await page.addInitScript(() => {
        const seen = () => document.body?.textContent?.includes('Loading the page…') ?? false;
        const flag = window as unknown as { loadingFlash?: boolean };
        flag.loadingFlash = false;
        new MutationObserver(() => {
          if (seen()) flag.loadingFlash = true;
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      const email = uniqueEmail('no-booking-yet');
      const addresses: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) addresses.push(frame.url());
      });

      await page.goto('/');
      await page.getByRole('main').getByRole('button', { name: 'Continue', exact: true }).click();
      await signInAtProvider(page, email);
      await expect(page.getByText(ALERTS.noAccount(PHONE_NUMBER).message)).toBeVisible({ timeout: 20_000 });

      // The spec's 3 s, then the provider's logout, which brings the visitor back to Home.
      const providerLogout = page.waitForURL(/\/idp\//);
      await page.clock.runFor(LOGOUT_AFTER_SIGN_IN_FAILURE_MS);
      await providerLogout;
      await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });

      const notice = page.getByRole('status').filter({ hasText: 'No account found' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(`You signed in as ${email}`);
      await expect(notice).toContainText('the e-mail address you used on your booking');
      await expect(notice.getByRole('link', { name: PHONE_NUMBER })).toHaveAttribute('href', `tel:${OPERATOR.regions.DEFAULT.tel}`);
      expect(await page.evaluate(() => (window as unknown as { loadingFlash?: boolean }).loadingFlash)).toBe(false);
      // The address never travelled in a URL.
      expect(addresses.filter((address) => address.includes(encodeURIComponent(email)) || address.includes(email))).toEqual([]);
      await expectNoA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath('no-account-home.png') });

      // It stays while the visitor reads, a reload included; a new sign-in puts it away.
      await page.reload();
      await expect(notice).toBeVisible();
      await page.getByRole('main').getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page).toHaveURL(/\/idp\//);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeVisible();
      await expect(notice).toHaveCount(0);
    });
  });
}
