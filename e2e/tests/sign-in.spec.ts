import { ALERTS, OPERATOR, SCREEN_TEXT } from '@tours/domain';
import type { Page } from '@playwright/test';
import { DEMO_PARTICIPANTS } from '../support/booking.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { acceptTermsAndWaitForCardForm, payByCard } from '../support/payment.ts';
import { expectConfirmation, partyWithLeadEmail, reviewDayTrip, uniqueEmail } from '../support/review.ts';
import { signInAtProvider, signInFromHome } from '../support/sign-in.ts';
import { shoot } from '../support/shots.ts';

/**
 * Sign-in with OpenID Connect against the sandbox provider that ships with
 * the product (spec sections 2 Home and Header, 4 Sign-in and Logout, 8).
 */

const DEMO = 'demo@example.com';
const PHONE = OPERATOR.regions.DEFAULT.phone;
// Far enough ahead that the day trip is bookable and paid in full.
const DAY_TRIP_DAYS_AHEAD = 50;

const header = (page: Page) => page.getByRole('banner');
const headerNav = (page: Page) => header(page).getByRole('navigation', { name: 'Main' });


/**
 * Records the pages the tab goes through from now on; `backFromProvider`
 * waits until the provider's end-session pages have sent it back to Home.
 */
function recordNavigations(page: Page) {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  return {
    seen,
    async backFromProvider() {
      await expect.poll(() => seen.some((path) => path.startsWith('/idp/')), { timeout: 20_000, message: seen.join(' ') }).toBe(true);
      await expect.poll(() => seen.at(-1), { timeout: 20_000 }).toBe('/');
      await page.waitForLoadState('load');
    },
  };
}

/** The account session as the site stored it (session storage). */
const accountSession = (page: Page) =>
  page.evaluate(() => JSON.parse(window.sessionStorage.getItem('tours.account-session') ?? 'null') as { state: Record<string, unknown> } | null);

