import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCREEN_TEXT, VALIDATION, type PrePaymentDetails } from '@tours/domain';
import type { Locator, Page } from '@playwright/test';
import { bookableDeparture, completeParticipantsStep, DEMO_PARTICIPANTS, startBooking } from '../support/booking.ts';
import { expect, expectNoA11yViolations, test } from '../support/fixtures.ts';
import { cardFrame, paymentOption, reviewHeading, stepHeading, termsCheckbox, waitForCardForm } from '../support/payment.ts';
import { continueToReview, fullName, reviewDayTrip } from '../support/review.ts';

/**
 * The review shows the money (issue 9): every line with its price, adding up
 * to the total, the summary panel agreeing line for line, a promotional code
 * applied and removed, and the wait before the card form said out loud.
 * Figures are read off the page and parsed to minor units, then checked
 * against each other and against the server's own answer.
 */

const [LEAD, SECOND] = DEMO_PARTICIPANTS;
const SHOTS = process.env.REVIEW_SHOTS_DIR ?? join(tmpdir(), 'review-shots');

interface ShownLine {
  label: string;
  amount: number;
}

/** '£4,340' -> 434000, '£674.25' -> 67425, '−£100' -> -10000, 'Included in price' -> 0. */
function minorUnits(text: string): number {
  if (/included in price/i.test(text)) return 0;
  const match = /(−|-)?[^\d−-]*([\d,]+)(?:\.(\d{2}))?/.exec(text.trim());
  if (!match) throw new Error(`No amount in '${text}'`);
  const value = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3] ?? '0');
  return match[1] ? -value : value;
}

const reviewTable = (page: Page): Locator => page.getByRole('table', { name: /Price of your booking/ });
const summary = (page: Page): Locator => page.getByRole('complementary', { name: 'Booking summary' });

async function reviewLines(page: Page): Promise<ShownLine[]> {
  const lines = reviewTable(page).locator('tbody tr.price-table__line');
  // The review step's code loads on demand ('Loading the review'): read the lines once they are there.
  await expect(lines.first()).toBeVisible();
  const rows = await lines.evaluateAll((trs) => trs.map((tr) => [tr.querySelector('.price-table__label')!.textContent!, tr.querySelector('td')!.textContent!] as const));
  return rows.map(([label, amount]) => ({ label, amount: minorUnits(amount) }));
}

async function reviewFigure(page: Page, name: RegExp): Promise<number> {
  return minorUnits((await reviewTable(page).getByRole('row', { name }).locator('td').textContent())!);
}

/** The panel's lines of the booking's price, without the spec's per-kind sums. */
async function panelLines(page: Page): Promise<ShownLine[]> {
  const rows = await summary(page)
    .locator('.summary-lines__row[data-kind]:not(.summary-lines__row--group)')
    .evaluateAll((divs) => divs.map((div) => [div.querySelector('dt')!.firstChild!.textContent!, div.querySelector('dd')!.textContent!] as const));
  return rows.map(([label, amount]) => ({ label, amount: minorUnits(amount) }));
}

async function panelFigure(page: Page, label: string): Promise<number | null> {
  const row = summary(page).locator('.summary-lines__row').filter({ has: page.getByText(label, { exact: true }) });
  if ((await row.count()) === 0) return null;
  return minorUnits((await row.locator('dd').textContent())!);
}

const sum = (lines: readonly ShownLine[]) => lines.reduce((total, line) => total + line.amount, 0);

/** A picture of the page, or of one part of it, for a person to look at (not compared). */
async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
}

