import {
  DOCUMENT_LINK_TTL_SECONDS,
  documentTitle,
  formatAmount,
  normaliseCurrency,
  parseDocumentsList,
  visibleDocuments,
  type AccountBooking,
  type BookingDetail,
} from '@tours/domain';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { expectPrintReady, pdfBehindLink } from '../support/pdf.ts';
import { signInFromHome } from '../support/sign-in.ts';
import { picture } from '../support/shots.ts';

/**
 * The Documents tab (issue #12) as the demo customer sees it: a card per
 * document titled by its template, the internal one hidden, placeholders
 * while loading, 'No documents found' when there are none or loading fails;
 * the booking confirmation downloaded and read. Read-only, so as
 * demo@example.com. (The confirmation e-mail of a new booking carrying that
 * PDF: confirmation-email.spec.ts.)
 */

const DEMO = 'demo@example.com';
const REF = { withBalance: 'MER-480153', cancelled: 'MER-481020' } as const;

async function token(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(window.sessionStorage.getItem('tours.account-session') ?? 'null') as { state: { accessToken: string } }).state.accessToken,
  );
}

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${await token(page)}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function signInAsDemo(page: Page) {
  await page.goto('/');
  await signInFromHome(page, DEMO);
  await expect(page).toHaveURL(/\/account$/);
  // The Notifications modal opens by itself after signing in (account-passengers.spec.ts covers it).
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications).toBeVisible({ timeout: 20_000 });
  await notifications.getByRole('button', { name: 'Close' }).click();
}

async function bookingByReference(page: Page, reference: string): Promise<AccountBooking> {
  const booking = (await api<{ items: AccountBooking[] }>(page, '/account/bookings')).items.find((b) => b.booking_reference === reference);
  if (!booking) throw new Error(`No demo booking ${reference}`);
  return booking;
}

const cards = (page: Page) => page.getByRole('tabpanel').getByRole('listitem');
const documentsUrl = (id: number) => `**/api/account/bookings/${id}/documents`;

