import { formatAmount, type PrePaymentDetails } from '@tours/domain';
import type { Locator, Page } from '@playwright/test';
import { bookableDeparture, completeParticipantsStep, DEMO_PARTICIPANTS, fillParticipant, participantSection, startBooking } from '../support/booking.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { acceptTermsAndWaitForCardForm, payByCard, reviewHeading, stepHeading, termsCheckbox } from '../support/payment.ts';
import { expectConfirmation, fullName } from '../support/review.ts';

/**
 * A flow that goes back and forth (issue 9): Back on every step after the
 * first, the browser's Back and Forward through the steps (an entry per
 * step, within the booking's rules), Change from the review, the step kept
 * on a reload, and the choices kept all along.
 */

const [LEAD, SECOND] = DEMO_PARTICIPANTS;
const LEAD_NAME = fullName(LEAD);
const SECOND_NAME = fullName(SECOND);

const HEADINGS = {
  '1': 'Participants',
  '2a': 'Travel arrangements',
  '2b': 'Extras and options',
  '3a': 'Accommodation',
  '3b': 'Additional nights',
  '4a': 'Booking review & payment',
} as const;
type Step = keyof typeof HEADINGS;

const next = (page: Page, name: 'Next' | 'Continue to payment' = 'Next') => page.getByRole('button', { name, exact: true });
const back = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });
const reference = (page: Page) => page.getByRole('complementary', { name: 'Booking summary' }).locator('.reference-card__value');