test('the review lists every line with its price, adding up to the total, and the summary panel shows the same lines', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The 200-day Vienna departure: flights, an extra, rooms and additional nights. Twin rooms (included) leave the doubles to other tests.
  const departure = await bookableDeparture(request, 'MHW-VIE', { minDaysAhead: 150 });
  await startBooking(page, { tour: 'MHW-VIE', departure });
  await completeParticipantsStep(page, [LEAD, SECOND]);

  await expect(stepHeading(page, 'Travel arrangements')).toBeVisible();
  for (const participant of [LEAD, SECOND]) {
    await page.getByRole('group', { name: `Flights for ${fullName(participant)}` }).getByRole('radio', { name: /OS 457/ }).check();
  }
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Extras and options')).toBeVisible();
  await page
    .getByRole('group', { name: 'Option 1: Private visit to the Spanish Riding School' })
    .getByRole('checkbox', { name: fullName(LEAD) })
    .check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Accommodation')).toBeVisible();
  await page.getByRole('radio', { name: /Twin room/ }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Additional nights')).toBeVisible();
  for (const participant of [LEAD, SECOND]) {
    await page.getByRole('group', { name: `Additional nights for ${fullName(participant)}` }).getByRole('radio', { name: /Additional night/ }).check();
  }
  // Before the server prices the booking the panel estimates, the nights on a line of their own.
  await expect(summary(page).locator('.summary-lines__row').filter({ has: page.getByText('Additional nights', { exact: true }) })).toBeVisible();
  const details: PrePaymentDetails = await continueToReview(page, 'Continue to payment');

  // Every line with its price, read off the page.
  const lines = await reviewLines(page);
  expect(lines.map((line) => line.label)).toEqual([
    'Tour price',
    ...details.lines.filter((line) => line.kind !== 'tour').map((line) => line.label),
  ]);
  expect(lines.map((line) => line.amount)).toEqual(details.lines.map((line) => line.amount));
  expect(lines.length).toBeGreaterThanOrEqual(7);
  const total = await reviewFigure(page, /^Total/);
  expect(sum(lines)).toBe(total);
  expect(total).toBe(details.total_price.value);
  expect(await reviewFigure(page, /^Deposit/)).toBe(details.deposit.value);
  // Additional nights are their own line under their own heading, not extras.
  await expect(reviewTable(page).getByRole('rowheader', { name: 'Additional nights' })).toBeVisible();
  const nights = details.lines.filter((line) => line.kind === 'additional_night');
  expect(nights).toHaveLength(1);
  await expect(reviewTable(page).locator('.price-table__group--additional_night .price-table__line')).toContainText(['Additional night']);
  const extras = details.lines.filter((line) => line.kind === 'extra').map((line) => line.label);
  expect(extras).not.toContain('Additional night');
  await expect(reviewTable(page).locator('.price-table__group--extra .price-table__line .price-table__label')).toHaveText(extras);
  // The tour as participants x price per person; an included option says so.
  await expect(reviewTable(page).getByRole('row', { name: /^Tour price/ })).toContainText(/2 × £[\d,]+/);
  await expect(reviewTable(page).getByRole('row', { name: /^BA 702/ })).toContainText('Included in price');

  // The panel: the same lines (those that cost something), the same total and deposit.
  expect(await panelLines(page)).toEqual(lines.filter((line) => line.amount !== 0));
  expect(await panelFigure(page, 'Total')).toBe(total);
  expect(await panelFigure(page, 'Deposit')).toBe(details.deposit.value);
  expect(await panelFigure(page, 'Additional nights')).toBe(nights[0]!.amount);
  expect(await panelFigure(page, 'Extras')).toBe(sum(details.lines.filter((line) => line.kind === 'extra')));
  // Included rooms: no accommodation line in the panel (cost lines show above 0).
  expect(await panelFigure(page, 'Accommodation')).toBeNull();

  await expectNoA11yViolations(page);
  await shoot(page, 'review-lines');
  await page.setViewportSize({ width: 375, height: 800 });
  await summary(page).getByRole('button', { name: /Show booking summary/ }).click();
  await expect(summary(page).locator('.summary-lines__row--total')).toBeVisible();
  expect(await panelLines(page)).toEqual(lines.filter((line) => line.amount !== 0));
  await shoot(page, 'review-lines');
  await shoot(page, 'review-panel', summary(page));
  await shoot(page, 'review-table', reviewTable(page));
});

