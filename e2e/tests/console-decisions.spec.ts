import { STAFF_QUEUE_INFO, type StaffQueue } from '@tours/domain';
import type { BrowserContext, Page } from '@playwright/test';
import { addVirtualAuthenticator, consoleContext, firstSignIn, signInAsDemoAdmin } from '../support/console.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { picture } from '../support/shots.ts';

/**
 * Issue 26: the decisions the work queue waits for, taken in the browser on
 * the demo's own queue bookings (the work-queue customer's): an Optional
 * booking confirmed, its confirmation e-mail sent again and where its documents
 * go changed for the customer, a paid but
 * unconfirmed booking confirmed, a flagged payment resolved, an undelivered
 * e-mail and a quote for a sold-out room marked as dealt with. One member with
 * the operations and finance roles, added by the administrator for this
 * spec. The rules behind each (idempotency, money, concurrency) are the API
 * tests'.
 */

const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const MEMBER = { email: `decisions.${unique}@meridian-tours.example`, name: 'Rosa Lind' };
const historyEntry = (page: Page, label: string) => page.getByRole('list', { name: 'History, newest first' }).getByRole('listitem').filter({ hasText: label });

test.describe('decisions on bookings that wait for a person', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, server }) => {
    const adminContext = await consoleContext(browser, server);
    const admin = await adminContext.newPage();
    await addVirtualAuthenticator(admin);
    await signInAsDemoAdmin(admin);
    const token = await admin.evaluate(() => (JSON.parse(sessionStorage.getItem('tours.console.session')!) as { token: string }).token);
    const added = await adminContext.request.post('/api/staff/members', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...MEMBER, roles: ['operations', 'finance'], reason: 'Works the queue' },
    });
    expect(added.status(), await added.text()).toBe(201);
    await adminContext.close();

    context = await consoleContext(browser, server);
    page = await context.newPage();
    await addVirtualAuthenticator(page);
    await firstSignIn(page, MEMBER);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  /** The queue's list, then its first booking's page. */
  async function openFirstOf(queue: StaffQueue): Promise<void> {
    await page.goto(`/admin/bookings?queue=${queue}`);
    await expect(page.getByRole('heading', { level: 2, name: `Work queue: ${STAFF_QUEUE_INFO[queue].label}` })).toBeVisible();
    await page.getByRole('table', { name: 'Bookings found' }).getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Booking / })).toBeVisible();
  }

  /** An action of the booking's page: its button, the reason, the dialog's own confirming button. */
  async function act(button: string, confirm: string, reason: string, shot?: string): Promise<void> {
    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Reason/).fill(reason);
    if (shot) await picture(page, shot, { fullPage: false });
    await dialog.getByRole('button', { name: confirm }).click();
    await expect(dialog).toBeHidden();
  }

  test('an Optional booking is confirmed, and its confirmation e-mail sent again', async () => {
    await openFirstOf('optional');
    await act('Confirm the Optional booking', 'Confirm the booking', 'Hotel and flights confirmed the places');
    await expect(page.getByText(/^The booking [A-Z]{3}-\d{6} is confirmed\./)).toBeVisible();
    await expect(historyEntry(page, 'Hotel and flights confirmed the places').first()).toContainText(`by ${MEMBER.name}`);

    await act('Send the confirmation e-mail again', 'Send the e-mail', 'The customer cannot find the e-mail');
    await expect(page.getByText(/^The confirmation e-mail is on its way to .+@.+\./)).toBeVisible();

    // Where the final documents go, on the customer's behalf: the account area's rules, then the summary says it.
    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Change where the documents go' }).click();
    const dialog = page.getByRole('dialog', { name: 'Where the final documents go' });
    await dialog.getByLabel('Send the documents to').selectOption({ label: 'Another address' });
    await dialog.getByLabel(/^Address line 1/).fill('12 Harbour Street');
    await dialog.getByLabel(/^Town or city/).fill('Whitby');
    await dialog.getByLabel(/^County/).fill('North Yorkshire');
    await dialog.getByLabel(/^Reason/).fill('The customer rang: they are staying with family');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel(/^Postcode/)).toHaveAccessibleDescription(/Postal code is required/);
    await dialog.getByLabel(/^Postcode/).fill('YO21 3DN');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The final documents go to: another address.')).toBeVisible();
    await expect(page.getByText(/Another address: 12 Harbour Street/)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('a paid but unconfirmed booking is confirmed', async () => {
    await openFirstOf('unconfirmed');
    await act('Confirm the booking', 'Confirm the booking', 'Places freed by a cancellation');
    await expect(page.getByText(/^The booking is confirmed as [A-Z]{3}-\d{6}\./)).toBeVisible();
    await expect(historyEntry(page, 'Places freed by a cancellation').first()).toContainText(`by ${MEMBER.name}`);
  });

  /** The booking's page's heading's booking (its reference, or its number while a quote), as its link in a list reads. */
  const linkNameOf = async () => (await page.getByRole('heading', { level: 1 }).textContent())!.replace(/^Booking /, '').split(' ')[0]!;
  async function expectGoneFrom(queue: StaffQueue, linkName: string): Promise<void> {
    await page.goto(`/admin/bookings?queue=${queue}`);
    await expect(page.getByRole('heading', { level: 2, name: `Work queue: ${STAFF_QUEUE_INFO[queue].label}` })).toBeVisible();
    await expect(page.getByRole('link', { name: linkName, exact: true })).toHaveCount(0);
  }

  test('an e-mail the relay gave up on, and a quote for a sold-out room, are marked as dealt with and leave their queues', async () => {
    await openFirstOf('mail-failed');
    const undelivered = await linkNameOf();
    await act('Mark the undelivered e-mails as dealt with', 'Mark as dealt with', 'Telephoned the customer and read the confirmation out', 'console-mail-dealt-with');
    await expect(page.getByText('The undelivered e-mails are marked as dealt with.')).toBeVisible();
    await expect(historyEntry(page, 'Telephoned the customer and read the confirmation out').first()).toContainText(`by ${MEMBER.name}`);
    await expect(page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Mark the undelivered e-mails as dealt with' })).toHaveCount(0);
    await expectGoneFrom('mail-failed', undelivered);

    await openFirstOf('sold-out-quotes');
    const quote = await linkNameOf();
    await act('Mark the customer as called back', 'Mark as called back', 'Called back: offered a twin room on the May departure', 'console-quote-called-back');
    await expectNoA11yViolations(page);
    await expect(page.getByText('The quote is marked as called back.')).toBeVisible();
    await expect(historyEntry(page, 'Called back: offered a twin room on the May departure').first()).toContainText(`by ${MEMBER.name}`);
    await expectGoneFrom('sold-out-quotes', quote);
  });

  test('a flagged payment is resolved and leaves the queue', async () => {
    await openFirstOf('payments-flagged');
    const reference = (await page.getByRole('heading', { level: 1 }).textContent())!;
    await act('Resolve the flag', 'Resolve the flag', 'Exchange difference agreed with the customer');
    await expect(page.getByText('The flag is resolved.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Resolve the flag' })).toHaveCount(0);
    await page.goto('/admin/bookings?queue=payments-flagged');
    await expect(page.getByRole('heading', { level: 2, name: `Work queue: ${STAFF_QUEUE_INFO['payments-flagged'].label}` })).toBeVisible();
    await expect(page.getByRole('link', { name: reference.replace(/^Booking /, '').split(' ')[0]! })).toHaveCount(0);
  });
});
