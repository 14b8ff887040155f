import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { sentMail } from './payment.ts';

/**
 * Signing in through the sandbox identity provider as a person does: the
 * e-mail address typed at the provider's page, the 6-digit one-time code
 * read from the sandbox mailbox, then typed in.
 */

/** The sandbox's subject (apps/api/src/modules/identity-provider/sign-in-codes.ts). */
const SIGN_IN_CODE_SUBJECT = /^Your sign-in code$/;

/** The sign-in e-mails sent to `email` so far, newest first (as /dev/mailbox.json lists them). */
async function codeMails(request: APIRequestContext, email: string) {
  return (await sentMail(request)).filter((mail) => mail.to.toLowerCase() === email.toLowerCase() && SIGN_IN_CODE_SUBJECT.test(mail.subject));
}

/** Waits for a code e-mail newer than the `before` already sent, and returns its 6-digit code. */
export async function readSignInCode(request: APIRequestContext, email: string, before: number): Promise<string> {
  let code = '';
  await expect(async () => {
    const mails = await codeMails(request, email);
    expect(mails.length).toBeGreaterThan(before);
    const match = /\b(\d{6})\b/.exec(mails[0]!.body);
    expect(match, 'a 6-digit code in the e-mail').not.toBeNull();
    code = match![1]!;
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] });
  return code;
}

/** On the provider's sign-in page: types the e-mail, then the code from the mailbox. */
export async function signInAtProvider(page: Page, email: string): Promise<void> {
  const request = page.request;
  const before = (await codeMails(request, email)).length;
  await expect(page).toHaveURL(/\/idp\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = await readSignInCode(request, email, before);
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** From Home: Continue, then the provider's pages; ends back on the site. */
export async function signInFromHome(page: Page, email: string): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Continue', exact: true }).click();
  await signInAtProvider(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/auth/callback'), { timeout: 20_000 });
}
