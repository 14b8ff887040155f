import type { BrowserContext, Page, Response } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { acceptTermsAndWaitForCardForm, payByCard } from '../support/payment.ts';
import { expectConfirmation, partyWithLeadEmail, reviewDayTrip, uniqueEmail } from '../support/review.ts';
import { signInFromHome } from '../support/sign-in.ts';
import { shoot } from '../support/shots.ts';

/**
 * The Content-Security-Policy in a real browser: a whole booking paid by
 * card in the provider's frame, then the customer signing in at the identity
 * provider with a one-time code and reading their account, with every
 * violation the browser reports collected (console 'Refused to ...' lines
 * from the page and its frames, and securitypolicyviolation events from every
 * document). There must be none, and every document must carry its policy.
 */


interface Violation {
  url: string;
  directive: string;
  blocked: string;
  sample: string;
}

/** Collects violations from every document the context opens, frames included, from before their first script. */
async function collectViolations(context: BrowserContext, page: Page) {
  const violations: Violation[] = [];
  const refusals: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, violation: Violation) => void violations.push(violation));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void }).__reportCspViolation;
      report?.({ url: event.documentURI, directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  return { violations, refusals };
}

/** The policy every document answer (the page and its frames) was sent with, by path. */
function recordDocumentPolicies(page: Page) {
  const policies = new Map<string, string | undefined>();
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'document') return;
    if (response.status() >= 300 && response.status() < 400) return;
    policies.set(new URL(response.url()).pathname, response.headers()['content-security-policy']);
  });
  return policies;
}


test('a whole booking paid by card and a customer sign-in run under the policy without one violation', async ({ page, context, request }) => {
  const { violations, refusals } = await collectViolations(context, page);
  const policies = recordDocumentPolicies(page);
  const email = uniqueEmail('csp');

  const details = await reviewDayTrip(page, request, { minDaysAhead: 50, participants: partyWithLeadEmail(email) });
  await acceptTermsAndWaitForCardForm(page);
  await payByCard(page);
  await expectConfirmation(page, { paid: details.total_price.value, balance: 0 });
  await shoot(page, 'security-headers-confirmation');

  // The site's pages and the card frame were served with their policies.
  const site = policies.get('/book');
  expect(site, 'the SPA has a policy').toBeTruthy();
  expect(site).toContain("script-src 'self'");
  expect(site).toContain("frame-ancestors 'none'");
  expect(site).not.toContain("'unsafe-inline'");
  const frame = policies.get('/pay/frame');
  expect(frame, 'the card frame has a policy').toBeTruthy();
  expect(frame).toContain(`frame-ancestors ${new URL(page.url()).origin}`);

  // The customer signs in at the identity provider with a one-time code and reads the account.
  await page.goto('/');
  await signInFromHome(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage your bookings' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/^[A-Z]{3}-\d{6}$/).first()).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'security-headers-account');
  // A reload revalidates index.html (304): the browser keeps the policy it cached with the page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage your bookings' })).toBeVisible();
  const idp = [...policies].find(([path]) => path.startsWith('/idp/interaction/'));
  expect(idp?.[1], 'the sign-in page has a policy').toContain("form-action 'self'");

  expect(refusals, 'console refusals').toEqual([]);
  expect(violations, 'securitypolicyviolation events').toEqual([]);
});

test('the API reference renders under its own policy', async ({ page, context }) => {
  const { violations, refusals } = await collectViolations(context, page);
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /booking API/ })).toBeVisible({ timeout: 20_000 });
  expect(refusals).toEqual([]);
  expect(violations).toEqual([]);
});
