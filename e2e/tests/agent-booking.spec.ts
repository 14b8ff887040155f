import { formatAmount, SCREEN_TEXT, VALIDATION, type AccountBooking } from '@tours/domain';
import type { Page } from '@playwright/test';
import { agentReviewHeading, chooseRoomAndReviewAsAgent, DEMO_AGENT, verifyAgentInModal } from '../support/agent-booking.ts';
import { DEMO_PARTICIPANTS } from '../support/booking.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { CONFIRMATION_SUBJECT } from '../support/mailbox.ts';
import { dataLayer, sentMail, stepHeading } from '../support/payment.ts';
import { uniqueEmail, viennaToAccommodation } from '../support/review.ts';
import { signInFromHome } from '../support/sign-in.ts';
import { picture, shoot } from '../support/shots.ts';

/**
 * A travel agent books on behalf of a client (issue 13; spec sections 2, 4
 * and 6): Jane Holt of AG1001 verifies in the header's modal, books MHW-VIE
 * for a client and confirms without paying. The client's confirmation e-mail
 * is copied to her; the client then signs in and finds the booking, its
 * whole price outstanding. Amounts are the server's own (the selections
 * answer). Two participants in a double room of the departure 200 days out,
 * so the few single rooms other tests take are left alone.
 */

const AGENT_TERMS = 'I accept the travel agent terms and conditions on behalf of my client';
const MIN_DAYS_AHEAD = 150;


