import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatAmount } from '@tours/domain';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_PARTICIPANTS } from '../support/booking.ts';
import { CONFIRMATION_SUBJECT, waitForMailboxMessages } from '../support/mailbox.ts';
import { acceptTermsAndWaitForCardForm, payByCard } from '../support/payment.ts';
import { expectPrintReady, mailAttachments, pdfBehindLink } from '../support/pdf.ts';
import { expectConfirmation, fullName, partyWithLeadEmail, reviewDayTrip, uniqueEmail } from '../support/review.ts';

/**
 * The confirmation e-mail carries the booking confirmation as a PDF: after
 * paying for a day trip, the sandbox mailbox lists the attachment under the
 * e-mail, and the file it opens is an A4 PDF with its fonts embedded that
 * shows the reference, the passenger and the amounts.
 */

/** More than five weeks away, so the booking is Confirmed once paid. */
const DAY_TRIP_DAYS_AHEAD = 50;
const SHOTS = process.env.DOCUMENT_SHOTS_DIR ?? join(tmpdir(), 'tours-e2e-document-shots');

test('the confirmation e-mail attaches the booking confirmation PDF', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('email-pdf');
  const details = await reviewDayTrip(page, request, { minDaysAhead: DAY_TRIP_DAYS_AHEAD, participants: partyWithLeadEmail(email) });
  const total = details.total_price.value;
  await acceptTermsAndWaitForCardForm(page);
  await payByCard(page);
  const reference = await expectConfirmation(page, { paid: total, balance: 0 });
  const fileName = `${reference}-booking-confirmation.pdf`;

  const mailbox = await context.newPage();
  const [message] = await (await waitForMailboxMessages(mailbox, { to: email, subject: CONFIRMATION_SUBJECT })).all();
  await expect(message!.getByRole('heading', { level: 3, name: 'Attachments' })).toBeVisible();
  const link = message!.getByRole('link', { name: fileName, exact: true });
  await expect(link).toHaveAttribute('target', '_blank');
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await mailbox.setViewportSize({ width, height: 900 });
    await message!.getByRole('heading', { level: 3, name: 'Attachments' }).scrollIntoViewIfNeeded();
    await mailbox.screenshot({ path: join(SHOTS, `mailbox-attachment-${width}.png`) });
  }
  // The e-mail's frame runs no scripts (its page's policy), so axe checks the mailbox around it, attachments included.
  const axe = await new AxeBuilder({ page: mailbox }).exclude('iframe').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const { reading, fileName: served } = await pdfBehindLink(mailbox.request, link);
  expect(served).toBe(fileName);
  expectPrintReady(reading);
  expect(reading.text).toContain(`Booking reference ${reference}`);
  expect(reading.text).toContain(fullName(DEMO_PARTICIPANTS[0]!));
  expect(reading.text).toContain(`Total cost ${formatAmount(total, 'GBP')}`);
  expect(reading.text).toContain(`Paid to date ${formatAmount(total, 'GBP')}`);
  expect(reading.text).toContain(`Outstanding balance ${formatAmount(0, 'GBP')}`);

  // The mailbox's JSON lists the same file for tools and tests.
  const [attachment] = await mailAttachments(request, { to: email, subject: CONFIRMATION_SUBJECT });
  expect(attachment).toMatchObject({ filename: fileName, content_type: 'application/pdf' });
  expect(attachment!.reading.text).toContain(`Booking reference ${reference}`);
});
