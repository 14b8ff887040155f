import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The sandbox mailbox page (/dev/mailbox) as a person reads it: one article
 * per sent e-mail, named by its subject, with a To line and the text.
 */

/** 'Your booking MER-123456 is confirmed' (apps/api/src/modules/confirmation/email.ts). */
export const CONFIRMATION_SUBJECT = /^Your booking MER-\d{6} is confirmed$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The e-mails on the open mailbox page sent to `to`, optionally with a subject. */
export function mailboxMessages(page: Page, to: string, subject?: RegExp): Locator {
  const articles = subject ? page.getByRole('article', { name: subject }) : page.getByRole('article');
  return articles.filter({ has: page.getByRole('definition').filter({ hasText: new RegExp(`^${escapeRegExp(to)}$`) }) });
}

/**
 * Opens /dev/mailbox and reloads it until exactly `count` e-mails to `to` with
 * `subject` are listed (the outbox relay sends every couple of seconds).
 */
export async function waitForMailboxMessages(
  page: Page,
  { to, subject, count = 1, timeout = 20_000 }: { to: string; subject: RegExp; count?: number; timeout?: number },
): Promise<Locator> {
  const messages = mailboxMessages(page, to, subject);
  await page.goto('/dev/mailbox');
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox (sandbox)' })).toBeVisible({ timeout: 2_000 });
    await expect(messages).toHaveCount(count, { timeout: 500 });
  }).toPass({ timeout, intervals: [250, 500, 1_000] });
  return messages;
}