test('a promotional code takes the deposit away with a line saying why; Remove brings it back and restores the totals', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Sicily 120 days ahead: a tour that takes a deposit, booked by no other test.
  const departure = await bookableDeparture(request, 'TSG-SIC', { minDaysAhead: 100 });
  await startBooking(page, { tour: 'TSG-SIC', departure });
  await completeParticipantsStep(page, [LEAD]);
  await expect(stepHeading(page, 'Travel arrangements')).toBeVisible();
  await page.getByRole('group', { name: `Flights for ${fullName(LEAD)}` }).getByRole('radio', { name: /Economy/ }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Accommodation')).toBeVisible();
  await page.getByRole('radio', { name: /Single room/ }).check();
  const before = await continueToReview(page, 'Continue to payment');
  const total = before.total_price.value;
  expect(before.deposit.value).toBeGreaterThan(0);
  await expect(paymentOption(page, 'deposit')).toBeChecked();
  await expect(page.getByText(SCREEN_TEXT.promoNoDeposit)).toHaveCount(0);
  const linesBefore = await reviewLines(page);
  expect(sum(linesBefore)).toBe(total);

  // Apply: the deposit option goes, and a line under the payment options says why.
  const field = page.getByLabel('Enter a promotional code');
  await field.fill('WELCOME100');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(VALIDATION.promoApplied)).toBeVisible();
  await expect(paymentOption(page, 'deposit')).toHaveCount(0);
  await expect(paymentOption(page, 'full')).toBeChecked();
  const why = page.getByRole('group', { name: 'How would you like to pay?' }).getByText(SCREEN_TEXT.promoNoDeposit);
  await expect(why).toBeVisible();
  await expect(page.getByRole('group', { name: 'How would you like to pay?' })).toHaveAccessibleDescription(SCREEN_TEXT.promoNoDeposit);
  await expect.poll(() => reviewFigure(page, /^Total/)).toBe(total - 10_000);
  const withCode = await reviewLines(page);
  expect(withCode.at(-1)).toEqual({ label: 'Promotional code WELCOME100', amount: -10_000 });
  expect(sum(withCode)).toBe(total - 10_000);
  await expect(reviewTable(page).getByRole('row', { name: /^Deposit/ })).toHaveCount(0);
  expect(await panelLines(page)).toEqual(withCode.filter((line) => line.amount !== 0));
  expect(await panelFigure(page, 'Total')).toBe(total - 10_000);
  expect(await panelFigure(page, 'Deposit')).toBeNull();
  await expectNoA11yViolations(page);
  await shoot(page, 'promotion-applied');
  await shoot(page, 'promotion-field', page.getByRole('region', { name: 'Promotional code' }));
  await shoot(page, 'promotion-options', page.getByRole('group', { name: 'How would you like to pay?' }));

  // Remove: the server recalculates; the deposit option and the totals come back.
  const removed = page.waitForResponse((response) => response.url().endsWith('/api/bookings/promotion') && response.request().method() === 'DELETE');
  await page.getByRole('button', { name: 'Remove the promotional code' }).click();
  const answer = (await (await removed).json()) as { data: { details: PrePaymentDetails; promotion: null } };
  expect(answer.data.promotion).toBeNull();
  expect(answer.data.details.total_price.value).toBe(total);
  expect(answer.data.details.deposit.value).toBe(before.deposit.value);
  await expect(page.getByText(SCREEN_TEXT.promoRemoved)).toBeAttached();
  await expect(paymentOption(page, 'deposit')).toBeChecked();
  await expect(page.getByText(SCREEN_TEXT.promoNoDeposit)).toHaveCount(0);
  await expect(field).toBeEnabled();
  await expect(field).toBeFocused();
  await expect.poll(() => reviewFigure(page, /^Total/)).toBe(total);
  expect(await reviewLines(page)).toEqual(linesBefore);
  expect(await reviewFigure(page, /^Deposit/)).toBe(before.deposit.value);
  expect(await panelLines(page)).toEqual(linesBefore.filter((line) => line.amount !== 0));
  expect(await panelFigure(page, 'Total')).toBe(total);
  expect(await panelFigure(page, 'Deposit')).toBe(before.deposit.value);
  await expectNoA11yViolations(page);

  // The page's figures are the server's: a reload shows the same.
  await page.reload();
  await expect(reviewHeading(page)).toBeVisible();
  await expect.poll(() => reviewFigure(page, /^Total/)).toBe(total);
  await expect(paymentOption(page, 'deposit')).toBeVisible();
});

test('the wait before the card form is a labelled progress line that screen readers hear, replaced by the card form', async ({ page, request }) => {
  await reviewDayTrip(page, request, { tour: 'OT-BAC', minDaysAhead: 30 });
  const region = page.locator('.payment-progress-region');
  await expect(region).toHaveAttribute('role', 'status');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toBeEmpty();

  await termsCheckbox(page).check();
  const progress = page.getByRole('progressbar', { name: SCREEN_TEXT.preparingPayment });
  await expect(progress).toBeVisible();
  await expect(region.getByText(SCREEN_TEXT.preparingPayment)).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuetext', 'Unlocking the payment options…');
  // Every stage it announces, recorded as it happens: on a busy machine the checks below may outlast a stage.
  await progress.evaluate((bar) => {
    const seen: string[] = [bar.getAttribute('aria-valuetext') ?? ''];
    (window as unknown as { progressStages: string[] }).progressStages = seen;
    new MutationObserver(() => seen.push(bar.getAttribute('aria-valuetext') ?? '')).observe(bar, { attributeFilter: ['aria-valuetext'] });
  });
  await expectNoA11yViolations(page);
  await shoot(page, 'payment-progress');

  await waitForCardForm(page);
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  await expect(progress).toHaveCount(0);
  await expect(region).toBeEmpty();
  const stages = await page.evaluate(() => (window as unknown as { progressStages: string[] }).progressStages);
  expect(stages[0]).toBe('Unlocking the payment options…');
  expect(stages).toContain('Opening a secure payment request…');
  await shoot(page, 'payment-progress-done');
});
