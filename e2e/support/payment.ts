import { expect, type APIRequestContext, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { fastForwardUntil } from './clock.ts';

/**
 * Review, payment and confirmation as a visitor does them: the terms, the
 * payment option, and the sandbox provider's card form inside its iframe
 * (apps/api/src/modules/payment-provider/README.md lists its test cards).
 */

export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  expired: '4000 0000 0000 0069',
} as const;

export type Currency = 'GBP' | 'USD' | 'AUD';
const LOCALES: Record<Currency, string> = { GBP: 'en-GB', USD: 'en-US', AUD: 'en-AU' };

/** An amount as the provider's form prints it, with pence: '£651.00'. */
export const exactMoney = (minor: number, currency: Currency = 'GBP'): string =>
  new Intl.NumberFormat(LOCALES[currency], { style: 'currency', currency }).format(minor / 100);

export const stepHeading = (page: Page, name: string): Locator => page.getByRole('heading', { level: 2, name, exact: true });
export const reviewHeading = (page: Page): Locator => stepHeading(page, 'Booking review & payment');

export const termsCheckbox = (page: Page): Locator => page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions' });
export const paymentOption = (page: Page, option: 'deposit' | 'full'): Locator =>
  page.getByRole('radio', { name: option === 'deposit' ? /^Pay the deposit/ : /^Pay in full/ });

export const cardFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Card payment form"]');

/** Ticks the terms and goes through the delays (3 s, 2 s, 500 ms) until the provider's form is shown. */
export async function acceptTermsAndWaitForCardForm(page: Page): Promise<FrameLocator> {
  await termsCheckbox(page).check();
  return waitForCardForm(page);
}

/** Goes through what is left of the delays before the provider's form (on the page's clock: support/clock.ts) until it is shown. */
export async function waitForCardForm(page: Page): Promise<FrameLocator> {
  const frame = cardFrame(page);
  await fastForwardUntil(page, frame.getByLabel('Card number'));
  await expect(frame.getByLabel('Card number')).toBeVisible({ timeout: 20_000 });
  return frame;
}

/** Goes through the 3 s after the terms are ticked (on the page's clock) until the payment options can be chosen. */
export async function waitForPaymentOptions(page: Page, option: 'deposit' | 'full'): Promise<void> {
  await fastForwardUntil(page, () => paymentOption(page, option).isEnabled());
  await expect(paymentOption(page, option)).toBeEnabled({ timeout: 5_000 });
}

/** The amount the provider's form will charge, as it prints it. */
export const frameAmount = (frame: FrameLocator): Locator => frame.locator('.pay__amount strong');

/** A future expiry date, MM/YY. */
function futureExpiry(): string {
  const date = new Date();
  return `${String(date.getMonth() + 1).padStart(2, '0')}/${String((date.getFullYear() + 3) % 100).padStart(2, '0')}`;
}

/** Fills the card form; `clicks: 2` double-clicks Pay, as an impatient payer would. */
export async function payByCard(page: Page, card: string = TEST_CARDS.success, { clicks = 1 }: { clicks?: 1 | 2 } = {}): Promise<void> {
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill(card);
  await frame.getByLabel('Expiry date').fill(futureExpiry());
  await frame.getByLabel('Security code').fill('123');
  const name = frame.getByLabel('Name on card');
  if ((await name.inputValue()) === '') await name.fill('Margaret Hale');
  const pay = frame.getByRole('button', { name: /^Pay / });
  if (clicks === 2) await pay.dblclick();
  else await pay.click();
}

export interface StoredBooking {
  id: number;
  token: string;
}

/** The active booking as the page keeps it in session storage (the booking store). */
export async function storedBooking(page: Page): Promise<StoredBooking> {
  const stored = await page.evaluate(() => sessionStorage.getItem('tours.booking'));
  const booking = (JSON.parse(stored ?? '{}') as { state?: { activeBooking?: StoredBooking | null } }).state?.activeBooking;
  if (!booking) throw new Error('No active booking in session storage');
  return { id: booking.id, token: booking.token };
}

/** Arms the test-only fault: the next confirmation of this booking fails after the payment was taken. */
export async function failNextConfirmation(request: APIRequestContext, bookingId: number): Promise<void> {
  const response = await request.post('/api/testing/faults', { data: { booking_id: bookingId, fault: 'confirm-after-payment' } });
  expect(response.ok(), await response.text()).toBe(true);
}

export interface SentMail {
  to: string;
  subject: string;
  body: string;
  booking_id: number | null;
}

export async function sentMail(request: APIRequestContext): Promise<SentMail[]> {
  const response = await request.get('/dev/mailbox.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { items: SentMail[] } }).data.items;
}

export type DataLayerEntry = Record<string, unknown>;
export const dataLayer = (page: Page): Promise<DataLayerEntry[]> =>
  page.evaluate(() => ((window as unknown as { dataLayer?: DataLayerEntry[] }).dataLayer ?? []) as DataLayerEntry[]);

export interface ProviderMessage {
  source: 'sandbox-pay';
  type: string;
  error?: string;
  payment_id?: string;
}

/**
 * Collects the messages the provider's frame posts to the page, from now on
 * and across reloads (the page reloads after 'Expired request'). Call before
 * the page is opened: the listener is installed on every load of the top page.
 */
export async function recordProviderMessages(page: Page): Promise<ProviderMessage[]> {
  const messages: ProviderMessage[] = [];
  await page.exposeFunction('__e2eProviderMessage', (message: ProviderMessage) => {
    messages.push(message);
  });
  await page.addInitScript(() => {
    if (window !== window.top) return;
    window.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { source?: unknown } | null;
      if (event.origin !== window.location.origin || !data || data.source !== 'sandbox-pay') return;
      void (window as unknown as { __e2eProviderMessage: (message: unknown) => Promise<void> }).__e2eProviderMessage(data);
    });
  });
  return messages;
}

/** The provider's answer to the card form's submission: succeeded, declined or expired (the request was closed). */
export function providerAnswer(page: Page): Promise<{ status: string }> {
  return page
    .waitForResponse((response) => response.url().endsWith('/pay/api/frame/payments') && response.request().method() === 'POST')
    .then(async (response) => (await response.json()) as { status: string });
}