test.describe('documents', () => {
  test('a card per document titled by its template, the internal one hidden; the booking confirmation downloads and reads right', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page);
    const booking = await bookingByReference(page, REF.withBalance);
    const listed = await page.request.get(`/api/account/bookings/${booking.id}/documents`, { headers: { Authorization: `Bearer ${await token(page)}` } });
    expect(listed.headers()['content-type']).toMatch(/^text\/plain/);
    const documents = parseDocumentsList(await listed.text());
    expect(documents.map((d) => d.template)).toContain('Additional11');

    // Placeholders while the list loads: hold its answer back a moment.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(documentsUrl(booking.id), async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/account/booking/${booking.id}?tab=2`);
    await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Loading documents' })).toBeAttached();
    await expect(page.locator('.document-card--loading').first()).toBeVisible();
    release();

    const expected = visibleDocuments(documents).map((d) => documentTitle(d.template));
    expect(expected).toEqual(['Booking confirmation', 'Invoice', 'ATOL certificate', 'ItineraryPack', 'Document']);
    await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(expected);
    await expect(page.getByRole('tabpanel')).not.toContainText('Additional11');
    for (const title of expected) {
      await expect(page.getByRole('link', { name: `Download ${title} (PDF, opens in a new tab)` })).toHaveAttribute('target', '_blank');
    }
    await page.unroute(documentsUrl(booking.id));
    await expectNoA11yViolations(page);
    await picture(page, 'documents-1280');

    // The booking confirmation: a new tab opens at the link, and the PDF shows the reference, the names and the amounts.
    const link = page.getByRole('link', { name: 'Download Booking confirmation (PDF, opens in a new tab)' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^/api/account/bookings/${booking.id}/documents/\\d+\\?token=.+`));
    const popup = page.waitForEvent('popup');
    // The new tab asks for the file itself (the browser may show it or save it).
    const fileRequest = page.context().waitForEvent('request', (request) => request.url().endsWith(href));
    await link.click();
    const tab = await popup;
    expect((await fileRequest).frame().page()).toBe(tab);
    await tab.close();

    const { reading, fileName } = await pdfBehindLink(page.request, link);
    expect(fileName).toMatch(/\.pdf$/);
    expectPrintReady(reading);
    const { passengers } = await api<BookingDetail>(page, `/account/bookings/${booking.id}`);
    const currency = normaliseCurrency(booking.total_price.currency_code);
    expect(reading.text).toContain(REF.withBalance);
    for (const passenger of passengers) expect(reading.text).toContain(`${passenger.forename} ${passenger.surname}`);
    expect(reading.text).toContain(formatAmount(booking.total_price.value, currency));
    expect(reading.text).toContain(formatAmount(booking.outstanding_balance.value, booking.outstanding_balance.currency));

    // Opening the tab again fetches a fresh list: its links carry fresh tokens.
    const again = page.waitForRequest((request) => new URL(request.url()).pathname === `/api/account/bookings/${booking.id}/documents`);
    await page.getByRole('tab', { name: 'Booking summary' }).click();
    await page.getByRole('tab', { name: 'Documents' }).click();
    await again;
    await expect(cards(page)).toHaveCount(expected.length);
  });

  test("'No documents found' when a booking has none, and when loading fails; 375 px fits", async ({ page }) => {
    await signInAsDemo(page);
    const cancelled = await bookingByReference(page, REF.cancelled);
    await page.goto(`/account/booking/${cancelled.id}?tab=2`);
    await expect(page.getByText('No documents found')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('tabpanel').getByRole('link')).toHaveCount(0);

    const booking = await bookingByReference(page, REF.withBalance);
    await page.route(documentsUrl(booking.id), (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Down' } }) }),
    );
    await page.goto(`/account/booking/${booking.id}?tab=2`);
    await expect(page.getByText('No documents found')).toBeVisible({ timeout: 20_000 });
    // A failed list says so in the tab, with no toast over it.
    await expect(page.locator('.toast')).toHaveCount(0);
    await page.unroute(documentsUrl(booking.id));

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 3, name: 'Booking confirmation' })).toBeVisible({ timeout: 20_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
    await picture(page, 'documents-375');
  });

  test("a tab left open past the links' 5 minutes still gets the PDF; a refused link opens a page that leads back to the documents", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page);
    const booking = await bookingByReference(page, REF.withBalance);
    const listPath = `/api/account/bookings/${booking.id}/documents`;
    await page.goto(`/account/booking/${booking.id}?tab=2`);
    const link = page.getByRole('link', { name: 'Download Booking confirmation (PDF, opens in a new tab)' });
    await expect(link).toBeVisible({ timeout: 20_000 });

    // The customer leaves the tab open beyond the links' lifetime, then clicks Download.
    await page.clock.fastForward((DOCUMENT_LINK_TTL_SECONDS + 1) * 1000);
    const renewed = page.waitForResponse((response) => new URL(response.url()).pathname === listPath);
    const popup = page.waitForEvent('popup');
    const fileRequest = page.context().waitForEvent('request', (request) => /\/documents\/\d+\?token=/.test(request.url()));
    await link.click();
    expect((await renewed).status()).toBe(200);
    const tab = await popup;
    const file = await (await fileRequest).response();
    // The new tab asked with the renewed list's link, and got the PDF.
    expect(file?.status()).toBe(200);
    expect(file?.headers()['content-type']).toBe('application/pdf');
    expect(new URL(file!.url()).pathname + new URL(file!.url()).search).toBe(await link.getAttribute('href'));
    await tab.close();

    // A link that is refused (expired, or not valid) opened in a tab: a page in plain words, not JSON, and the way back.
    const documentId = /\/documents\/(\d+)/.exec((await link.getAttribute('href'))!)![1];
    await page.goto(`/api/account/bookings/${booking.id}/documents/${documentId}?token=1.expired`);
    await expect(page.getByRole('heading', { level: 1, name: 'This document link has expired' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('"error"');
    await expectNoA11yViolations(page);
    await picture(page, 'document-link-expired');
    await page.getByRole('link', { name: "Back to your booking's documents" }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'Download Booking confirmation (PDF, opens in a new tab)' })).toBeVisible();
  });
});
