import {
  adultNames,
  balanceDuePhrase,
  bookingTourName,
  componentCost,
  componentTypeLabel,
  formatAmount,
  formatLongDate,
  formatShortDate,
  normaliseCurrency,
  type AccountBooking,
  type BookingDetail,
  type Payment,
} from '@tours/domain';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { signInFromHome } from '../support/sign-in.ts';
import { picture, shoot } from '../support/shots.ts';

/**
 * The account area as the demo customer sees it (issue #11): 'Manage your
 * bookings' and the Booked Item page with its Booking summary tab. Read-only,
 * so it signs in as demo@example.com. Expected figures come from the API's
 * own answers, formatted with the domain's formatters, never typed in here.
 */

const DEMO = 'demo@example.com';
/** The demo bookings (apps/api/src/db/seed/data/customers.ts). */
const REF = { withBalance: 'MER-480153', paidInFull: 'MER-480297', past: 'MER-470861', cancelled: 'MER-481020' } as const;


async function signInAsDemo(page: Page) {
  await page.goto('/');
  await signInFromHome(page, DEMO);
  await expect(page).toHaveURL(/\/account$/);
  // The Notifications modal may open by itself once the list is in, once per sign-in (issue #12 tests it): close it.
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  if (await notifications.isVisible()) {
    await notifications.getByRole('button', { name: 'Close' }).click();
    await expect(notifications).toHaveCount(0);
  }
}

