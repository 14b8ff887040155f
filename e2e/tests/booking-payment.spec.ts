import { ALERTS, formatAmount, OPERATOR, SCREEN_TEXT, VALIDATION, type PrePaymentDetails } from '@tours/domain';
import type { Page, Request } from '@playwright/test';
import { bookableDeparture, completeParticipantsStep, DEMO_PARTICIPANTS, startBooking } from '../support/booking.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import {
  acceptTermsAndWaitForCardForm,
  cardFrame,
  dataLayer,
  exactMoney,
  failNextConfirmation,
  frameAmount,
  paymentOption,
  payByCard,
  reviewHeading,
  sentMail,
  storedBooking,
  TEST_CARDS,
  termsCheckbox,
  waitForCardForm,
  waitForPaymentOptions,
} from '../support/payment.ts';
import { expectConfirmation, fullName as name, reviewVienna } from '../support/review.ts';

/**
 * Review, card payment and confirmation (issue 4) in the browser, against the
 * real API, its sandbox card provider and its test-only fault switch.
 * Amounts are the server's own figures (the selections answer), never read
 * off the page. Singles and twins of MHW-VIE are few per departure, so the
 * tests spread over two departures and room types.
 */

const [LEAD, SECOND] = DEMO_PARTICIPANTS;
const PHONE = OPERATOR.regions.DEFAULT.phone;
const FAR = 150;
const NEAR = 40;
const toast = (page: Page, message: string) => page.locator('.toast-stack').getByText(message);
const isConfirm = (request: Request) => request.url().endsWith('/api/bookings/confirm') && request.method() === 'POST';

/** The amount a token was requested for, as sent. */
function tokenAmount(page: Page): Promise<string> {
  return page
    .waitForRequest((request) => request.url().endsWith('/api/bookings/payments/token') && request.method() === 'POST')
    .then((request) => (request.postDataJSON() as { amount: string }).amount);
}

