import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { formatAmount, STAFF_QUEUE_INFO, type CurrencyCode } from '@tours/domain';
import { seedAccountCustomer, type AccountCustomer } from '../support/account.ts';
import { addVirtualAuthenticator, consoleContext, firstSignIn, signInAsDemoAdmin } from '../support/console.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { shoot } from '../support/shots.ts';

/**
 * Issue 26: the staff console's bookings. The work queue's counts on the
 * home page are the API's and lead to their lists; a booking is found by its
 * reference and its page read; operations add an internal note; finance
 * record an offline payment, refund part of it and cancel a booking with the
 * schedule's charge, to the penny as the API's preview gives it; the
 * booking's history shows each action with who did it and why.
 *
 * Its own data, so that no other spec of the worker sees a change: a fresh
 * copy of the demo customer's bookings (POST /api/testing/account-customer),
 * and its own operations and finance members, added by the demo
 * administrator (signInAsDemoAdmin: a passkey or one of its recovery codes,
 * whichever spec of the worker signs in first), since a demo member another
 * spec signed in as holds a passkey this browser does not.
 */

const money = (amount: { value: number; currency: string }) => formatAmount(amount.value, amount.currency as CurrencyCode, { pence: 'always' });
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const OPS = { email: `bookings-ops.${unique}@meridian-tours.example`, name: 'Priya Shah' };
const FINANCE = { email: `bookings-finance.${unique}@meridian-tours.example`, name: 'Tom Reeve' };

/** A staff GET with the page's own session, as the console makes it: what the API says, to compare the page with. */
async function staffGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const { token } = JSON.parse(sessionStorage.getItem('tours.console.session')!) as { token: string };
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  }, `/api/staff${path}`);
}

type Figure = { value: number; currency: string };
interface Preview {
  days_before_departure: number;
  band: { from_days: number; label: string };
  total: Figure;
  paid: Figure;
  charge: Figure;
  refund: Figure;
}

/** The booking page's entry in its history for `action` (newest first), with the member and reason. */
const historyEntry = (page: Page, label: string) => page.getByRole('list', { name: 'History, newest first' }).getByRole('listitem').filter({ hasText: label });