/** An account call with the token the site holds, as the page makes it. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(window.sessionStorage.getItem('tours.account-session') ?? 'null') as { state: { accessToken: string } }).state.accessToken,
  );
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const demoBookings = async (page: Page) => (await api<{ items: AccountBooking[] }>(page, '/account/bookings')).items;
const byReference = (bookings: AccountBooking[], reference: string) => {
  const booking = bookings.find((b) => b.booking_reference === reference);
  if (!booking) throw new Error(`No demo booking ${reference}`);
  return booking;
};

const group = (page: Page, name: string) => page.getByRole('region', { name });
const card = (page: Page, reference: string) => page.getByRole('main').getByRole('listitem').filter({ hasText: reference });
const tab = (page: Page, name: string | RegExp) => page.getByRole('tablist', { name: 'Booking sections' }).getByRole('tab', { name });
const cellsOf = (table: Locator) =>
  table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent?.trim() ?? '')));
const valueOf = (scope: Locator, term: string) => scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test.describe('account area', () => {
  test('with no customer and no token, /account and a booking send the visitor to Home to sign in', async ({ page }) => {
    for (const path of ['/account', '/account/booking/1']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeVisible();
    }
  });

  test("'Manage your bookings': placeholders, then upcoming and past bookings with their buttons; the Cancelled one in neither", async ({ page }) => {
    await signInAsDemo(page);
    const bookings = await demoBookings(page);

    // Open the page afresh: the list is asked for about 1 s later, placeholders until then.
    const opened = Date.now();
    const listRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/account/bookings');
    await page.goto('/account');
    await expect(page.getByText('Loading your bookings')).toBeAttached();
    await listRequest;
    expect(Date.now() - opened).toBeGreaterThanOrEqual(1_000);

    await expect(page.getByRole('link', { name: /foreign travel advice/ })).toHaveAttribute('href', /^https:\/\/www\.gov\.uk\//);
    const upcoming = group(page, 'Your next tour');
    const past = group(page, 'Other bookings');
    // Soonest first: the paid-in-full tour departs in 45 days, the one with a balance in 90.
    await expect(upcoming.getByRole('listitem')).toHaveCount(2);
    await expect(upcoming.getByRole('listitem').nth(0)).toContainText(REF.paidInFull);
    await expect(upcoming.getByRole('listitem').nth(1)).toContainText(REF.withBalance);
    await expect(past.getByRole('listitem')).toHaveCount(1);
    await expect(past.getByRole('listitem')).toContainText(REF.past);
    await expect(page.getByText(REF.cancelled)).toHaveCount(0);
    await expect(page.getByText("You don't appear to have any upcoming tours.")).toHaveCount(0);

    const withBalance = byReference(bookings, REF.withBalance);
    const paid = byReference(bookings, REF.paidInFull);
    const balanceCard = card(page, REF.withBalance);
    await expect(balanceCard).toContainText(`${formatShortDate(withBalance.start_date)} to ${formatShortDate(withBalance.end_date)}`);
    await expect(valueOf(balanceCard, 'Outstanding balance')).toContainText(
      formatAmount(withBalance.outstanding_balance.value, withBalance.outstanding_balance.currency),
    );
    await expect(balanceCard.getByRole('link', { name: 'Make a payment' })).toHaveAttribute('href', `/account/booking/${withBalance.id}`);
    await expect(balanceCard.getByRole('link', { name: 'Summary' })).toHaveCount(0);
    await expect(balanceCard.getByRole('link', { name: 'Passenger information' })).toHaveAttribute('href', `/account/booking/${withBalance.id}?tab=1`);
    await expect(balanceCard.getByRole('link', { name: 'View documents' })).toHaveAttribute('href', `/account/booking/${withBalance.id}?tab=2`);

    const paidCard = card(page, REF.paidInFull);
    await expect(paidCard.getByRole('link', { name: 'Summary' })).toHaveAttribute('href', `/account/booking/${paid.id}`);
    await expect(paidCard.getByRole('link', { name: 'Make a payment' })).toHaveCount(0);
    await expect(paidCard.getByRole('link', { name: 'View documents' })).toHaveAttribute('href', `/account/booking/${paid.id}?tab=2`);
    await expect(card(page, REF.past).getByRole('link', { name: /Summary|Make a payment|View documents/ })).toHaveCount(0);

    await expectNoA11yViolations(page);
    await shoot(page, 'account-list');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
  });

  test('the buttons open their tabs; ?tab= chooses the tab and is then cleared from the address, and a reload stays on it', async ({ page }) => {
    await signInAsDemo(page);
    const paid = byReference(await demoBookings(page), REF.paidInFull);

    await card(page, REF.paidInFull).getByRole('link', { name: 'View documents' }).click();
    await expect(tab(page, 'Documents')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`/account/booking/${paid.id}$`));
    await page.reload();
    await expect(tab(page, 'Documents')).toHaveAttribute('aria-selected', 'true');

    await page.goto(`/account/booking/${paid.id}?tab=1`);
    await expect(tab(page, /^Passenger information/)).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`/account/booking/${paid.id}$`));

    // Back on the list, the main button opens the summary, whatever tab was open last.
    await page.goto('/account');
    await card(page, REF.paidInFull).getByRole('link', { name: 'Summary' }).click();
    await expect(tab(page, 'Booking summary')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Booking summary' })).toBeVisible();

    // Keyboard: the arrow keys move along the tabs.
    await tab(page, 'Booking summary').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, /^Passenger information/)).toBeFocused();
    await expect(tab(page, /^Passenger information/)).toHaveAttribute('aria-selected', 'true');
  });

  test('the Booking summary of the booking with a balance: header, adults, components, figures, the payment form and the payment history', async ({ page }) => {
    await signInAsDemo(page);
    const { id } = byReference(await demoBookings(page), REF.withBalance);
    const detail = await api<BookingDetail>(page, `/account/bookings/${id}`);
    const payments = (await api<{ items: Payment[] }>(page, `/account/bookings/${id}/payments`)).items;
    const { booking } = detail;
    expect(booking.outstanding_balance.value).toBeGreaterThan(0);
    expect(payments.length).toBeGreaterThanOrEqual(1);

    await card(page, REF.withBalance).getByRole('link', { name: 'Make a payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/booking/${id}$`));
    const header = page.locator('.booked-item__header');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(bookingTourName(booking, detail.components));
    await expect(valueOf(header, 'Your reference')).toHaveText(REF.withBalance);
    await expect(valueOf(header, 'Start date')).toHaveText(formatShortDate(booking.start_date));
    await expect(valueOf(header, 'End date')).toHaveText(formatShortDate(booking.end_date));
    await expect(page.getByRole('link', { name: /foreign travel advice/ })).toBeVisible();

    const panel = page.getByRole('tabpanel', { name: 'Booking summary' });
    await expect(panel.getByRole('heading', { level: 2, name: 'Booking summary' })).toBeVisible();
    await expect(valueOf(panel, 'Passengers')).toHaveText(adultNames(detail.passengers));
    await expect(valueOf(panel, 'Confirmed on')).toHaveText(formatLongDate(booking.confirmed_date));
    await expect(valueOf(panel, 'Status')).toHaveText(booking.status);

    const [componentsTable, historyTable] = [panel.getByRole('table').first(), panel.getByRole('table', { name: 'Payment history' })];
    await expect(componentsTable.getByRole('columnheader')).toHaveText(['Name', 'Type', 'Cost']);
    expect(await cellsOf(componentsTable)).toEqual(
      detail.components.map((component) => [component.name, componentTypeLabel(component.component_type), componentCost(component)]),
    );
    // The balance with its due date, in the domain's one wording (issue 25, item 2).
    await expect(valueOf(panel, 'Outstanding balance')).toHaveText(
      `${formatAmount(booking.outstanding_balance.value, booking.outstanding_balance.currency)} ${balanceDuePhrase(booking.balance_due!)}`,
    );
    await expect(valueOf(panel, 'Total cost')).toHaveText(formatAmount(booking.total_price.value, normaliseCurrency(booking.total_price.currency_code)));
    await expect(panel.getByRole('heading', { level: 3, name: 'Make a payment' })).toBeVisible();
    await expect(panel.getByText('No outstanding balance')).toHaveCount(0);

    await expect(historyTable.getByRole('columnheader')).toHaveText(['ID', 'Reference', 'Date', 'Status', 'Amount']);
    expect(await cellsOf(historyTable)).toEqual(
      payments.map((payment) => [
        String(payment.id),
        payment.reference,
        formatShortDate(payment.created_date),
        payment.detail.gateway_status,
        formatAmount(payment.amount.value, payment.amount.currency),
      ]),
    );

    await expectNoA11yViolations(page);
    await shoot(page, 'account-summary-balance');
  });

  test("the booking paid in full says 'No outstanding balance' and lists its payments", async ({ page }) => {
    await signInAsDemo(page);
    const { id } = byReference(await demoBookings(page), REF.paidInFull);
    const { booking } = await api<BookingDetail>(page, `/account/bookings/${id}`);
    const payments = (await api<{ items: Payment[] }>(page, `/account/bookings/${id}/payments`)).items;
    expect(booking.outstanding_balance.value).toBe(0);

    await card(page, REF.paidInFull).getByRole('link', { name: 'Summary' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Booking summary' });
    await expect(panel.getByText('No outstanding balance')).toBeVisible();
    await expect(panel.locator('.notice--success')).toContainText('No outstanding balance');
    await expect(panel.getByRole('heading', { name: 'Make a payment' })).toHaveCount(0);
    await expect(valueOf(panel, 'Total cost')).toHaveText(formatAmount(booking.total_price.value, normaliseCurrency(booking.total_price.currency_code)));
    await expect(panel.getByRole('table', { name: 'Payment history' }).locator('tbody tr')).toHaveCount(payments.length);
    await shoot(page, 'account-summary-paid');

    // ?tab=2 opens Documents and is cleared; a reload stays there; the page opened again without ?tab is the summary.
    const selected = (name: string) => page.getByRole('tab', { name, exact: true });
    await page.goto(`/account/booking/${id}?tab=2`);
    await expect(selected('Documents')).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/account/booking/${id}$`));
    await page.reload();
    await expect(selected('Documents')).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
    // (Chromium takes the same address opened again as a reload: the visitor comes from the list instead.)
    await page.goto('/account');
    await page.goto(`/account/booking/${id}`);
    await expect(selected('Booking summary')).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test('a labelled dropdown replaces the tabs, and the tables fit without sideways scrolling', async ({ page }) => {
      await signInAsDemo(page);
      const { id } = byReference(await demoBookings(page), REF.withBalance);
      await expectNoSidewaysScroll(page);

      await page.goto(`/account/booking/${id}?tab=2`);
      const select = page.getByRole('combobox', { name: 'Show' });
      await expect(select).toBeVisible();
      await expect(select).toHaveValue('2');
      await expect(page.getByRole('tablist')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/account/booking/${id}$`));

      await select.selectOption({ label: 'Booking summary' });
      const summary = page.getByRole('main');
      await expect(summary.getByRole('heading', { level: 2, name: 'Booking summary' })).toBeVisible();
      await expect(summary.getByRole('table', { name: 'Payment history' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoA11yViolations(page);
      await picture(page, 'account-phone-summary-375');
    });
  });
});
