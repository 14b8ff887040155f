import type { BrowserContext, Page } from '@playwright/test';
import { STAFF_MESSAGES } from '@tours/domain';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { addVirtualAuthenticator, consoleContext, DEMO_STAFF, firstSignIn, navigationItems, provePasskey, signInAtConsole, signOutOfConsole, type VirtualAuthenticator } from '../support/console.ts';
import { shoot } from '../support/shots.ts';
import { signInAtProvider } from '../support/sign-in.ts';

/**
 * Issue 26: a staff member signs in at /admin through the sandbox identity
 * provider (the e-mailed code) and a passkey of Chromium's virtual
 * authenticator: registered at the first sign-in with ten recovery codes
 * shown once, proven at the next; a recovery code works once; a session that
 * ends returns the member to the sign-in and then to the page they were on;
 * an address that is no staff member's is refused.
 */
test.describe('signing in to the staff console', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  const ops = DEMO_STAFF.operations;
  let context: BrowserContext;
  let page: Page;
  let authenticator: VirtualAuthenticator;
  let codes: string[];

  test.beforeAll(async ({ browser, server }) => {
    context = await consoleContext(browser, server);
    page = await context.newPage();
    authenticator = await addVirtualAuthenticator(page);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test('the first sign-in registers a passkey and shows ten recovery codes once', async () => {
    codes = await firstSignIn(page, ops);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(await authenticator.credentials()).toHaveLength(1);
    expect((await authenticator.credentials())[0]!.rpId).toBe('localhost');
    // Operations: bookings but no staff management in the navigation, and what the role allows on the home page.
    expect(await navigationItems(page)).toEqual(['Home', 'Bookings', 'Departures']);
    await expect(page.getByText('Operations', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: "Edit passengers' details on a customer's behalf" })).toBeVisible();
    // The codes were shown once: the page is gone for good.
    await page.goto('/admin/sign-in/recovery-codes');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${ops.name}` })).toBeVisible();
    await signOutOfConsole(page);
  });

  test('the next sign-in asks for the passkey', async () => {
    await signInAtConsole(page, ops.email);
    await provePasskey(page);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${ops.name}` })).toBeVisible();
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(0);
    await signOutOfConsole(page);
  });

  test('a recovery code signs in once instead of the passkey, and the console offers a new passkey', async () => {
    await signInAtConsole(page, ops.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Use your passkey' })).toBeVisible();
    await page.getByRole('link', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[3]!.toLowerCase());
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Register a new passkey?' })).toBeVisible();
    // This device still holds the registered passkey, so it refuses to make another for the same account (excludeCredentials).
    await page.getByRole('button', { name: 'Register a new passkey' }).click();
    await expect(page.getByRole('alert').getByText('This passkey is registered already. Use another device or security key.')).toBeVisible();
    // The member lost that passkey: the authenticator forgets it, and a new one is registered.
    await authenticator.cdp.send('WebAuthn.clearCredentials', { authenticatorId: authenticator.authenticatorId });
    await page.getByRole('button', { name: 'Register a new passkey' }).click();
    await expect(page.getByText('Your new passkey is registered')).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(1);
    await page.getByRole('button', { name: 'Continue to the console' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${ops.name}` })).toBeVisible();
    await signOutOfConsole(page);

    await signInAtConsole(page, ops.email);
    await page.getByRole('link', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[3]!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(STAFF_MESSAGES.recoveryCodeWrong)).toBeVisible();
    await expect(page.getByLabel('Recovery code')).toHaveAttribute('aria-invalid', 'true');
  });

  test('an ended session returns to the sign-in, then to the page the member was on', async () => {
    // The refused recovery code above left no session, but the provider still knows this browser: no code, straight to the passkey.
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/admin\/sign-in\/passkey$/);
    await provePasskey(page);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${ops.name}` })).toBeVisible();
    await page.goto('/admin/no-such-page?from=test');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // The session ends behind the console's back (signed out elsewhere, idle, 12 hours: the API answers 401 all the same).
    await page.evaluate(async () => {
      const { token } = JSON.parse(sessionStorage.getItem('tours.console.session')!) as { token: string };
      await fetch('/api/staff/session/end', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    });
    // The next call the console makes (here, as the page loads again) is refused.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
    await expect(page.getByText('Your session has ended')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The provider still knows this browser: no code this time, straight back with a token.
    await page.waitForURL(/\/admin\/sign-in\/passkey$/);
    await provePasskey(page);
    await expect(page).toHaveURL(/\/admin\/no-such-page\?from=test$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('an address that is no staff member is refused', async ({ browser, server }) => {
    const stranger = await consoleContext(browser, server);
    const strangerPage = await stranger.newPage();
    await strangerPage.goto('/admin');
    await strangerPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signInAtProvider(strangerPage, 'demo@example.com');
    await expect(strangerPage.getByRole('heading', { level: 1, name: 'You cannot use the staff console' })).toBeVisible({ timeout: 20_000 });
    await expect(strangerPage.getByText(STAFF_MESSAGES.notStaff)).toBeVisible();
    // Nothing of the console opens without a session.
    await strangerPage.goto('/admin/staff');
    await expect(strangerPage.getByRole('heading', { level: 1, name: 'Sign in to the staff console' })).toBeVisible();
    await stranger.close();
  });
});

/**
 * The console's shell: the member's name and roles in the header, the
 * sections their roles allow, the home page's work-queue region and the
 * bookings section's place, accessible (axe) and whole at 1366 and 375 px.
 */
test('the console shell names the member and their role, and works at 1366 and 375 px', async ({ browser, server }) => {
  test.setTimeout(120_000);
  const finance = DEMO_STAFF.finance;
  const context = await consoleContext(browser, server, { width: 1366, height: 900 });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  await firstSignIn(page, finance);

  const header = page.getByRole('banner');
  await expect(header.getByText(finance.name, { exact: true })).toBeVisible();
  await expect(header.getByText(finance.label, { exact: true })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(await navigationItems(page)).toEqual(['Home', 'Bookings', 'Departures']);
  await expect(page.getByRole('region', { name: 'Work queue' })).toBeVisible();

  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${finance.name}` })).toBeVisible();
    await expectNoA11yViolations(page);
    // Nothing wider than the window: no sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shoot(page, 'console-home', { widths: [width] });
  }

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Bookings' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bookings' })).toHaveAttribute('aria-current', 'page');
  await expectNoA11yViolations(page);
  await shoot(page, 'console-bookings', { widths: [1366, 375] });

  await signOutOfConsole(page);
  await context.close();
});
