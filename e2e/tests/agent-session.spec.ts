import { ALERTS, VALIDATION } from '@tours/domain';
import type { Locator, Page } from '@playwright/test';
import { bookableDeparture, participantSection, startBooking } from '../support/booking.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { picture, shoot } from '../support/shots.ts';

/**
 * The travel agent session (spec sections 2 Header and Travel agent modal,
 * 4 Agent session, 5 Agent, 8): verifying an agent's staff member in the
 * 'Travel agent bookings' modal, the header while an agent is set, and
 * ending the session. The demo agent is the seed's (apps/api/src/db/seed/data/agents.ts).
 */

const AGENT_ID = 'AG1001';
const AGENT_NAME = 'Wanderlust Travel Ltd';
const STAFF_EMAIL = 'jane.holt@wanderlust.example';
const STAFF_NAME = 'Jane Holt';

/** The persisted stores End agent session must bring back (lib/storage.ts CLEARED_AT_LOGOUT). */
const STORE_KEYS = {
  session: ['tours.account-session', 'tours.booking', 'tours.payment', 'tours.account-payment', 'tours.notifications-shown'],
  local: ['tours.product', 'tours.passengers'],
} as const;

const header = (page: Page) => page.getByRole('banner');
const modal = (page: Page) => page.getByRole('dialog', { name: 'Travel agent bookings' });
const toasts = (page: Page) => page.locator('.toast');


/** The header's agent button, once the 1.5 s placeholder has gone; on a phone it sits in the menu. */
async function agentButton(page: Page, name: string | RegExp): Promise<Locator> {
  const menu = header(page).getByRole('button', { name: 'Menu' });
  const button = header(page).getByRole('button', { name, exact: true });
  // The header has rendered once either shows: asked before that, isVisible() says no menu on a phone too.
  await expect(menu.or(button).first()).toBeVisible();
  if (await menu.isVisible()) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  await expect(button).toBeVisible();
  return button;
}

async function openModal(page: Page, name: string = 'Travel agents'): Promise<Locator> {
  await (await agentButton(page, name)).click();
  await expect(modal(page)).toBeVisible();
  return modal(page);
}

async function fillAndVerify(page: Page, agentId: string, email: string, submit: 'click' | 'enter' = 'click') {
  const dialog = modal(page);
  await dialog.getByLabel(/^Agent ID/).fill(agentId);
  await dialog.getByLabel(/^Staff email/).fill(email);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/bookings/agents/verify'));
  if (submit === 'enter') await dialog.getByLabel(/^Staff email/).press('Enter');
  else await dialog.getByRole('button', { name: 'Verify' }).click();
  return answered;
}

/** Every stored value of the stores that logout clears, parsed (absent is null). */
function storedStores(page: Page) {
  return page.evaluate((keys) => {
    const read = (storage: Storage, key: string) => {
      const raw = storage.getItem(key);
      return raw === null ? null : (JSON.parse(raw) as unknown);
    };
    return {
      session: Object.fromEntries(keys.session.map((key) => [key, read(window.sessionStorage, key)])),
      local: Object.fromEntries(keys.local.map((key) => [key, read(window.localStorage, key)])),
    };
  }, STORE_KEYS);
}

/** The account session as a fresh visitor has it (spec section 4, Logout: initial values). */
const INITIAL_SESSION = {
  user: null,
  customer: null,
  customerAddress: null,
  isAuth: false,
  accessToken: null,
  agent: null,
  agentStaff: null,
  agentVerification: null,
  bookingTab: 0,
  locationWhenAuthenticating: '/',
  authenticating: false,
};