test.describe('sign-in', () => {
  test('demo@example.com signs in from Home and lands on /account, signed in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeVisible();
    await expect(page.getByText(/submit your travel information, pay your balance and download/)).toBeVisible();
    await expectNoA11yViolations(page);
    await shoot(page, 'sign-in-home');

    await signInFromHome(page, DEMO);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage your bookings' })).toBeVisible();
    // The demo's bookings need details soon, so the Notifications modal opens by itself once they load (account-passengers.spec.ts).
    const notifications = page.getByRole('dialog', { name: 'Notifications' });
    await expect(notifications).toBeVisible();
    await notifications.getByRole('button', { name: 'Close' }).click();
    await expect(headerNav(page).getByRole('link', { name: 'My account' })).toBeVisible();
    await expect(headerNav(page).getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(headerNav(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await expect(headerNav(page).getByRole('button', { name: 'Travel agents' })).toHaveCount(0);
    const session = await accountSession(page);
    expect(session?.state).toMatchObject({ isAuth: true, customer: { email: DEMO } });
    expect(typeof session?.state.accessToken).toBe('string');
    await shoot(page, 'sign-in-account');

    // The token goes with the account calls: the profile answers for this customer.
    const profile = await page.evaluate(async (token) => {
      const response = await fetch('/api/account/profile', { headers: { Authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) as { data: { customer: { email: string } } } };
    }, session!.state.accessToken as string);
    expect(profile.status).toBe(200);
    expect(profile.body.data.customer.email).toBe(DEMO);

    // Log out away from /book: no question, the session ends, the header offers Sign in again.
    const navigations = recordNavigations(page);
    await headerNav(page).getByRole('button', { name: 'Log out' }).click();
    await navigations.backFromProvider();
    await expect(headerNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect((await accountSession(page))?.state.isAuth ?? false).toBe(false);
  });

  test('a deep link into the account area asks to sign in and returns to it', async ({ page }) => {
    await page.goto('/account/booking/1?tab=2');
    await expect(page).toHaveURL(/\/$/);
    await signInFromHome(page, DEMO);
    // Back on the booking asked for; the page then uses ?tab= and clears it from the address (spec section 2, Booked Item).
    await page.waitForURL((url) => url.pathname === '/account/booking/1');
    await expect(page).toHaveURL(/\/account\/booking\/1$/);
    const session = await accountSession(page);
    expect(session?.state).toMatchObject({ bookingTab: 2, activeBookingId: 1 });
  });

  test("an e-mail with no booking gets 'No account found' and is signed out", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('button', { name: 'Continue', exact: true }).click();
    await signInAtProvider(page, uniqueEmail('no-booking'));
    const toast = page.getByText(ALERTS.noAccount(PHONE).message);
    await expect(toast).toBeVisible({ timeout: 20_000 });
    await shoot(page, 'sign-in-no-account');
    expect((await accountSession(page))?.state.isAuth ?? false).toBe(false);
    // The provider session ends 3 s later; the visitor is back on Home, signed out.
    await page.waitForURL((url) => url.pathname === '/' && !url.search, { timeout: 20_000 });
    await expect(headerNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test("the provider's error return shows the error box", async ({ page }) => {
    await page.goto('/auth/callback?error=access_denied&state=abc123');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert').filter({ hasText: SCREEN_TEXT.invalidAccount })).toBeVisible();
    await expectNoA11yViolations(page);
    await shoot(page, 'sign-in-provider-error');
  });

  test('the overlay shows while authenticating and a click clears it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/idp\//);
    // Back from the provider with the Back button: the overlay is still up until clicked.
    await page.goBack();
    const message = page.getByRole('status').filter({ hasText: SCREEN_TEXT.authenticating });
    await expect(message).toBeVisible();
    await expectNoA11yViolations(page);
    await shoot(page, 'sign-in-overlay');
    // A click anywhere clears it.
    await page.mouse.click(40, 600);
    await expect(message).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
  });

  test('logout on /book asks first, then clears the stores', async ({ page, request }) => {
    await page.goto('/');
    await signInFromHome(page, DEMO);
    await expect(page).toHaveURL(/\/account$/);

    // A booking under way (as far as review), so the booking, payment, product and passenger stores hold it.
    await reviewDayTrip(page, request, { minDaysAhead: DAY_TRIP_DAYS_AHEAD, participants: partyWithLeadEmail(DEMO) });
    // While a booking is active off Home, 'My account' steps aside; 'Log out' stays and asks.
    await expect(headerNav(page).getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(headerNav(page).getByRole('link', { name: 'My account' })).toHaveCount(0);
    expect(await page.evaluate(() => [window.sessionStorage.getItem('tours.booking'), window.localStorage.getItem('tours.product')])).not.toContain(null);

    await headerNav(page).getByRole('button', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await expect(dialog.getByText(SCREEN_TEXT.logoutDuringBooking)).toBeVisible();
    await expectNoA11yViolations(page);
    await shoot(page, 'sign-in-logout-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await accountSession(page))?.state.isAuth).toBe(true);

    await headerNav(page).getByRole('button', { name: 'Log out' }).click();
    const navigations = recordNavigations(page);
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await navigations.backFromProvider();
    const stored = await page.evaluate(() => ({
      session: Object.keys(window.sessionStorage).filter((key) => key.startsWith('tours.') && key !== 'tours.region'),
      local: Object.keys(window.localStorage).filter((key) => key.startsWith('tours.')),
      localText: JSON.stringify(window.localStorage),
      sessionText: JSON.stringify(window.sessionStorage),
      booking: JSON.parse(window.sessionStorage.getItem('tours.booking') ?? 'null') as { state: Record<string, unknown> } | null,
      account: JSON.parse(window.sessionStorage.getItem('tours.account-session') ?? 'null') as { state: Record<string, unknown> } | null,
    }));
    // The product is gone; a passenger list may be written back blank by the page being left, never with the party in it.
    expect(stored.local.filter((key) => key !== 'tours.passengers')).toEqual([]);
    expect(stored.localText).not.toContain(DEMO_PARTICIPANTS[0].family_name);
    expect(stored.localText).not.toContain(DEMO);
    // Likewise the booking store may be written back in its empty state by the page being left: never with the booking in it.
    expect(stored.session.filter((key) => key !== 'tours.account-session' && key !== 'tours.booking')).toEqual([]);
    expect(stored.booking?.state.activeBooking ?? null).toBeNull();
    expect(stored.booking?.state.passengers ?? []).toEqual([]);
    expect(stored.sessionText).not.toContain(DEMO_PARTICIPANTS[0].family_name);
    expect(stored.account?.state.isAuth ?? false).toBe(false);
    expect(stored.account?.state.accessToken ?? null).toBeNull();
    // The booking can be continued afterwards, as the question promised.
    await expect(page.getByRole('link', { name: /Continue with your last booking/ })).toBeVisible();
  });

  test('a booking paid with a new e-mail address can then sign in', async ({ page, request }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail('new-customer');
    const details = await reviewDayTrip(page, request, { minDaysAhead: DAY_TRIP_DAYS_AHEAD, participants: partyWithLeadEmail(email) });
    await acceptTermsAndWaitForCardForm(page);
    await payByCard(page);
    await expectConfirmation(page, { paid: details.total_price.value, balance: 0 });

    // Step 5's Sign in goes straight to the provider and back to the account area.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/account$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Manage your bookings' })).toBeVisible();
    expect((await accountSession(page))?.state).toMatchObject({ isAuth: true, customer: { email } });
  });
});