test('pays the deposit of MHW-VIE, after the terms and the delays, and shows the confirmation', async ({ page, request }) => {
  const details = await reviewVienna(page, request, { minDaysAhead: FAR });
  const { deposit, total_price: total } = details;
  expect(deposit.value).toBeGreaterThan(0);

  await expect(page.locator('.price-table').getByRole('row', { name: /^Total/ })).toContainText(formatAmount(total.value, 'GBP'));
  await expect(page.getByRole('row', { name: /^Deposit/ })).toContainText(formatAmount(deposit.value, 'GBP'));
  await expect(paymentOption(page, 'deposit')).toBeChecked();
  await expect(paymentOption(page, 'deposit')).toBeDisabled();
  await expect(page.locator('.payment-options').getByText(formatAmount(deposit.value, 'GBP'), { exact: true })).toBeVisible();
  await expect(page.locator('.payment-options').getByText(formatAmount(total.value, 'GBP'), { exact: true })).toBeVisible();

  // Trying to go on without the terms says why.
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(termsCheckbox(page)).toHaveAccessibleDescription(new RegExp(VALIDATION.termsRequired));
  await expect(termsCheckbox(page)).toBeFocused();
  await expectNoA11yViolations(page);

  const requested = tokenAmount(page);
  await termsCheckbox(page).check();
  await expect(page.getByText('Unlocking the payment options…')).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await waitForPaymentOptions(page, 'deposit');
  await expect(page.getByText('Preparing secure payment…').first()).toBeVisible();
  expect(await requested).toBe((deposit.value / 100).toFixed(2));
  const frame = await waitForCardForm(page);
  await expect(frameAmount(frame)).toHaveText(exactMoney(deposit.value));

  const confirmed = page.waitForResponse((response) => isConfirm(response.request()));
  await payByCard(page);
  await expect(toast(page, ALERTS.paymentSuccessful.message)).toBeVisible();
  const answer = (await (await confirmed).json()) as { data: { status: string; reference: string } };
  expect(answer.data.status).toBe('confirmed');

  const reference = await expectConfirmation(page, { paid: deposit.value, balance: total.value - deposit.value });
  expect(reference).toBe(answer.data.reference);
  await expect(page.getByRole('navigation', { name: 'Booking progress' }).locator('[aria-current="step"]')).toContainText('Confirmation');
  await expectNoA11yViolations(page);

  const events = await dataLayer(page);
  expect(events.map((entry) => entry.event)).toEqual(expect.arrayContaining(['booking_review_and_payment', 'add_payment_info', 'purchase']));
  expect(events.find((entry) => entry.event === 'purchase')).toMatchObject({ reference, currency: 'GBP', value: total.value / 100 });

  // Signed out: the sign-in action starts the redirect to the identity provider (spec section 2, Step 5).
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('pays MHW-VIE in full for two participants', async ({ page, request }) => {
  const details = await reviewVienna(page, request, { minDaysAhead: NEAR, participants: [LEAD, SECOND], room: 'Twin room' });
  await expect(page.getByRole('region', { name: 'Participants' })).toContainText(name(SECOND));
  const requested = tokenAmount(page);
  await termsCheckbox(page).check();
  await waitForPaymentOptions(page, 'full');
  await paymentOption(page, 'full').check();
  expect(await requested).toBe((details.total_price.value / 100).toFixed(2));
  const frame = await waitForCardForm(page);
  await expect(frameAmount(frame)).toHaveText(exactMoney(details.total_price.value));
  await payByCard(page);
  await expectConfirmation(page, { paid: details.total_price.value, balance: 0 });
  await expect(page.locator('.confirmation__details')).toContainText(`${name(LEAD)}, ${name(SECOND)}`);
  // A bought booking is not offered back as one to continue.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue with your last booking' })).toHaveCount(0);
});

test('a day trip (LD-GRE) is paid in full, with no deposit offered', async ({ page, request }) => {
  const departure = await bookableDeparture(request, 'LD-GRE', { minDaysAhead: 7 });
  await startBooking(page, { tour: 'LD-GRE', departure });
  const priced = page.waitForResponse((response) => response.url().endsWith('/api/bookings/selection'));
  await completeParticipantsStep(page, [LEAD]);
  const details = ((await (await priced).json()) as { data: PrePaymentDetails }).data;
  await expect(reviewHeading(page)).toBeVisible();
  await expect(paymentOption(page, 'deposit')).toHaveCount(0);
  await expect(paymentOption(page, 'full')).toBeChecked();

  const frame = await acceptTermsAndWaitForCardForm(page);
  await expect(frameAmount(frame)).toHaveText(exactMoney(details.total_price.value));
  await payByCard(page);
  await expectConfirmation(page, { paid: details.total_price.value, balance: 0 });
});

test('WELCOME100 is applied (no deposit, the server totals) and SPRING10 is refused', async ({ page, request }) => {
  const details = await reviewVienna(page, request, { minDaysAhead: NEAR });
  const field = page.getByLabel('Enter a promotional code');
  const apply = page.getByRole('button', { name: 'Apply' });
  const promotionCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/bookings/promotion')) promotionCalls.push(sent.url());
  });

  // An empty code is ignored.
  await apply.click();
  await expect(page.getByText(VALIDATION.promoInvalid)).toHaveCount(0);
  expect(promotionCalls).toHaveLength(0);

  await field.fill('SPRING10');
  await apply.click();
  await expect(field).toHaveAccessibleDescription(VALIDATION.promoInvalid);
  await expect(paymentOption(page, 'deposit')).toHaveCount(1);

  const applied = page.waitForResponse((response) => response.url().endsWith('/api/bookings/promotion') && response.ok());
  await field.fill('welcome100');
  await apply.click();
  const answer = ((await (await applied).json()) as { data: { promotion: { name: string; price: { value: number } }; details: PrePaymentDetails } }).data;
  const total = answer.details.total_price.value;
  expect(total).toBe(details.total_price.value - 10_000);
  await expect(page.getByText(VALIDATION.promoApplied)).toBeVisible();
  await expect(field).toBeDisabled();
  await expect(apply).toBeDisabled();
  await expect(page.locator('.price-table').getByRole('row', { name: /Promotional code WELCOME100/ })).toContainText(`−${formatAmount(10_000, 'GBP')}`);
  await expect(page.locator('.price-table').getByRole('row', { name: /^Total/ })).toContainText(formatAmount(total, 'GBP'));
  await expect(page.getByRole('row', { name: /^Deposit/ })).toHaveCount(0);
  const summary = page.getByRole('complementary', { name: 'Booking summary' });
  await expect(summary.locator('.summary-lines__row--total dd')).toHaveText(formatAmount(total, 'GBP'));
  await expect(summary.getByText('Deposit', { exact: true })).toHaveCount(0);
  await expect(paymentOption(page, 'deposit')).toHaveCount(0);
  await expect(paymentOption(page, 'full')).toBeChecked();
  await expectNoA11yViolations(page);

  const frame = await acceptTermsAndWaitForCardForm(page);
  await expect(frameAmount(frame)).toHaveText(exactMoney(total));
});

