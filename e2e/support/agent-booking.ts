import type { PrePaymentDetails } from '@tours/domain';
import { expect, type Locator, type Page } from '@playwright/test';
import { stepHeading } from './payment.ts';

/**
 * A travel agent's steps as the agent takes them: verifying in the header's
 * 'Travel agent bookings' modal, then the booking flow's way to review,
 * where an agent presses 'Next' (no 'Continue to payment': agents do not pay).
 */

/** The demo agent and staff member (apps/api/src/db/seed/data/agents.ts). */
export const DEMO_AGENT = {
  id: 'AG1001',
  name: 'Wanderlust Travel Ltd',
  staffName: 'Jane Holt',
  staffEmail: 'jane.holt@wanderlust.example',
} as const;

export const agentReviewHeading = (page: Page): Locator => stepHeading(page, 'Booking review');

/** The header's button that opens the modal; on a phone it sits in the menu. */
async function headerButton(page: Page, name: string): Promise<Locator> {
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  const button = header.getByRole('button', { name, exact: true });
  // The header is drawn first: asked before it is there, 'is the menu shown?' answers no on a phone, and the button stays folded away.
  await expect(menu.or(button).first()).toBeVisible();
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await expect(button).toBeVisible();
  return button;
}

/**
 * Verifies the agent and staff e-mail through the header's 'Travel agents'
 * modal: the success toast, the modal closed, and the agent's name in the
 * header in place of 'Travel agents'.
 */
export async function verifyAgentInModal(page: Page, { agentId, email, agentName }: { agentId: string; email: string; agentName: string }): Promise<void> {
  await (await headerButton(page, 'Travel agents')).click();
  const dialog = page.getByRole('dialog', { name: 'Travel agent bookings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Verify your travel agent profile and continue to make a booking.')).toBeVisible();
  await dialog.getByLabel(/^Agent ID/).fill(agentId);
  await dialog.getByLabel(/^Staff email/).fill(email);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/bookings/agents/verify'));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.locator('.toast').filter({ hasText: 'We have successfully found your agent details.' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(await headerButton(page, agentName)).toBeVisible();
}

/**
 * On the accommodation step: chooses a room type and goes on to review with
 * 'Next', past additional nights (none chosen) where the party is offered
 * some. Returns the pre-payment details the server answered.
 */
export async function chooseRoomAndReviewAsAgent(page: Page, room: string): Promise<PrePaymentDetails> {
  await page.getByRole('radio', { name: new RegExp(room) }).check();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  const priced = page.waitForResponse((response) => /\/api\/bookings\/selections?$/.test(response.url()) && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const nights = stepHeading(page, 'Additional nights');
  await expect(nights.or(agentReviewHeading(page))).toBeVisible();
  if (await nights.isVisible()) await page.getByRole('button', { name: 'Next', exact: true }).click();
  const answer = await priced;
  expect(answer.ok(), await answer.text()).toBe(true);
  await expect(agentReviewHeading(page)).toBeVisible();
  return ((await answer.json()) as { data: PrePaymentDetails }).data;
}
