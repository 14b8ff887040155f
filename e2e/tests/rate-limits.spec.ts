import { RATE_LIMIT_MESSAGES, VALIDATION } from '@tours/domain';
import type { Page } from '@playwright/test';
import { DEMO_PARTICIPANTS, participantSection, startBooking, bookableDeparture, type ParticipantData } from '../support/booking.ts';
import { test as base, expect, expectNoA11yViolations } from '../support/fixtures.ts';
import { reviewDayTrip, uniqueEmail } from '../support/review.ts';
import { startWorkerServer, type WorkerServer } from '../support/server.ts';
import { readSignInCode } from '../support/sign-in.ts';
import { shoot } from '../support/shots.ts';

/**
 * What a person sees when a rate limit refuses them (issue 14): on the
 * identity provider's pages (too many codes sent, too many wrong codes), at
 * the promotional code field, and at a postcode lookup. Every test comes
 * from 127.0.0.1, so these tests get a server of their own with small limits
 * on what they key by something of their own (an address, a booking), and a
 * postcode limit only the postcode test uses. The limits across replicas and
 * under bursts are proven in the API suite (sign-in-code-limits.test.ts,
 * promotion-postcode-limits.test.ts).
 */
const LIMITS = {
  SIGN_IN_CODE_SEND_ADDRESS_LIMIT: '2',
  SIGN_IN_CODE_FAILURE_ADDRESS_LIMIT: '2',
  PROMO_CODE_BOOKING_FAILURE_LIMIT: '2',
  POSTCODE_LOOKUP_CLIENT_LIMIT: '3',
};
/** The default window (900 s), as the refusals word it right after it opens. */
const WAIT = 'in 15 minutes';

const test = base.extend<object, { server: WorkerServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(`limits-w${workerInfo.parallelIndex}.${workerInfo.workerIndex}`, LIMITS);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});


/** A lead participant whose address is typed, so the booking asks the postcode service nothing. */
const typedLead = (email: string): ParticipantData => ({
  ...DEMO_PARTICIPANTS[0],
  email,
  address: { line_1: '1 Minster Yard', city: 'York', state: 'North Yorkshire', postal_code: 'YO1 7HH', country: 'GBR' },
});

/** From Home to the provider's e-mail step; types `email` and sends the code. */
async function sendCode(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test.describe('rate limits, as a person sees them', () => {
  // One after another in one worker: a server with small limits is started per worker that runs these tests.
  test.describe.configure({ mode: 'default' });
  test('the sign-in page says when no more codes can be sent, and the newest code still signs in', async ({ page }) => {
    const email = uniqueEmail('codes');
    await sendCode(page, email);
    await readSignInCode(page.request, email, 0);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByRole('status')).toHaveText(`We have sent a new code to ${email}. Only the newest code works.`);
    const newest = await readSignInCode(page.request, email, 1);

    // A third code for the address in the window: refused on the page, with the wait.
    const refused = page.waitForResponse((response) => response.url().endsWith('/email') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send a new code' }).click();
    expect((await refused).status()).toBe(429);
    await expect(page.getByRole('alert')).toHaveText(RATE_LIMIT_MESSAGES.signInCodesToAddress(WAIT));
    await expect(page.getByLabel('Sign-in code')).toBeFocused();
    await expectNoA11yViolations(page);
    await shoot(page, 'rate-limits-sign-in-codes');

    await page.getByLabel('Sign-in code').fill(newest);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/auth/callback'), { timeout: 20_000 });
  });

  test('the sign-in page refuses more wrong codes for an address than its limit, at the code field, with the wait', async ({ page }) => {
    const email = uniqueEmail('guesses');
    await sendCode(page, email);
    const code = await readSignInCode(page.request, email, 0);
    const field = page.getByLabel('Sign-in code');
    for (const left of [4, 3]) {
      await field.fill(wrongCode(code));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(field).toHaveAccessibleDescription(new RegExp(`try again \\(${left} tries left\\)`));
    }
    // The right code now: refused too, so the refusal tells nothing.
    await field.fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const message = RATE_LIMIT_MESSAGES.signInGuessesForAddress(WAIT);
    await expect(page.getByText(message)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.,]/g, '.')));
    await expect(page).toHaveURL(/\/idp\/interaction\//);
    await expectNoA11yViolations(page);
    await shoot(page, 'rate-limits-sign-in-guesses');
  });

  test('the promotional code field shows the refusal, with the wait, once a booking has had too many invalid codes', async ({ page, request }) => {
    await reviewDayTrip(page, request, { minDaysAhead: 50, participants: [typedLead(uniqueEmail('promo'))] });
    const section = page.getByRole('region', { name: 'Promotional code' });
    const field = page.getByLabel('Enter a promotional code');
    for (const code of ['NOSUCH1', 'NOSUCH2']) {
      await field.fill(code);
      await section.getByRole('button', { name: 'Apply' }).click();
      await expect(section.getByRole('alert')).toHaveText(VALIDATION.promoInvalid);
    }
    await field.fill('WELCOME100');
    await section.getByRole('button', { name: 'Apply' }).click();
    await expect(section.getByRole('alert')).toHaveText(RATE_LIMIT_MESSAGES.promoForBooking(WAIT));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(RATE_LIMIT_MESSAGES.promoForBooking(WAIT));
    // Refused at the field, not with the general failure toast.
    await expect(page.getByText(/A problem occurred\. Please refresh the page/)).toHaveCount(0);
    await expect(page.getByText(VALIDATION.promoApplied)).toHaveCount(0);
    await expectNoA11yViolations(page);
    await shoot(page, 'rate-limits-promo-code', { part: section });
  });

  test('a postcode lookup past the limit says when to look again, and the address can still be typed', async ({ page, request }) => {
    const departure = await bookableDeparture(request, 'LD-GRE', { minDaysAhead: 50 });
    await startBooking(page, { tour: 'LD-GRE', departure });
    const lead = participantSection(page, 0);
    const postcode = lead.getByLabel(/^Postcode/);
    const find = lead.getByRole('button', { name: 'Find address' });
    for (const typed of ['SW1A 2AA', 'EC1A 1BB', 'ZZ9 9ZZ']) {
      await postcode.fill(typed);
      const answered = page.waitForResponse((response) => response.url().includes('/api/addresses/'));
      await find.click();
      expect((await answered).status()).toBe(200);
    }
    await expect(postcode).toHaveAccessibleDescription(/Sorry, we were unable to find that post-code\./);
    await postcode.fill('SW1A 2AA');
    const refused = page.waitForResponse((response) => response.url().includes('/api/addresses/'));
    await find.click();
    expect((await refused).status()).toBe(429);
    const refusal = RATE_LIMIT_MESSAGES.postcodeLookups(WAIT);
    await expect(postcode).toHaveAccessibleDescription(new RegExp(refusal.replace(/[.,]/g, '.')));
    await expect(lead.getByText(refusal)).toBeVisible();
    await expect(lead.getByRole('combobox', { name: 'Choose address' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await shoot(page, 'rate-limits-postcode-lookup', { part: lead });

    // The address is typed instead, and typing clears the refusal.
    await postcode.fill('SW1A 2AB');
    await lead.getByLabel('Line 1').fill('10 Downing Street');
    await expect(lead.getByText(refusal)).toHaveCount(0);
    await expect(lead.getByLabel('Line 1')).toHaveValue('10 Downing Street');
  });
});