test('a declined card alerts and keeps the form; another card then pays', async ({ page, request }) => {
  const details = await reviewVienna(page, request, { minDaysAhead: FAR });
  await acceptTermsAndWaitForCardForm(page);
  await payByCard(page, TEST_CARDS.declined);
  await expect(toast(page, ALERTS.paymentFailed.message)).toBeVisible();
  await expect(cardFrame(page).getByRole('alert')).toContainText(/declined/i);
  await expect(page).toHaveURL(/\/book\?/);

  await payByCard(page, TEST_CARDS.success);
  await expectConfirmation(page, { paid: details.deposit.value, balance: details.total_price.value - details.deposit.value });
});

test("an expired request alerts, clears the token and reloads back at review", async ({ page, request }) => {
  await reviewVienna(page, request, { minDaysAhead: NEAR });
  await acceptTermsAndWaitForCardForm(page);
  const reloaded = page.waitForEvent('load');
  await payByCard(page, TEST_CARDS.expired);
  await expect(toast(page, ALERTS.paymentExpired(PHONE).message)).toBeVisible();
  await reloaded;

  await expect(reviewHeading(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: ALERTS.paymentExpired(PHONE).message })).toBeVisible();
  await expect(termsCheckbox(page)).not.toBeChecked();
  const payment = await page.evaluate(() => JSON.parse(sessionStorage.getItem('tours.payment') ?? '{}') as { state: { paymentToken: unknown } });
  expect(payment.state.paymentToken).toBeNull();
  // The payment starts again from the terms.
  await acceptTermsAndWaitForCardForm(page);
});

test('a booking that cannot be confirmed after payment shows the unconfirmed screen', async ({ page, request }) => {
  await reviewVienna(page, request, { minDaysAhead: NEAR });
  const booking = await storedBooking(page);
  await failNextConfirmation(request, booking.id);
  await acceptTermsAndWaitForCardForm(page);
  await payByCard(page);

  await expect(toast(page, ALERTS.unableToConfirm(PHONE).message)).toBeVisible();
  await expect(page.getByText(SCREEN_TEXT.unconfirmed, { exact: true })).toBeVisible();
  await expect(page.locator('.unconfirmed__id')).toHaveText(String(booking.id));
  await expect(page.getByRole('main').getByRole('link', { name: PHONE, exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expectNoA11yViolations(page);
  // A reload keeps the screen: no second payment is offered.
  await page.reload();
  await expect(page.getByText(SCREEN_TEXT.unconfirmed, { exact: true })).toBeVisible();
});

test('double-clicking Pay and replaying the confirmation give one booking, one payment, one e-mail', async ({ page, request }) => {
  await reviewVienna(page, request, { minDaysAhead: FAR });
  const booking = await storedBooking(page);
  const confirms: Request[] = [];
  page.on('request', (sent) => {
    if (isConfirm(sent)) confirms.push(sent);
  });
  await acceptTermsAndWaitForCardForm(page);
  await payByCard(page, TEST_CARDS.success, { clicks: 2 });
  const reference = await page
    .waitForURL(/\/booking-confirmation$/)
    .then(() => page.locator('.confirmation__reference .reference-card__value').textContent());
  expect(confirms).toHaveLength(1);
  const paymentId = (confirms[0]!.postDataJSON() as { payment_id: string }).payment_id;

  const replay = await page.request.post('/api/bookings/confirm', {
    headers: { Authorization: `Bearer ${booking.token}` },
    data: { payment_id: paymentId, currency: 'GBP' },
  });
  expect(replay.ok(), await replay.text()).toBe(true);
  // 150 days away, the booking was a Quote: settled, it is Confirmed (an Optional booking would stay Optional).
  expect(((await replay.json()) as { data: { status: string; reference: string } }).data).toEqual({
    status: 'confirmed',
    reference: reference?.trim(),
    booking_status: 'Confirmed',
  });

  await expect.poll(async () => (await sentMail(request)).filter((mail) => mail.booking_id === booking.id).length, { timeout: 15_000 }).toBe(1);
  // Nothing more arrives once the relay has had time to send a second one.
  await page.waitForTimeout(1_500);
  expect((await sentMail(request)).filter((mail) => mail.booking_id === booking.id)).toHaveLength(1);
});

test('/booking-confirmation without a booking goes to the Home page', async ({ page }) => {
  await page.goto('/booking-confirmation');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in or create an account' })).toBeVisible();
});