async function expectStep(page: Page, step: Step): Promise<void> {
  // Step 1 is headed for the participants in the form: 'Participant' while there is one.
  const heading = step === '1' ? page.getByRole('heading', { level: 2, name: /^Participants?$/ }) : stepHeading(page, HEADINGS[step]);
  await expect(heading).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]step=${step}(&|$)`));
}

/** Goes on to review, waiting for the selections call that prices it, and answers the server's figures. */
async function priced(page: Page, go: () => Promise<unknown>): Promise<PrePaymentDetails> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/bookings/selections') && response.request().method() === 'POST');
  await go();
  const response = await answer;
  expect(response.ok(), await response.text()).toBe(true);
  await expect(reviewHeading(page)).toBeVisible();
  return ((await response.json()) as { data: PrePaymentDetails }).data;
}

/** The choices made on the way, as each step shows them. */
const choices = (page: Page) => ({
  flight: (name: string): Locator => page.getByRole('group', { name: `Flights for ${name}` }).getByRole('radio', { name: /OS 457/ }),
  riding: (): Locator =>
    page.getByRole('group', { name: 'Option 1: Private visit to the Spanish Riding School' }).getByRole('checkbox', { name: LEAD_NAME }),
  room: (): Locator => page.getByRole('radio', { name: /Double room/ }),
  night: (name: string): Locator => page.getByRole('group', { name: `Additional nights for ${name}` }).getByRole('radio', { name: /Additional night/ }),
  firstName: (): Locator => participantSection(page, 0).getByLabel(/^First name/),
});

async function expectChoicesOn(page: Page, step: Step): Promise<void> {
  const chosen = choices(page);
  if (step === '1') await expect(chosen.firstName()).toHaveValue(LEAD.given_name);
  if (step === '2a') {
    await expect(chosen.flight(LEAD_NAME)).toBeChecked();
    await expect(chosen.flight(SECOND_NAME)).toBeChecked();
  }
  if (step === '2b') await expect(chosen.riding()).toBeChecked();
  if (step === '3a') await expect(chosen.room()).toBeChecked();
  if (step === '3b') {
    await expect(chosen.night(LEAD_NAME)).toBeChecked();
    await expect(chosen.night(SECOND_NAME)).toBeChecked();
  }
}

test('two participants go forward, back and forward with Back, the browser’s Back and Forward and Change, keeping every choice, then pay', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The 200-day Vienna departure: flights, extras, rooms and additional nights, and stock no other test exhausts.
  const departure = await bookableDeparture(request, 'MHW-VIE', { minDaysAhead: 150 });
  await startBooking(page, { tour: 'MHW-VIE', departure });
  await expectStep(page, '1');
  await completeParticipantsStep(page, [LEAD, SECOND]);

  // Forward through every step, choosing on each.
  await expectStep(page, '2a');
  const chosen = choices(page);
  await chosen.flight(LEAD_NAME).check();
  await chosen.flight(SECOND_NAME).check();
  await next(page).click();
  await expectStep(page, '2b');
  await chosen.riding().check();
  await next(page).click();
  await expectStep(page, '3a');
  await chosen.room().check();
  await next(page).click();
  await expectStep(page, '3b');
  await chosen.night(LEAD_NAME).check();
  await chosen.night(SECOND_NAME).check();
  const first = await priced(page, () => next(page, 'Continue to payment').click());
  await expectStep(page, '4a');
  const bookingId = (await reference(page).textContent())!.trim();

  // Back on every step, to step 1, with the choices shown as made.
  for (const step of ['3b', '3a', '2b', '2a', '1'] as const) {
    await back(page).click();
    await expectStep(page, step);
    await expectChoicesOn(page, step);
  }
  await expect(back(page)).toHaveCount(0);
  await expect(page.getByText(/Your booking has been started/)).toBeVisible();
  await expectNoA11yViolations(page);

  // Forward again: step 1 updates the same booking (as many participants), and review is priced afresh.
  const updated = page.waitForResponse((response) => response.url().endsWith('/api/bookings/passengers') && response.request().method() === 'PUT');
  await next(page).click();
  expect((await updated).status()).toBe(200);
  for (const step of ['2a', '2b', '3a', '3b'] as const) {
    await expectStep(page, step);
    await expectChoicesOn(page, step);
    if (step !== '3b') await next(page).click();
  }
  const again = await priced(page, () => next(page, 'Continue to payment').click());
  expect(again.total_price).toEqual(first.total_price);
  await expect(reference(page)).toHaveText(bookingId);

  // The browser's Back through every step to step 1, then Forward to review.
  for (const step of ['3b', '3a', '2b', '2a', '1'] as const) {
    await page.goBack();
    await expectStep(page, step);
    await expectChoicesOn(page, step);
  }
  for (const step of ['2a', '2b', '3a', '3b'] as const) {
    await page.goForward();
    await expectStep(page, step);
    await expectChoicesOn(page, step);
  }
  // Forward onto review goes through the server again, so its totals are those of the choices as they stand.
  await priced(page, () => page.goForward());
  await expectStep(page, '4a');

  // A reload keeps the step, on review and on any other.
  await page.reload();
  await expectStep(page, '4a');
  await page.goBack();
  await expectStep(page, '3b');
  await page.reload();
  await expectStep(page, '3b');
  await expectChoicesOn(page, '3b');
  await priced(page, () => page.goForward());

  // Change beside the flights: to 2a with the choices kept; one flight changed; Next walks to review again, re-priced.
  await page.getByRole('button', { name: 'Change flights' }).click();
  await expectStep(page, '2a');
  await expectChoicesOn(page, '2a');
  await page.getByRole('group', { name: `Flights for ${SECOND_NAME}` }).getByRole('radio', { name: /Own arrangements/ }).check();
  for (const step of ['2b', '3a', '3b'] as const) {
    await next(page).click();
    await expectStep(page, step);
    await expectChoicesOn(page, step);
  }
  const changed = await priced(page, () => next(page, 'Continue to payment').click());
  expect(changed.total_price.value).toBeLessThan(first.total_price.value);
  await expect(page.locator('.price-table').getByRole('row', { name: /^Total/ })).toContainText(formatAmount(changed.total_price.value, 'GBP'));

  // Once the card form is open the visitor may be paying: no Back, no Change, and the browser's Back stays on review.
  await termsCheckbox(page).scrollIntoViewIfNeeded();
  await acceptTermsAndWaitForCardForm(page);
  await expect(back(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Change / })).toHaveCount(0);
  await page.goBack();
  await expectStep(page, '4a');
  await expect(page.getByRole('button', { name: /^Change / })).toHaveCount(0);

  await payByCard(page);
  await expectConfirmation(page, { paid: changed.deposit.value, balance: changed.total_price.value - changed.deposit.value, balanceDue: changed.balance_due });
});

test('a day trip goes from review back to step 1 and forward; another number of participants starts the booking again', async ({ page, request }) => {
  const departure = await bookableDeparture(request, 'LD-GRE', { minDaysAhead: 30 });
  await startBooking(page, { tour: 'LD-GRE', departure });
  const selection = () =>
    page.waitForResponse((response) => response.url().endsWith('/api/bookings/selection') && response.request().method() === 'POST');
  let priced = selection();
  await completeParticipantsStep(page, [LEAD]);
  await priced;
  await expect(reviewHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=4a(&|$)/);
  const bookingId = (await reference(page).textContent())!.trim();

  // Back leads straight to step 1: a day trip has no steps 2 and 3.
  await back(page).click();
  await expect(stepHeading(page, 'Participant')).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=1(&|$)/);
  await expect(choices(page).firstName()).toHaveValue(LEAD.given_name);

  // Back gave step 1 an entry of its own: the browser's Back returns to review (the tour selected again), its Forward to step 1.
  priced = selection();
  await page.goBack();
  await priced;
  await expect(reviewHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=4a(&|$)/);
  await page.goForward();
  await expect(stepHeading(page, 'Participant')).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=1(&|$)/);
  // Before review, the browser's Back passes no step 2 or 3 (a day trip has none): the first entry is step 1 itself.
  priced = selection();
  await page.goBack();
  await priced;
  await expect(reviewHeading(page)).toBeVisible();
  await page.goBack();
  await expect(stepHeading(page, 'Participant')).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=1(&|$)/);

  // A second participant: the server cancels the old booking and makes a new one for two.
  await page.getByRole('button', { name: 'Add second participant' }).click();
  await fillParticipant(page, 1, SECOND);
  const replaced = page.waitForResponse((response) => response.url().endsWith('/api/bookings/passengers') && response.request().method() === 'PUT');
  priced = selection();
  await next(page).click();
  const answer = (await (await replaced).json()) as { data: { booking: { id: number; passengers: unknown[] }; token: unknown } };
  expect(answer.data.token).not.toBeNull();
  expect(answer.data.booking.passengers).toHaveLength(2);
  await priced;
  await expect(reviewHeading(page)).toBeVisible();
  await expect(reference(page)).toHaveText(String(answer.data.booking.id));
  expect(String(answer.data.booking.id)).not.toBe(bookingId);
  await expect(page.getByText(SECOND_NAME)).toBeVisible();
});