test.describe("the staff console's bookings", () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let customer: AccountCustomer;
  /** Finance's browser, kept for both of their tests: it holds their passkey. */
  let finance: Page;
  const contexts: BrowserContext[] = [];

  /** A member's own browser: the console at localhost with a virtual authenticator for their passkey. */
  async function memberPage(browser: Parameters<typeof consoleContext>[0], server: Parameters<typeof consoleContext>[1]): Promise<Page> {
    const context = await consoleContext(browser, server);
    contexts.push(context);
    const page = await context.newPage();
    await addVirtualAuthenticator(page);
    return page;
  }

  test.afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  test('the administrator adds an operations and a finance member', async ({ browser, server }) => {
    const page = await memberPage(browser, server);
    customer = await seedAccountCustomer(page.request, 'console-bookings');
    await signInAsDemoAdmin(page);
    for (const [member, role] of [
      [OPS, 'operations'],
      [FINANCE, 'finance'],
    ] as const) {
      const status = await page.evaluate(
        async (body) => {
          const { token } = JSON.parse(sessionStorage.getItem('tours.console.session')!) as { token: string };
          const response = await fetch('/api/staff/members', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
          return response.status;
        },
        { email: member.email, name: member.name, roles: [role], reason: 'Bookings browser test' },
      );
      expect(status).toBe(201);
    }
  });

  test('operations see the work queue, open a queue, find a booking by its reference and add a note', async ({ browser, server }) => {
    const page = await memberPage(browser, server);
    await firstSignIn(page, OPS);

    // The counts are the API's, each under the domain's name.
    const queue = page.getByRole('region', { name: 'Work queue' });
    await expect(queue.getByRole('link')).toHaveCount(Object.keys(STAFF_QUEUE_INFO).length);
    const counts = await staffGet<{ items: { queue: keyof typeof STAFF_QUEUE_INFO; count: number }[] }>(page, '/queue');
    for (const { queue: name, count } of counts.items) {
      await expect(queue.getByRole('link', { name: `${STAFF_QUEUE_INFO[name].label}: ${count === 1 ? '1 booking' : `${count} bookings`}` })).toBeVisible();
    }
    // The customer's copies depart within 90 days with details missing: that queue is not empty.
    const missing = counts.items.find((item) => item.queue === 'details-missing')!.count;
    expect(missing).toBeGreaterThanOrEqual(2);

    await queue.getByRole('link', { name: new RegExp(`^${STAFF_QUEUE_INFO['details-missing'].label}`) }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\?queue=details-missing$/);
    await expect(page.getByRole('heading', { level: 2, name: `Work queue: ${STAFF_QUEUE_INFO['details-missing'].label}` })).toBeVisible();
    await expect(page.getByText(`of ${missing} bookings`)).toBeVisible();
    const rows = page.getByRole('table', { name: 'Bookings found' }).getByRole('row');
    await expect(rows).toHaveCount(Math.min(missing, 25) + 1);
    for (const row of await rows.all()) {
      if ((await row.getByRole('columnheader').count()) === 0) await expect(row.getByRole('cell').nth(1)).toContainText(STAFF_QUEUE_INFO['details-missing'].label);
    }

    // By reference: the filters go in the URL, the list is the one booking, and a reload keeps it.
    const booking = customer.withBalance;
    await page.getByRole('link', { name: 'Clear the filters' }).click();
    // The cleared list has rendered (its form is a new one): typed into before then, the old form takes the text away.
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    await expect(page.getByRole('heading', { level: 2, name: /^Work queue/ })).toHaveCount(0);
    await page.getByLabel('Reference or booking id').fill(booking.reference.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?reference=${booking.reference.toLowerCase()}$`));
    await expect(page.getByText('1–1 of 1 booking')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Reference or booking id')).toHaveValue(booking.reference.toLowerCase());
    await expect(rows).toHaveCount(2);
    // The CSV is the same list (the export needs the session's bearer, so the page fetches it and hands it over).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8').trim().split(/\r?\n/);
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(new RegExp(`^${booking.reference},${booking.id},Confirmed,`));
    await expectNoA11yViolations(page);
    await shoot(page, 'console-bookings-search', { widths: [1280, 768] });
    await page.setViewportSize({ width: 768, height: 900 });
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('link', { name: booking.reference }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Booking ${booking.reference}`) })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^Booking ${booking.reference}`));
    for (const section of ['Summary', 'Components', 'Passengers', 'Payments and refunds', 'Documents', 'E-mails sent', 'Internal notes', 'History']) {
      await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
    }
    // Operations may read passports (the API gives them the details) but not touch money.
    await expect(page.getByText('Passport 925076473')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record an offline payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel the booking' })).toHaveCount(0);

    const note = `Customer rang to ask about a quieter room (${unique}).`;
    await page.getByLabel('Add a note').fill(note);
    await page.getByRole('button', { name: 'Add the note' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The note is added.' })).toBeVisible();
    const notes = page.getByRole('list', { name: 'Notes, newest first' });
    await expect(notes.getByRole('listitem').first()).toContainText(note);
    await expect(notes.getByRole('listitem').first()).toContainText(OPS.name);
    await expect(historyEntry(page, 'Internal note added').first()).toContainText(`by ${OPS.name}`);

    await expectNoA11yViolations(page);
    await shoot(page, 'console-booking-operations', { widths: [1280, 768] });
    await page.setViewportSize({ width: 768, height: 900 });
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  });

  test('finance record an offline payment and refund part of it, and the history says who did each and why', async ({ browser, server }) => {
    finance = await memberPage(browser, server);
    const page = finance;
    await firstSignIn(page, FINANCE);
    const booking = customer.withBalance;
    await page.goto(`/admin/bookings/${booking.id}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Booking ${booking.reference}`) })).toBeVisible();
    const before = await staffGet<{ money: { balance: Figure; paid: Figure } }>(page, `/bookings/${booking.id}`);
    // Finance may not read passports: the API withholds them, and the page says they were given.
    await expect(page.getByText('Passport 925076473')).toHaveCount(0);
    await expect(page.getByText('Given (your role does not show passport details)')).toBeVisible();

    await page.getByRole('button', { name: 'Record an offline payment' }).click();
    await page.getByLabel('Amount (GBP)').fill('250.50');
    await page.getByLabel('How it was paid').selectOption({ label: 'Bank transfer' });
    await page.getByLabel('Their reference').fill(`BACS ${unique}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirmPayment = page.getByRole('dialog', { name: 'Record £250.50 received?' });
    await confirmPayment.getByLabel('Reason').fill('Balance part-paid by bank transfer');
    await confirmPayment.getByRole('button', { name: 'Record £250.50' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The payment of £250.50' })).toBeVisible();

    const payments = page.getByRole('table', { name: 'Payments and their refunds' });
    const offline = payments.getByRole('row').filter({ hasText: `Their reference BACS ${unique}` });
    await expect(offline).toContainText('£250.50');
    const balance = page.getByRole('definition').filter({ hasText: money({ value: before.money.balance.value - 25_050, currency: 'GBP' }) });
    await expect(balance.first()).toBeVisible();

    // Part of that payment back: more than it holds is refused before anything is sent.
    await offline.getByRole('button', { name: /^Refund payment/ }).click();
    await page.getByLabel('Part of it').check();
    await page.getByLabel('Amount to refund (GBP)').fill('250.51');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('At most £250.50 is left to refund on this payment')).toBeVisible();
    await page.getByLabel('Amount to refund (GBP)').fill('100.25');
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirmRefund = page.getByRole('dialog', { name: 'Refund £100.25?' });
    await confirmRefund.getByLabel('Reason').fill('Paid £100.25 too much by mistake');
    await confirmRefund.getByRole('button', { name: 'Refund £100.25' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The refund of £100.25' })).toBeVisible();
    await expect(offline).toContainText('£150.25');
    await expect(payments.getByRole('row').filter({ hasText: 'Paid £100.25 too much by mistake' })).toContainText('−£100.25');

    const after = await staffGet<{ money: { balance: Figure; paid: Figure } }>(page, `/bookings/${booking.id}`);
    expect(after.money.paid.value).toBe(before.money.paid.value + 25_050 - 10_025);
    expect(after.money.balance.value).toBe(before.money.balance.value - 25_050 + 10_025);

    const recorded = historyEntry(page, 'Offline payment recorded');
    await expect(recorded).toContainText(`by ${FINANCE.name}`);
    await expect(recorded).toContainText('Reason: Balance part-paid by bank transfer');
    await expect(recorded.getByRole('row', { name: /^amount/ })).toContainText('£250.50');
    const refunded = historyEntry(page, 'Refund made');
    await expect(refunded).toContainText(`by ${FINANCE.name}`);
    await expect(refunded).toContainText('Reason: Paid £100.25 too much by mistake');
    // What operations did is there too, with their name.
    await expect(historyEntry(page, 'Internal note added').first()).toContainText(`by ${OPS.name}`);
  });

  test("finance cancel a booking with the schedule's charge, to the penny as the API's preview gives it", async () => {
    const page = finance;
    // Paid in full, departing in about 45 days: the 30 to 59 days band, half the total.
    const booking = customer.paidInFull;
    await page.goto(`/admin/bookings/${booking.id}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Booking ${booking.reference}`) })).toBeVisible();

    await page.getByRole('button', { name: 'Cancel the booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(dialog.locator('[data-figure="charge"]')).toBeVisible();
    const preview = await staffGet<Preview>(page, `/bookings/${booking.id}/cancellation`);
    expect(preview.days_before_departure).toBeGreaterThanOrEqual(30);
    expect(preview.days_before_departure).toBeLessThan(60);
    expect(preview.band.from_days).toBe(30);
    // 50% of the total, rounded half up to the cent, and the rest of what was paid goes back.
    expect(preview.charge.value).toBe(Math.floor((preview.total.value * 50 + 50) / 100));
    expect(preview.refund.value).toBe(preview.paid.value - preview.charge.value);
    await expect(dialog.locator('[data-figure="charge"]')).toHaveText(money(preview.charge));
    await expect(dialog.locator('[data-figure="refund"]')).toHaveText(money(preview.refund));
    await expect(dialog).toContainText(preview.band.label);
    await shoot(page, 'console-booking-cancel', { widths: [1280, 768], fullPage: false });

    await dialog.getByLabel('Reason').fill('The customer cancelled by telephone');
    await dialog.getByRole('button', { name: `Cancel, charging ${money(preview.charge)}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `The booking is cancelled with a charge of ${money(preview.charge)}.` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Booking ${booking.reference}`) })).toContainText('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel the booking' })).toHaveCount(0);

    const cancelled = historyEntry(page, 'Booking cancelled');
    await expect(cancelled).toContainText(`by ${FINANCE.name}`);
    await expect(cancelled).toContainText('Reason: The customer cancelled by telephone');
    await expect(cancelled.getByRole('row', { name: /^charge/ })).toContainText(money(preview.charge));
    await expect(cancelled.getByRole('row', { name: /^status/ })).toContainText('Cancelled');

    await expectNoA11yViolations(page);
    await shoot(page, 'console-booking-finance', { widths: [1280, 768] });
  });
});
