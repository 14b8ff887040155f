import { PAYMENT_FIELDS_ENABLE_DELAY_MS, PAYMENT_FORM_INIT_DELAY_MS, PAYMENT_TOKEN_REQUEST_DELAY_MS, type BookingSettlement } from '@tours/domain';
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { paymentOption, storedBooking, termsCheckbox, waitForCardForm } from './payment.ts';

/**
 * A paid booking whose confirmation never gets through from the page, for
 * the unconfirmed-outcome tests. The page's clock is Playwright's
 * (page.clock.install() before the page opens), so the spec's waits are
 * run through instead of waited out.
 */

/** Every POST /api/bookings/confirm of the page answers 503, as a server still settling would; answers how many were made. */
export async function failEveryConfirmation(page: Page): Promise<() => number> {
  let failed = 0;
  await page.route('**/api/bookings/confirm', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    failed += 1;
    return route.fulfill({ status: 503, json: { error: { code: 'SERVICE_FAILURE', message: 'Still settling' } } });
  });
  return () => failed;
}

export interface HeldSettlement {
  /** The page's reads of GET /api/bookings/settlement so far. */
  reads: () => number;
  /** From now on the page's reads reach the server. */
  release: () => void;
}

/**
 * The page's reads of GET /api/bookings/settlement answer 'nothing settled
 * yet' until released, as they would while the server had not settled the
 * payment: the sandbox provider's notification settles it within a second,
 * before the page's wait is over.
 */
export async function holdSettlement(page: Page): Promise<HeldSettlement> {
  let held = true;
  let reads = 0;
  await page.route('**/api/bookings/settlement', (route) => {
    reads += 1;
    if (!held) return route.fallback();
    return route.fulfill({ json: { data: { outcome: null } satisfies BookingSettlement } });
  });
  return { reads: () => reads, release: () => (held = false) };
}

/** What the server has settled for the page's booking, asked with its booking token, as the page would. */
export async function serverSettlement(page: Page, request: APIRequestContext): Promise<BookingSettlement['outcome']> {
  const { token } = await storedBooking(page);
  const response = await request.get('/api/bookings/settlement', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: BookingSettlement }).data.outcome;
}

/**
 * Ticks the terms and runs the page's clock through the spec's delays, all
 * counted from the terms (issue 25): the token at 2 s, the form 500 ms after
 * it, the payment fields and the form shown at 3 s.
 */
export async function openCardFormOnTheClock(page: Page): Promise<FrameLocator> {
  const token = page.waitForResponse((response) => response.url().endsWith('/api/bookings/payments/token') && response.request().method() === 'POST');
  await termsCheckbox(page).check();
  await page.clock.runFor(PAYMENT_TOKEN_REQUEST_DELAY_MS);
  expect((await token).ok()).toBe(true);
  await page.clock.runFor(PAYMENT_FORM_INIT_DELAY_MS);
  await page.clock.runFor(PAYMENT_FIELDS_ENABLE_DELAY_MS - PAYMENT_TOKEN_REQUEST_DELAY_MS - PAYMENT_FORM_INIT_DELAY_MS);
  await expect(paymentOption(page, 'full')).toBeEnabled();
  return waitForCardForm(page);
}