async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test('an agent books MHW-VIE for a client and confirms without paying; the client finds the booking in the account', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const clientEmail = uniqueEmail('agent-client');
  const client = { ...DEMO_PARTICIPANTS[0], email: clientEmail };
  const party = [client, DEMO_PARTICIPANTS[1]];

  await page.goto('/');
  await verifyAgentInModal(page, { agentId: DEMO_AGENT.id, email: DEMO_AGENT.staffEmail, agentName: DEMO_AGENT.name });

  // The flow as far as the rooms, then 'Next' to review: an agent is never asked to continue to payment.
  await viennaToAccommodation(page, page.request, { minDaysAhead: MIN_DAYS_AHEAD, participants: party });
  const progress = page.getByRole('navigation', { name: 'Booking progress' });
  await expect(progress.getByText('Booking review', { exact: true })).toBeVisible();
  await expect(progress.getByText('Booking review & payment')).toHaveCount(0);

  const registered = Promise.all(
    ['/api/bookings/agent', '/api/bookings/agent-staff'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path && response.request().method() === 'POST'),
    ),
  );
  const details = await chooseRoomAndReviewAsAgent(page, 'Double room');
  for (const answer of await registered) expect(answer.status(), await answer.text()).toBe(200);
  const total = formatAmount(details.total_price.value, 'GBP');

  // The side panel's welcome card, and no deposit: nothing is paid online.
  const summary = page.getByRole('complementary', { name: 'Booking summary' });
  const card = summary.getByRole('region', { name: `Welcome, ${DEMO_AGENT.staffName}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(DEMO_AGENT.id, { exact: true })).toBeVisible();
  await expect(card.getByText(DEMO_AGENT.name, { exact: true })).toBeVisible();
  await expect(summary.getByText('Deposit', { exact: true })).toHaveCount(0);

  // The review: the outstanding balance with the rates note, the agent terms and Confirm Booking, no payment.
  const price = page.getByRole('table', { name: 'Price of your booking, line by line' });
  await expect(price.getByRole('row', { name: `Outstanding balance ${total}` })).toBeVisible();
  await expect(page.getByText(SCREEN_TEXT.agentRates)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: AGENT_TERMS })).toBeVisible();
  await expect(page.getByRole('group', { name: 'How would you like to pay?' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' })).toHaveCount(0);
  const confirm = page.getByRole('button', { name: 'Confirm Booking' });
  await expect(confirm).toBeEnabled();
  await expectNoA11yViolations(page);
  await shoot(page, 'agent-booking-review');

  // On a phone: nothing scrolls sideways, and the summary bar opens onto the welcome card.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await summary.getByRole('button', { name: /Show booking summary/ }).click();
  await expect(card).toBeVisible();
  await expectNoA11yViolations(page);
  await picture(page, 'agent-booking-summary-open-375');
  await summary.getByRole('button', { name: /Hide booking summary/ }).click();

  // Without the agent terms: the message, and nothing sent.
  let confirmations = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/bookings/agent-confirm')) confirmations += 1;
  });
  await confirm.click();
  await expect(page.getByText(VALIDATION.agentTermsRequired)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: AGENT_TERMS })).toBeFocused();
  expect(confirmations).toBe(0);

  await page.getByRole('checkbox', { name: AGENT_TERMS }).check();
  await expect(page.getByText(VALIDATION.agentTermsRequired)).toHaveCount(0);
  const confirmed = page.waitForResponse((response) => response.url().endsWith('/api/bookings/agent-confirm'));
  await confirm.click();
  const answer = await confirmed;
  expect(answer.status(), await answer.text()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ action: 'confirm', agent_terms_accepted: true });
  const { reference } = ((await answer.json()) as { data: { reference: string } }).data;

  // Step 5 with the reference; the balance is the agency's to settle.
  await expect(page).toHaveURL(/\/booking-confirmation$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Thank you for your booking' })).toBeVisible();
  await expect(page.locator('.confirmation__reference .reference-card__value')).toHaveText(reference);
  expect(reference).toMatch(/^[A-Z]{3}-\d{6}$/);
  const detail = (label: string) => page.locator('.confirmation__details > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(detail('Outstanding balance')).toHaveText(`${total}, settled through ${DEMO_AGENT.name}`);
  await expect(page.getByText('Paid today')).toHaveCount(0);
  await expect(page.getByText(/within 1-3 working days, with a copy to Jane Holt/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Booking progress' }).getByText('Booking review', { exact: true })).toBeVisible();
  const events = (await dataLayer(page)).map((entry) => entry.event);
  expect(events).toContain('purchase');
  expect(events).not.toContain('add_payment_info');
  await expectNoA11yViolations(page);
  await shoot(page, 'agent-booking-confirmation');

  // The confirmation e-mail goes to the client, copied to the staff member.
  await expect(async () => {
    const mails = (await sentMail(page.request)).filter((mail) => mail.to === clientEmail && CONFIRMATION_SUBJECT.test(mail.subject));
    expect(mails).toHaveLength(1);
    expect((mails[0] as { cc?: string | null }).cc).toBe(DEMO_AGENT.staffEmail);
    expect(mails[0]!.subject).toContain(reference);
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] });

  // The client, in a browser of their own, signs in and finds the booking with its whole price outstanding.
  const clientContext = await browser.newContext({ baseURL });
  const clientPage = await clientContext.newPage();
  await clientPage.goto('/');
  await signInFromHome(clientPage, clientEmail);
  await expect(clientPage).toHaveURL(/\/account$/);
  const notifications = clientPage.getByRole('dialog', { name: 'Notifications' });
  const booking = clientPage.getByRole('main').getByRole('listitem').filter({ hasText: reference });
  await expect(booking).toBeVisible();
  if (await notifications.isVisible()) await notifications.getByRole('button', { name: 'Close' }).click();
  await expect(booking.locator('dt', { hasText: 'Outstanding balance' }).locator('xpath=following-sibling::dd[1]')).toContainText(total);
  await expect(booking.getByRole('link', { name: 'Make a payment' })).toBeVisible();
  const token = await clientPage.evaluate(
    () => (JSON.parse(window.sessionStorage.getItem('tours.account-session') ?? 'null') as { state: { accessToken: string } }).state.accessToken,
  );
  const listed = await clientPage.request.get('/api/account/bookings', { headers: { Authorization: `Bearer ${token}` } });
  const mine = ((await listed.json()) as { data: { items: AccountBooking[] } }).data.items.find((item) => item.booking_reference === reference);
  expect(mine?.outstanding_balance.value).toBe(details.total_price.value);
  await clientContext.close();
});

test('the agent review at 375 px: the step label, the welcome card and Confirm Booking fit a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await verifyAgentInModal(page, { agentId: DEMO_AGENT.id, email: DEMO_AGENT.staffEmail, agentName: DEMO_AGENT.name });
  await viennaToAccommodation(page, page.request, {
    minDaysAhead: MIN_DAYS_AHEAD,
    participants: [{ ...DEMO_PARTICIPANTS[0], email: uniqueEmail('agent-phone') }, DEMO_PARTICIPANTS[1]],
  });
  await chooseRoomAndReviewAsAgent(page, 'Double room');
  await expect(agentReviewHeading(page)).toBeVisible();
  await expect(stepHeading(page, 'Booking review & payment')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
  await expectNoSidewaysScroll(page);
  const button = await page.getByRole('button', { name: 'Confirm Booking' }).boundingBox();
  expect(button!.x + button!.width).toBeLessThanOrEqual(375);
  await expectNoA11yViolations(page);
});
