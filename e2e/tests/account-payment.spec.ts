import type { Locator, Page } from '@playwright/test';
import { seedAccountCustomer, type AccountCustomer } from '../support/account.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { cardFrame, exactMoney, frameAmount, payByCard, TEST_CARDS, waitForCardForm } from '../support/payment.ts';
import { signInFromHome } from '../support/sign-in.ts';
import { picture } from '../support/shots.ts';

/**
 * 'Make a payment' of the account area (spec sections 2, 4 Account payment,
 * 5 Account forms, 8): a fresh copy of the demo customer pays part of its
 * balance with a one-off amount, then the rest in full, through the sandbox
 * provider's card form; a declined card; the billing address messages and
 * the postcode lookup; axe and a phone-sized screen. Each test has its own
 * customer, so what it pays changes nothing another test reads.
 */


/** The payment requests this page has asked the API (and so the card provider) to open. */
function countPaymentRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/account\/bookings\/\d+\/payments\/token$/.test(request.url())) count += 1;
  });
  return () => count;
}

/** The customer chooses to pay: only then is a payment request opened. */
const continueToPayment = (page: Page) => page.getByRole('button', { name: 'Continue to payment' }).click();

async function openBookingWithBalance(page: Page, tag: string): Promise<AccountCustomer> {
  const customer = await seedAccountCustomer(page.request, tag);
  await page.goto('/');
  await signInFromHome(page, customer.email);
  await page.goto(`/account/booking/${customer.withBalance.id}`);
  await expect(page.getByRole('heading', { name: 'Booking summary' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Make a payment' })).toBeVisible();
  return customer;
}

/** The value of a term in the summary's lists: 'Outstanding balance' → '£1,234.50'. */
const summaryValue = (page: Page, term: string): Locator =>
  page.locator('dl > div').filter({ has: page.getByText(term, { exact: true }) }).locator('dd');

/** '£1,234.50' → 123450. */
const minorOf = (text: string): number => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

const historyRows = (page: Page): Locator => page.getByRole('table', { name: 'Payment history' }).locator('tbody tr');

async function outstandingBalance(page: Page): Promise<number> {
  return minorOf((await summaryValue(page, 'Outstanding balance').textContent()) ?? '');
}

/** A 'System Alert' toast with this message. */
const toast = (page: Page, text: string | RegExp): Locator => page.locator('.toast__message').filter({ hasText: text });

async function toastWith(page: Page, text: string | RegExp): Promise<void> {
  await expect(toast(page, text)).toBeVisible({ timeout: 20_000 });
}

test('pays part of the balance with a one-off amount, then the rest in full, until nothing is outstanding', async ({ page }) => {
  test.setTimeout(120_000);
  const paymentRequests = countPaymentRequests(page);
  await openBookingWithBalance(page, 'account-pay');
  const before = await outstandingBalance(page);
  // Opening the booking asks the card provider for nothing, however long the page stays open, or when it is opened again.
  await page.clock.fastForward(10_000);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Make a payment' })).toBeVisible({ timeout: 20_000 });
  await page.clock.fastForward(10_000);
  expect(paymentRequests()).toBe(0);
  await expect(cardFrame(page).getByLabel('Card number')).toHaveCount(0);
  expect(before).toBeGreaterThan(10_050);
  // The payment history arrives after the heading (a query of its own): wait for its two seeded payments, since
  // counting at once raced it (0 rows on a busy CI machine).
  const rowsBefore = 2;
  await expect(historyRows(page)).toHaveCount(rowsBefore);
  await expect(page.getByRole('radio', { name: /^Pay full balance/ })).toHaveAccessibleName(`Pay full balance ${exactMoney(before)}`);

  // One-off: £100.50.
  await page.getByRole('radio', { name: /^One-off payment/ }).check();
  await page.getByLabel(/^Amount \(GBP\)/).fill('100.50');
  await continueToPayment(page);
  const frame = await waitForCardForm(page);
  expect(paymentRequests()).toBe(1);
  await expect(frameAmount(frame)).toHaveText(exactMoney(10_050));
  await payByCard(page);
  await toastWith(page, /^Payment Successful \(ID \d+\)$/);
  await expect(page.getByText(/Your payment of £100\.50 has been received \(ID \d+\)/)).toBeVisible();
  await picture(page, 'make-a-payment-paid-1280', { fullPage: false });
  await expect(historyRows(page)).toHaveCount(rowsBefore + 1, { timeout: 20_000 });
  await expect(historyRows(page).first()).toContainText('£100.50');
  await expect.poll(() => outstandingBalance(page)).toBe(before - 10_050);
  const paidId = (await historyRows(page).first().locator('td').first().textContent())?.trim();
  await expect(toast(page, `Payment Successful (ID ${paidId})`)).toBeVisible();

  // The rest: 'Pay full balance' opens the form for exactly what is left.
  await page.getByRole('radio', { name: /^Pay full balance/ }).check();
  await expect(page.getByRole('radio', { name: /^Pay full balance/ })).toHaveAccessibleName(`Pay full balance ${exactMoney(before - 10_050)}`);
  // Paying again is the customer's choice again.
  await continueToPayment(page);
  const second = await waitForCardForm(page);
  expect(paymentRequests()).toBe(2);
  await expect(frameAmount(second)).toHaveText(exactMoney(before - 10_050));
  await payByCard(page);
  await expect(page.getByRole('heading', { name: 'No outstanding balance' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Make a payment' })).toHaveCount(0);
  await expect(historyRows(page)).toHaveCount(rowsBefore + 2);
  await expect(historyRows(page).first()).toContainText(exactMoney(before - 10_050).replace(/\.00$/, ''));
  expect(await outstandingBalance(page)).toBe(0);

  // After a reload the server's figures say the same.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No outstanding balance' })).toBeVisible({ timeout: 20_000 });
  await expect(historyRows(page)).toHaveCount(rowsBefore + 2);
});

test('a declined card: the alert, nothing recorded, and the form stays open for another card', async ({ page }) => {
  await openBookingWithBalance(page, 'account-declined');
  const before = await outstandingBalance(page);
  await continueToPayment(page);
  await waitForCardForm(page);
  await payByCard(page, TEST_CARDS.declined);
  await toastWith(page, 'Payment Failed. Please check the details and retry.');
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  await expect(historyRows(page)).toHaveCount(2);
  expect(await outstandingBalance(page)).toBe(before);
});

test('the billing address: the messages when paying with it incomplete, and a postcode lookup filling the lines', async ({ page }) => {
  await openBookingWithBalance(page, 'account-billing');
  await continueToPayment(page);
  await waitForCardForm(page);
  await page.getByRole('checkbox', { name: 'Tick to use a different billing address' }).check();
  // The payer changed: the form for the old address is gone.
  await expect(cardFrame(page).getByLabel('Card number')).toHaveCount(0);
  const billing = page.getByRole('form', { name: 'Billing address' });
  await billing.getByRole('combobox', { name: /^Country/ }).selectOption('');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  for (const message of ['Postal code is required', 'Line 1 is required', 'City is required', 'State is required', 'Country is required']) {
    await expect(billing.getByText(message, { exact: true })).toBeVisible();
  }
  await toastWith(page, 'Some validation errors were found');
  await expect(billing.getByLabel(/^Postcode/)).toBeFocused();
  await picture(page.getByRole('region', { name: 'Make a payment' }), 'make-a-payment-messages-1280');

  await billing.getByLabel(/^Postcode/).fill('ec1a1bb');
  await billing.getByRole('button', { name: 'Find address' }).click();
  const chooser = billing.getByRole('combobox', { name: 'Choose address' });
  await expect(chooser).toBeVisible();
  // Choosing an address completes the form (the lookup fills the country
  // too), so the card form is asked for at once: listen before choosing.
  const tokenRequest = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/payments/token') && (request.postDataJSON() as { country?: string }).country === 'GB',
  );
  await chooser.selectOption({ label: 'Flat 2, 10 Long Lane, London, Greater London' });
  await expect(billing.getByLabel(/^Line 1/)).toHaveValue('Flat 2');
  await expect(billing.getByLabel(/^Line 2/)).toHaveValue('10 Long Lane');
  await expect(billing.getByLabel(/^City/)).toHaveValue('London');
  await expect(billing.getByLabel(/^State/)).toHaveValue('Greater London');
  await expect(billing.getByLabel(/^Postcode/)).toHaveValue('EC1A 1BB');
  await expect(billing.getByRole('combobox', { name: /^Country/ })).toHaveValue('GBR');
  // Complete: the card form opens for the billing address.
  await expect(billing.getByText('Line 1 is required')).toHaveCount(0);
  await expect(billing.getByText('Country is required')).toHaveCount(0);
  expect((await tokenRequest).postDataJSON()).toMatchObject({
    address_line_1: 'Flat 2',
    address_line_2: '10 Long Lane',
    address_line_4: 'London',
    address_line_5: 'Greater London',
    address_line_6: 'EC1A 1BB',
    country: 'GB',
  });
  await waitForCardForm(page);
  await expectNoA11yViolations(page);
  await picture(page.getByRole('region', { name: 'Make a payment' }), 'make-a-payment-billing-1280');
});

test('works at 375 px and passes axe with the card form open', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openBookingWithBalance(page, 'account-mobile');
  await page.getByRole('radio', { name: /^One-off payment/ }).check();
  await page.getByLabel(/^Amount \(GBP\)/).fill('25');
  await continueToPayment(page);
  const frame = await waitForCardForm(page);
  await expect(frameAmount(frame)).toHaveText(exactMoney(2_500));
  await expectNoA11yViolations(page);
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const section = page.getByRole('region', { name: 'Make a payment' });
  await picture(section, 'make-a-payment-375');

  // Laid out anew for a wide screen, the form keeps the amount typed and opens the card form again.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByLabel(/^Amount \(GBP\)/)).toHaveValue('25');
  await expect(frameAmount(await waitForCardForm(page))).toHaveText(exactMoney(2_500));
  await picture(section, 'make-a-payment-1280');
});
