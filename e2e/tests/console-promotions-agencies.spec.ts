import { formatAmount, promotionDiscount, VALIDATION, type PrePaymentDetails } from '@tours/domain';
import type { BrowserContext, Page } from '@playwright/test';
import { verifyAgentInModal } from '../support/agent-booking.ts';
import { bookableDeparture, completeParticipantsStep, startBooking } from '../support/booking.ts';
import { addVirtualAuthenticator, consoleContext, firstSignIn, navigationItems, signInAsDemoAdmin } from '../support/console.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { reviewHeading } from '../support/payment.ts';

/**
 * Issue 27: a catalogue member makes a promotional code (10% off the day
 * trip LD-GRE, five uses, one per customer) and a travel agency with one
 * staff member in the console; a visitor then gets the new code's discount
 * at the booking's review step, the console counts its use, and the new
 * agency's staff member verifies on the site's agent modal.
 */

const staffToken = (page: Page) => page.evaluate(() => (JSON.parse(sessionStorage.getItem('tours.console.session') ?? 'null') as { token: string } | null)?.token ?? '');
const isoDay = (offset: number) => {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  return day.toISOString().slice(0, 10);
};

test.describe('promotional codes and agencies from the console to the site', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let context: BrowserContext;
  let page: Page;
  const stamp = Date.now().toString(36).toUpperCase();
  const code = `TEN-${stamp}`;
  const agency = { id: `AG${stamp.slice(-6)}`, name: `Horizon Journeys ${stamp}`, staffName: 'Nadia Roy', staffEmail: `nadia.${stamp.toLowerCase()}@horizon.example` };

  test.beforeAll(async ({ browser, server }) => {
    context = await consoleContext(browser, server);
    page = await context.newPage();
    await addVirtualAuthenticator(page);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test('a catalogue member adds a percentage code for one tour, and an agency with a staff member', async ({ browser, server }) => {
    // The administrator adds a catalogue member for this spec, so no other spec's passkey is in the way.
    const adminContext = await consoleContext(browser, server);
    const adminPage = await adminContext.newPage();
    await addVirtualAuthenticator(adminPage);
    await signInAsDemoAdmin(adminPage);
    const email = `catalogue.promotions.${Date.now()}@meridian-tours.example`;
    const added = await adminContext.request.post('/api/staff/members', {
      headers: { authorization: `Bearer ${await staffToken(adminPage)}` },
      data: { email, name: 'Priya Shah', roles: ['catalogue'], reason: 'Runs the autumn campaign' },
    });
    expect(added.status(), await added.text()).toBe(201);
    await adminContext.close();

    await firstSignIn(page, { email, name: 'Priya Shah' });
    expect(await navigationItems(page)).toEqual(['Home', 'Departures', 'Tours', 'Promotions', 'Agencies']);

    // The code.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Promotions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Promotional codes' })).toBeVisible();
    await page.getByRole('link', { name: 'Add a promotional code' }).click();
    await page.getByLabel(/^Code/).fill(code.toLowerCase());
    await page.getByLabel('Description').fill('Ten per cent off the Greenwich day trip');
    await page.getByRole('radio', { name: 'A percentage of the booking' }).check();
    await page.getByLabel(/^Percentage off/).fill('10');
    await page.getByLabel(/^First day/).fill(isoDay(-1));
    await page.getByLabel(/^Last day/).fill(isoDay(-2));
    await page.getByLabel(/^Tours/).fill('ld-gre');
    await page.getByLabel(/^Uses in all/).fill('5');
    await page.getByLabel(/^Uses per customer/).fill('1');
    await page.getByLabel(/^Reason/).fill('Autumn newsletter offer');
    await page.getByRole('button', { name: 'Add the promotional code' }).click();
    // The domain's rule, in the form, before anything is sent.
    await expect(page.getByLabel(/^Last day/)).toHaveAccessibleDescription(/The last day must be on or after the first day/);
    await page.getByLabel(/^Last day/).fill(isoDay(30));
    await page.getByRole('button', { name: 'Add the promotional code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Promotional code ${code}` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `${code} is added` })).toBeVisible();
    const facts = page.locator('.console-facts');
    await expect(facts).toContainText('10%');
    await expect(facts).toContainText('0 of 5 uses, at most 1 per customer');
    await expectNoA11yViolations(page);

    // The agency and its staff member.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Agencies' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Travel agencies' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Travel agencies' }).getByRole('link', { name: 'AG1001' })).toBeVisible();
    await page.getByRole('link', { name: 'Add an agency' }).click();
    await page.getByLabel(/^Agent ID/).fill(agency.id.toLowerCase());
    await page.getByLabel(/^Name/).fill(agency.name);
    await page.getByLabel(/^Reason/).fill('New trade partner');
    await page.getByRole('button', { name: 'Add the agency' }).click();
    await expect(page.getByRole('heading', { level: 1, name: agency.name })).toBeVisible();
    await expect(page.locator('.console-facts')).toContainText(agency.id);
    const addStaff = page.getByRole('form', { name: 'Add a staff member' });
    await addStaff.getByLabel(/^Name/).fill(agency.staffName);
    await addStaff.getByLabel(/^E-mail address/).fill(agency.staffEmail);
    await addStaff.getByLabel(/^Reason/).fill('Their booking contact');
    await addStaff.getByRole('button', { name: 'Add the staff member' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${agency.staffName} is added` })).toBeVisible();
    await expect(page.getByRole('table', { name: `Staff of ${agency.name}` }).getByRole('row', { name: new RegExp(agency.staffName) })).toContainText('Enabled');
    await expectNoA11yViolations(page);
  });

  test("a visitor gets the new code's discount at the review step, and the console counts the use", async ({ browser, server }) => {
    const visitorContext = await browser.newContext({ baseURL: server.baseURL });
    const visitor = await visitorContext.newPage();
    const departure = await bookableDeparture(visitorContext.request, 'LD-GRE', { minDaysAhead: 7 });
    await startBooking(visitor, { tour: 'LD-GRE', departure });
    const priced = visitor.waitForResponse((response) => response.url().endsWith('/api/bookings/selection'));
    await completeParticipantsStep(visitor);
    const before = ((await (await priced).json()) as { data: PrePaymentDetails }).data.total_price.value;
    await expect(reviewHeading(visitor)).toBeVisible();

    const field = visitor.getByLabel('Enter a promotional code');
    const applied = visitor.waitForResponse((response) => response.url().endsWith('/api/bookings/promotion') && response.ok());
    await field.fill(code.toLowerCase());
    await visitor.getByRole('button', { name: 'Apply' }).click();
    const answer = ((await (await applied).json()) as { data: { details: PrePaymentDetails } }).data;
    const discount = promotionDiscount({ percent: 10 }, before);
    expect(answer.details.total_price.value).toBe(before + discount);
    await expect(visitor.getByText(VALIDATION.promoApplied)).toBeVisible();
    await expect(visitor.locator('.price-table').getByRole('row', { name: new RegExp(`Promotional code ${code}`) })).toContainText(`−${formatAmount(-discount, 'GBP')}`);
    await expect(visitor.locator('.price-table').getByRole('row', { name: /^Total/ })).toContainText(formatAmount(before + discount, 'GBP'));
    await visitorContext.close();

    await page.goto('/admin/promotions');
    await expect(page.getByRole('table', { name: 'Promotional codes' }).getByRole('row', { name: new RegExp(code) })).toContainText('1 of 5 uses');
  });

  test("the new agency's staff member verifies on the site's agent modal", async ({ page: visitor }) => {
    await visitor.goto('/');
    await verifyAgentInModal(visitor, { agentId: agency.id, email: agency.staffEmail, agentName: agency.name });
  });
});
