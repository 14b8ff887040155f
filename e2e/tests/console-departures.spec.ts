import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { addVirtualAuthenticator, consoleContext, DEMO_STAFF, firstSignIn, navigationItems, signInAsDemoAdmin, signOutOfConsole } from '../support/console.ts';
import { readPdf } from '../support/pdf.ts';

/**
 * Issue 28: a departure's page in the staff console and the ground team's
 * documents, downloaded with the staff session's bearer token. The demo's
 * Vienna departure carries the Ashworths (MER-480153), Margaret with her
 * passport given. The catalogue role may read departures but not passports:
 * the flight manifest is not offered to it, and the API refuses it. An
 * operations member (passports.read), added for this spec by the
 * administrator so no other spec's passkey is in the way, downloads it.
 */

const staffToken = (page: Page) => page.evaluate(() => (JSON.parse(sessionStorage.getItem('tours.console.session') ?? 'null') as { token: string } | null)?.token ?? '');

async function download(page: Page, name: string): Promise<{ fileName: string; content: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return { fileName: file.suggestedFilename(), content: await readFile((await file.path())!) };
}

test.describe("a departure's page and the ground team's documents", () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let context: BrowserContext;
  let page: Page;
  let departureId: number;

  test.beforeAll(async ({ browser, server }) => {
    context = await consoleContext(browser, server);
    page = await context.newPage();
    await addVirtualAuthenticator(page);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test('a role without passports downloads the passenger manifest, and is neither offered nor given the flight manifest', async () => {
    const catalogue = DEMO_STAFF.catalogue;
    await firstSignIn(page, catalogue);
    expect(await navigationItems(page)).toEqual(['Home', 'Departures', 'Tours', 'Promotions', 'Agencies']);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Departures' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Departures' })).toBeVisible();
    await page.getByLabel('Tour code').fill('MHW-VIE');
    await expect(page.getByRole('status')).toContainText('departure');
    await expectNoA11yViolations(page);

    // The Ashworths' departure, as the staff API names it.
    const token = await staffToken(page);
    const list = await context.request.get('/api/staff/departures?tour=MHW-VIE&page_size=100', { headers: { authorization: `Bearer ${token}` } });
    expect(list.status()).toBe(200);
    const departures = (await list.json()).data.items as { id: number; start_date: string }[];
    expect(departures.length).toBeGreaterThan(0);
    for (const departure of departures) {
      const detail = (await (await context.request.get(`/api/staff/departures/${departure.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
      if (detail.missing_details.some((passenger: { booking_reference: string }) => passenger.booking_reference === 'MER-480153')) departureId = departure.id;
    }
    expect(departureId).toBeDefined();
    await page.getByRole('table', { name: 'Departures' }).getByRole('link').first().waitFor();
    await page.goto(`/admin/departures/${departureId}`);
    await expect(page.getByRole('heading', { level: 1, name: /^MHW-VIE departing / })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Passengers whose details are missing' })).toContainText('Mr Thomas Ashworth (MER-480153)');
    await expectNoA11yViolations(page);

    const manifest = await download(page, 'Download the passenger manifest as CSV');
    expect(manifest.fileName).toMatch(/^passenger-manifest-MHW-VIE-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = manifest.content.toString('utf8');
    expect(csv).toContain('Booking,Passenger,Lead,E-mail,Telephone,Agent,Special requests,Arrival time,Joining point');
    expect(csv).toContain('MER-480153,Mrs Margaret Ashworth');

    await expect(page.getByRole('button', { name: /flight manifest/ })).toHaveCount(0);
    await expect(page.getByText(/only roles that may read passports can download it/)).toBeVisible();
    const refused = await context.request.get(`/api/staff/departures/${departureId}/flight-manifest?format=pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    await signOutOfConsole(page);
  });

  test('a role with passports.read downloads the flight manifest as a PDF with the passport details', async ({ browser, server }) => {
    // The administrator adds an operations member for this spec.
    const adminContext = await consoleContext(browser, server);
    const adminPage = await adminContext.newPage();
    await addVirtualAuthenticator(adminPage);
    await signInAsDemoAdmin(adminPage);
    const email = `ops.departures.${Date.now()}@meridian-tours.example`;
    const added = await adminContext.request.post('/api/staff/members', {
      headers: { authorization: `Bearer ${await staffToken(adminPage)}` },
      data: { email, name: 'Oscar Fielding', roles: ['operations'], reason: 'Ground team documents for the Vienna departure' },
    });
    expect(added.status(), await added.text()).toBe(201);
    await adminContext.close();

    await firstSignIn(page, { email, name: 'Oscar Fielding' });
    expect(await navigationItems(page)).toEqual(['Home', 'Bookings', 'Departures']);
    await page.goto(`/admin/departures/${departureId}`);
    await expect(page.getByRole('heading', { level: 1, name: /^MHW-VIE departing / })).toBeVisible();

    const manifest = await download(page, 'Download the passenger manifest as CSV');
    expect(manifest.content.toString('utf8')).toContain('MER-480153,Mrs Margaret Ashworth');

    // The rooming list, per hotel: the Ashworths' room with both of them, as CSV and as PDF.
    const rooming = await download(page, 'Download the rooming list as CSV');
    expect(rooming.fileName).toMatch(/^rooming-list-MHW-VIE-\d{4}-\d{2}-\d{2}\.csv$/);
    const roomingCsv = rooming.content.toString('utf8');
    expect(roomingCsv).toContain('Hotel,Room type,Occupants,Booking,Tour nights,Additional nights,Nights');
    expect(roomingCsv.split('\r\n').find((line) => line.includes('MER-480153'))).toMatch(/Margaret Ashworth.*Thomas Ashworth|Thomas Ashworth.*Margaret Ashworth/);
    const roomingPdf = await download(page, 'Download the rooming list as PDF');
    const roomingText = (await readPdf(new Uint8Array(roomingPdf.content))).text;
    expect(roomingText).toContain('Rooming list');
    expect(roomingText).toContain('MER-480153');

    // The agency statement: a file with its columns, whatever agencies the departure has.
    const statement = await download(page, 'Download the agency statement as CSV');
    expect(statement.fileName).toMatch(/^agency-statement-MHW-VIE-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(statement.content.toString('utf8')).toContain('Agency,Booking,Status,Lead passenger,Passengers,Currency,Total,Paid,Outstanding');
    const statementPdf = await download(page, 'Download the agency statement as PDF');
    expect((await readPdf(new Uint8Array(statementPdf.content))).text).toContain('Agency statement');

    // The passenger manifest as the ground team prints it.
    const manifestPdf = await download(page, 'Download the passenger manifest as PDF');
    const manifestText = (await readPdf(new Uint8Array(manifestPdf.content))).text;
    expect(manifestText).toContain('Passenger manifest');
    expect(manifestText).toContain('Mrs Margaret Ashworth');

    const flights = await download(page, 'Download the flight manifest as PDF');
    expect(flights.fileName).toMatch(/^flight-manifest-MHW-VIE-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = (await readPdf(new Uint8Array(flights.content))).text;
    expect(text).toContain('Flight manifest');
    expect(text).toContain('Mrs Margaret Ashworth');
    expect(text).toContain('925076473');
    expect(text).toContain('Not given');
    await signOutOfConsole(page);
  });
});
