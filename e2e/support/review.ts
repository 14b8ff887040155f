import { balanceDueSentence, formatAmount, type PrePaymentDetails } from '@tours/domain';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bookableDeparture, completeParticipantsStep, DEMO_PARTICIPANTS, startBooking, type ParticipantData } from './booking.ts';
import { reviewHeading, stepHeading } from './payment.ts';

/**
 * Bookings as far as review (step 4a), for the payment tests. Amounts are
 * the server's own figures (the selections answer), never read off the page.
 */

export const fullName = (p: ParticipantData): string => `${p.title} ${p.given_name} ${p.family_name}`;

/** An address no other test uses, so e-mails and bookings of one test are told apart from every other's. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The demo participants with the lead's e-mail replaced by a unique one. */
export function partyWithLeadEmail(email: string, size: 1 | 2 = 1): ParticipantData[] {
  const [lead, second] = DEMO_PARTICIPANTS;
  return size === 1 ? [{ ...lead, email }] : [{ ...lead, email }, second];
}

export interface BookingOptions {
  minDaysAhead: number;
  participants?: readonly ParticipantData[];
}

/** Books MHW-VIE through step 1, the flights and the extras: ends on the accommodation step. */
export async function viennaToAccommodation(
  page: Page,
  request: APIRequestContext,
  { minDaysAhead, participants = DEMO_PARTICIPANTS.slice(0, 1) }: BookingOptions,
): Promise<void> {
  const departure = await bookableDeparture(request, 'MHW-VIE', { minDaysAhead });
  await startBooking(page, { tour: 'MHW-VIE', departure });
  await completeParticipantsStep(page, participants);
  await expect(stepHeading(page, 'Travel arrangements')).toBeVisible();
  for (const participant of participants) {
    await page.getByRole('group', { name: `Flights for ${fullName(participant)}` }).getByRole('radio', { name: /OS 457/ }).check();
  }
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Extras and options')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Accommodation')).toBeVisible();
}

/** On the accommodation step: chooses a room type and goes on to review, past additional nights (none chosen). */
export async function chooseRoomAndReview(page: Page, room: string): Promise<PrePaymentDetails> {
  await page.getByRole('radio', { name: new RegExp(room) }).check();
  // Additional nights follow only while some are left for the party (other tests may hold the last ones).
  const onward = page.getByRole('button', { name: /^(Next|Continue to payment)$/ });
  if ((await onward.textContent()) === 'Next') {
    await onward.click();
    await expect(stepHeading(page, 'Additional nights')).toBeVisible();
  }
  return continueToReview(page, 'Continue to payment');
}

/**
 * Books MHW-VIE up to review (step 4a): the Salzburg return flight for
 * everyone, no extras, one room type and no additional night. Returns
 * the pre-payment details the server answered.
 */
export async function reviewVienna(
  page: Page,
  request: APIRequestContext,
  { room = 'Single room', ...options }: BookingOptions & { room?: string },
): Promise<PrePaymentDetails> {
  await viennaToAccommodation(page, request, options);
  return chooseRoomAndReview(page, room);
}

/**
 * Books the LD-GRE day trip (or the OT-BAC online talk) up to review: step 1
 * leads straight there (no travel or accommodation), and the whole price is
 * paid at once. Departures of 30 or more places with no rooms, so tests that
 * only need a paid booking never run short of rooms, whichever tests shared
 * their worker's database before.
 */
export async function reviewDayTrip(
  page: Page,
  request: APIRequestContext,
  { minDaysAhead, participants = DEMO_PARTICIPANTS.slice(0, 1), tour = 'LD-GRE' }: BookingOptions & { tour?: 'LD-GRE' | 'OT-BAC' },
): Promise<PrePaymentDetails> {
  const departure = await bookableDeparture(request, tour, { minDaysAhead });
  await startBooking(page, { tour, departure });
  const priced = page.waitForResponse((response) => response.url().endsWith('/api/bookings/selection') && response.request().method() === 'POST');
  await completeParticipantsStep(page, participants);
  const answer = await priced;
  expect(answer.ok(), await answer.text()).toBe(true);
  const details = ((await answer.json()) as { data: PrePaymentDetails }).data;
  await expect(reviewHeading(page)).toBeVisible();
  return details;
}

/** Presses the button that leads to review and returns the pre-payment details the server answered. */
export async function continueToReview(page: Page, button: string): Promise<PrePaymentDetails> {
  const priced = page.waitForResponse((response) => /\/api\/bookings\/selections?$/.test(response.url()) && response.request().method() === 'POST');
  await page.getByRole('button', { name: button, exact: true }).click();
  const answer = await priced;
  expect(answer.ok(), await answer.text()).toBe(true);
  const details = ((await answer.json()) as { data: PrePaymentDetails }).data;
  await expect(reviewHeading(page)).toBeVisible();
  return details;
}

/**
 * Step 5 as shown after a payment: the thanks, the reference, what was paid and what is left, by the date the
 * API gave with the figures (`balanceDue`, their balance_due). Returns the reference.
 */
export async function expectConfirmation(
  page: Page,
  { paid, balance, balanceDue = null }: { paid: number; balance: number; balanceDue?: string | null },
): Promise<string> {
  await expect(page).toHaveURL(/\/booking-confirmation$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Thank you for your booking' })).toBeVisible();
  const reference = (await page.locator('.confirmation__reference .reference-card__value').textContent())!.trim();
  expect(reference).toMatch(/^[A-Z]{3}-\d{6}$/);
  const detail = (label: string) => page.locator('.confirmation__details > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(detail('Paid today')).toHaveText(formatAmount(paid, 'GBP'));
  if (balance === 0) await expect(detail('Balance due')).toHaveText('Nothing: paid in full');
  else if (balanceDue) await expect(detail('Balance due')).toHaveText(balanceDueSentence(balance, 'GBP', balanceDue));
  else throw new Error('A balance is left: give the date the API said it falls due');
  await expect(page.getByText(/within 1-3 working days/)).toBeVisible();
  return reference;
}