test.describe('travel agent session', () => {
  test('the modal asks for both fields, names a wrong ID and a wrong e-mail, and passes axe', async ({ page }) => {
    await page.goto('/tours');
    const dialog = await openModal(page);
    await expect(dialog.getByText('Verify your travel agent profile and continue to make a booking.')).toBeVisible();
    await expectNoA11yViolations(page);
    await shoot(page, 'agent-modal', { fullPage: false });

    // Both required messages, with no call made.
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/bookings/agents/verify')) calls += 1;
    });
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText(VALIDATION.agentIdRequired)).toBeVisible();
    await expect(dialog.getByText(VALIDATION.staffEmailRequired)).toBeVisible();
    await expect(dialog.getByLabel(/^Agent ID/)).toBeFocused();
    expect(calls).toBe(0);
    await expectNoA11yViolations(page);
    await shoot(page, 'agent-modal-required', { fullPage: false });

    // An unknown agent ID: the warning toast, the field marked, no session.
    const unknownAgent = await fillAndVerify(page, 'AG0000', STAFF_EMAIL);
    expect(unknownAgent.status()).toBe(404);
    const agentToast = toasts(page).filter({ hasText: ALERTS.agentNotFound.message });
    await expect(agentToast).toBeVisible();
    await expect(agentToast).toHaveClass(/toast--warning/);
    await expect(agentToast).toContainText('System Alert');
    await expect(dialog.getByLabel(/^Agent ID/)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel(/^Agent ID/)).toBeFocused();
    await shoot(page, 'agent-modal-unknown-agent', { fullPage: false });
    await agentToast.getByRole('button', { name: 'Dismiss alert' }).click();

    // The right agent, an e-mail none of its staff has (Enter submits).
    const unknownStaff = await fillAndVerify(page, AGENT_ID, 'nobody@wanderlust.example', 'enter');
    expect(unknownStaff.status()).toBe(404);
    const staffToast = toasts(page).filter({ hasText: ALERTS.staffNotFound.message });
    await expect(staffToast).toBeVisible();
    await expect(staffToast).toHaveClass(/toast--warning/);
    await expect(dialog.getByLabel(/^Staff email/)).toBeFocused();
    expect(calls).toBe(2);

    // Nothing was stored, and the header is unchanged.
    const stored = await storedStores(page);
    expect((stored.session['tours.account-session'] as { state?: Record<string, unknown> } | null)?.state?.agent ?? null).toBeNull();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Travel agents' })).toBeVisible();
  });

  test('verifies AG1001 with Jane Holt, names the agent in the header, and End agent session clears every store', async ({ page, request }) => {
    // A visitor's stores as they are before any agent: the values End agent session must bring back.
    await page.goto('/tours');
    await expect(header(page).getByRole('button', { name: 'Travel agents' })).toBeVisible();
    const initial = await storedStores(page);

    await openModal(page);
    const answer = await fillAndVerify(page, AGENT_ID, STAFF_EMAIL, 'enter');
    expect(answer.status()).toBe(200);
    await expect(modal(page)).toBeHidden();
    const found = toasts(page).filter({ hasText: ALERTS.agentFound.message });
    await expect(found).toBeVisible();
    await expect(found).toHaveClass(/toast--success/);

    // The header: the agent's name replaces 'Travel agents'; 'Sign in' is hidden while a staff member is set.
    await expect(header(page).getByRole('button', { name: AGENT_NAME })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Travel agents' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await shoot(page, 'agent-header-verified', { widths: [1280], fullPage: false });

    // The account session keeps the agent, the staff member and the verification token, and survives a reload.
    const session = (await storedStores(page)).session['tours.account-session'] as { state: Record<string, unknown> };
    expect(session.state).toMatchObject({
      agent: { ID: AGENT_ID, Name: AGENT_NAME },
      agentStaff: { Name: STAFF_NAME, Email: STAFF_EMAIL },
      agentVerification: { token: expect.any(String), expires_at: expect.any(String) },
    });
    await page.reload();
    await expect(header(page).getByRole('button', { name: AGENT_NAME })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);

    // A booking begun as the agent: the product and the participant typed are stored too.
    const departure = await bookableDeparture(request, 'MHW-VIE', { minDaysAhead: 60 });
    await startBooking(page, { tour: 'MHW-VIE', departure });
    await participantSection(page, 0).getByLabel(/^First name/).fill('Clara');
    await expect.poll(async () => JSON.stringify((await storedStores(page)).local['tours.passengers'])).toContain('Clara');

    const dialog = await openModal(page, AGENT_NAME);
    await expect(dialog.getByText(`You're currently making bookings as agent ${AGENT_NAME}`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'End agent session' })).toBeVisible();
    await expectNoA11yViolations(page);
    await shoot(page, 'agent-modal-session', { fullPage: false });

    await dialog.getByRole('button', { name: 'End agent session' }).click();
    await expect(modal(page)).toBeHidden();
    const ended = toasts(page).filter({ hasText: ALERTS.agentSessionEnded.message });
    await expect(ended).toBeVisible();
    await expect(ended).toHaveClass(/toast--success/);
    // Off the booking page, so the booking does not start again from its URL.
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('button', { name: 'Travel agents' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await shoot(page, 'agent-session-ended', { widths: [1280], fullPage: false });

    // Every store is back to what the visitor had before: the account session at its initial values, the rest as they were.
    const after = await storedStores(page);
    const accountSession = after.session['tours.account-session'] as { state: Record<string, unknown> } | null;
    expect(accountSession?.state ?? INITIAL_SESSION).toMatchObject(INITIAL_SESSION);
    for (const area of ['session', 'local'] as const) {
      for (const key of STORE_KEYS[area]) {
        if (key === 'tours.account-session') continue;
        expect(after[area][key], key).toEqual(initial[area][key]);
      }
    }
    // And it stays ended after a reload.
    await page.reload();
    await expect(header(page).getByRole('button', { name: 'Travel agents' })).toBeVisible();
  });

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the modal fits, verifies from the menu, and the menu shows the agent without Sign in', async ({ page }) => {
      await page.goto('/tours');
      const dialog = await openModal(page);
      const box = await dialog.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      // No sideways scrolling anywhere.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoA11yViolations(page);

      // A slow answer: the wait says what is happening, and Verify cannot be pressed twice.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/bookings/agents/verify', async (route) => {
        await held;
        await route.continue();
      });
      const answered = fillAndVerify(page, AGENT_ID, STAFF_EMAIL);
      const busy = dialog.getByRole('button', { name: 'Verifying…' });
      await expect(busy).toBeVisible();
      await expect(busy).toBeDisabled();
      await expect(dialog.getByRole('status')).toHaveText('Verifying your agent details, please wait.');
      await picture(page, 'agent-modal-verifying-375', { fullPage: false });
      release();
      const answer = await answered;
      expect(answer.status()).toBe(200);
      await expect(modal(page)).toBeHidden();
      await expect(toasts(page).filter({ hasText: ALERTS.agentFound.message })).toBeVisible();

      await agentButton(page, AGENT_NAME);
      await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);
      await picture(page, 'agent-menu-verified-375', { fullPage: false });

      const session = await openModal(page, AGENT_NAME);
      await session.getByRole('button', { name: 'End agent session' }).click();
      await expect(toasts(page).filter({ hasText: ALERTS.agentSessionEnded.message })).toBeVisible();
      await agentButton(page, 'Travel agents');
      await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    });
  });
});
