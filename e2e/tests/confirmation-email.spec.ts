import { formatAmount } from '@tours/domain';
import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_PARTICIPANTS } from '../support/booking.ts';
import { CONFIRMATION_SUBJECT, waitForMailboxMessages } from '../support/mailbox.ts';
import { acceptTermsAndWaitForCardForm, payByCard } from '../support/payment.ts';
import { expectPrintReady, mailAttachments, pdfBehindLink } from '../support/pdf.ts';
import { expectConfirmation, partyWithLeadEmail, reviewDayTrip, uniqueEmail } from '../support/review.ts';
import { picture } from '../support/shots.ts';

/**
 * The confirmation e-mail as its reader sees it: after paying for a day trip,
 * the sandbox mailbox shows its HTML part, in the operator's colours with the
 * logo, the reference, the passenger, the line, what was paid and what is
 * owed, to the penny; opened on its own it fits a 375px phone and an 800px
 * window without sideways scrolling, and its plain-text part says the same.
 * It carries the booking confirmation as a PDF: the mailbox lists the
 * attachment under the e-mail, and the file it opens is an A4 PDF with its
 * fonts embedded that shows the reference, the passenger and the amounts.
 * One booking for both, which is what the visitor's e-mail is.
 */

/** More than five weeks away, so the booking is Confirmed once paid. */
const DAY_TRIP_DAYS_AHEAD = 50;
const exact = (minor: number) => formatAmount(minor, 'GBP', { pence: 'always' });
async function fitsWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways scrolling at ${width}px`).toBeLessThanOrEqual(0);
  // The figures column stays inside the window.
  const balance = page.getByRole('cell', { name: 'Balance due', exact: true }).locator('xpath=following-sibling::td[1]');
  const box = (await balance.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await picture(page, `confirmation-email-${width}`);
}

test('the confirmation e-mail shows the booking in the operator’s look, narrow and wide, and attaches the booking confirmation PDF', async ({ page, context, request, baseURL }) => {
  // A booking paid by card, then the e-mail read three ways.
  test.setTimeout(120_000);
  const email = uniqueEmail('email-look');
  const details = await reviewDayTrip(page, request, { minDaysAhead: DAY_TRIP_DAYS_AHEAD, participants: partyWithLeadEmail(email) });
  const total = details.total_price.value;
  await acceptTermsAndWaitForCardForm(page);
  await payByCard(page);
  const reference = await expectConfirmation(page, { paid: total, balance: 0 });
  const [lead] = DEMO_PARTICIPANTS;
  const leadName = `${lead.title} ${lead.given_name} ${lead.family_name}`;

  const mailbox = await context.newPage();
  const [message] = await (await waitForMailboxMessages(mailbox, { to: email, subject: CONFIRMATION_SUBJECT })).all();
  const frame = message!.frameLocator('iframe');
  await expect(frame.getByText(reference, { exact: true })).toBeVisible();
  await expect(frame.getByText('Meridian Escorted Tours', { exact: true }).first()).toBeVisible();
  await expect(frame.getByText(leadName, { exact: true })).toBeVisible();
  const figure = (label: string) => frame.getByRole('row', { name: new RegExp(`^${label}`) });
  await expect(figure('Total cost')).toContainText(exact(total));
  await expect(figure('Amount paid')).toContainText(exact(total));
  await expect(figure('Balance due')).toContainText(exact(0));
  // The day trip's one line, at its price per person times the one participant.
  expect(details.lines).toHaveLength(1);
  const [line] = details.lines;
  await expect(frame.getByRole('row').filter({ hasText: line!.label })).toContainText(exact(line!.amount));
  await expect(frame.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', `${baseURL}/account`);
  // The logo is a picture on the site, loaded as a mail client would load it.
  await expect.poll(() => frame.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The frame runs no scripts (its page's policy), so axe checks the mailbox around it, and the e-mail on a page of its own below.
  expect(await axeViolations(mailbox, { exclude: ['iframe'] }), 'axe-core violations').toEqual([]);

  const htmlHref = await message!.getByRole('link', { name: 'Open the HTML part' }).getAttribute('href');
  const textHref = await message!.getByRole('link', { name: 'Open the plain-text part' }).getAttribute('href');
  const text = await (await request.get(textHref!)).text();
  for (const fact of [reference, leadName, `Total cost: ${exact(total)}`, `Amount paid: ${exact(total)}`, `Balance due: ${exact(0)}`, `${baseURL}/account`]) {
    expect(text).toContain(fact);
  }

  const part = await context.newPage();
  await part.goto(htmlHref!);
  await expect(part.getByText(reference, { exact: true })).toBeVisible();
  await fitsWidth(part, 375);
  await fitsWidth(part, 800);

  // The e-mail itself: language, headings, table headers and contrast, as a screen reader or a low-vision reader meets them.
  // Not the page-landmark rules: an e-mail is an article inside a mail client's page, which has the landmarks.
  const html = await (await request.get(htmlHref!)).text();
  const reader = await context.newPage();
  await reader.setContent(html);
  expect(await axeViolations(reader, { disableRules: ['landmark-one-main', 'region'] }), 'axe-core violations in the e-mail').toEqual([]);
  await expect(reader.getByRole('heading', { level: 1, name: 'Thank you for your booking' })).toBeVisible();

  // The attachment: listed under the e-mail in the mailbox, opened in a new tab, an A4 PDF with the booking's facts.
  const fileName = `${reference}-booking-confirmation.pdf`;
  await expect(message!.getByRole('heading', { level: 3, name: 'Attachments' })).toBeVisible();
  const link = message!.getByRole('link', { name: fileName, exact: true });
  await expect(link).toHaveAttribute('target', '_blank');
  for (const width of [1280, 375]) {
    await mailbox.setViewportSize({ width, height: 900 });
    await message!.getByRole('heading', { level: 3, name: 'Attachments' }).scrollIntoViewIfNeeded();
    await picture(mailbox, `mailbox-attachment-${width}`, { fullPage: false });
  }
  // The mailbox around the e-mail, attachments included, at a phone's width too.
  expect(await axeViolations(mailbox, { exclude: ['iframe'] }), 'axe-core violations with the attachment shown at 375px').toEqual([]);

  const { reading, fileName: served } = await pdfBehindLink(mailbox.request, link);
  expect(served).toBe(fileName);
  expectPrintReady(reading);
  expect(reading.text).toContain(`Booking reference ${reference}`);
  expect(reading.text).toContain(leadName);
  expect(reading.text).toContain(`Total cost ${formatAmount(total, 'GBP')}`);
  expect(reading.text).toContain(`Paid to date ${formatAmount(total, 'GBP')}`);
  expect(reading.text).toContain(`Outstanding balance ${formatAmount(0, 'GBP')}`);

  // The mailbox's JSON lists the same file, the only one, for tools and tests.
  const attachments = await mailAttachments(request, { to: email, subject: CONFIRMATION_SUBJECT });
  expect(attachments).toHaveLength(1);
  expect(attachments[0]).toMatchObject({ filename: fileName, content_type: 'application/pdf' });
  expect(attachments[0]!.reading.text).toContain('Booking confirmation');
  expect(attachments[0]!.reading.text).toContain(`Booking reference ${reference}`);
});
