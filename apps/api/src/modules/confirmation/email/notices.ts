import type { CurrencyCode, PaymentMethod } from '@tours/domain';
import type { Database } from '../../../db/client.ts';
import { documentFileName, documentHeading, PDF_CONTENT_TYPE } from '../../documents/index.ts';
import { enqueueMail } from '../../mail/index.ts';
import { cancellationContent, type Ending } from './cancellation-content.ts';
import { formatDates } from './content.ts';
import { noticeText, type NoticeContent } from './notice.ts';
import { loadHtmlRenderer } from './queue.ts';
import { emailCompany, recipientsOf } from './recipients.ts';

/**
 * Queues the notice e-mails staff actions send (issue 26), in the
 * transaction of the action, as the confirmation e-mail is queued in the
 * confirming one: sent if and only if the action commits.
 */

/** The HTML part, or none when it cannot be written: the plain-text part alone still says everything (as the confirmation e-mail). */
async function noticeHtml(content: NoticeContent, bookingId: number): Promise<string | null> {
  try {
    return await (await loadHtmlRenderer()).renderNoticeHtml(content);
  } catch (error) {
    process.emitWarning(`An e-mail of booking ${bookingId} goes as plain text only: its HTML part failed (${String(error)})`, { code: 'NOTICE_EMAIL_HTML' });
    return null;
  }
}

export interface QueuedNotice {
  messageId: number | null;
  to: string | null;
  subject: string;
}

export interface BookingFacts {
  id: number;
  /** The booking's reference (its id when it never had one). */
  reference: string;
  tourName: string;
  startDate: string;
  endDate: string;
  currency: CurrencyCode;
  agentBooking: boolean;
}

/**
 * The e-mail of a booking staff ended (cancelled, declined, unconfirmed and
 * refunded): once per booking (its message key), whoever asks again.
 */
export async function queueCancellationEmail(
  db: Database,
  input: {
    booking: BookingFacts;
    ending: Ending;
    figures: { total: number; paid: number; charge: number; refund: number; owed: number };
    bandLabel: string | null;
    refunds: { method: PaymentMethod; amount: number; currency: CurrencyCode }[];
    publicUrl: string;
  },
): Promise<QueuedNotice> {
  const { booking } = input;
  const recipients = await recipientsOf(db, booking.id);
  const content = cancellationContent({
    ending: input.ending,
    reference: booking.reference,
    leadName: recipients.leadName,
    tourName: booking.tourName,
    startDate: booking.startDate,
    endDate: booking.endDate,
    passengers: recipients.passengers,
    currency: booking.currency,
    ...input.figures,
    bandLabel: input.bandLabel,
    refunds: input.refunds,
    agentBooking: booking.agentBooking,
    siteUrl: input.publicUrl.replace(/\/+$/, ''),
  });
  if (!recipients.to) return { messageId: null, to: null, subject: content.subject };
  const messageId = await enqueueMail(db, {
    to: recipients.to,
    cc: recipients.cc,
    subject: content.subject,
    text: noticeText(content),
    html: await noticeHtml(content, booking.id),
    bookingId: booking.id,
    messageKey: `booking-cancelled:${booking.id}`,
  });
  return { messageId, to: recipients.to, subject: content.subject };
}

/** A heading inside a sentence: 'Booking confirmation' becomes 'booking confirmation', 'ATOL certificate' stays. */
const inSentence = (heading: string) => (/^[A-Z]{2,}\b/.test(heading) ? heading : `${heading.charAt(0).toLowerCase()}${heading.slice(1)}`);

/** One of the booking's documents, e-mailed to the lead passenger with the PDF attached (drawn when sent); `messageKey` makes it once per staff request. */
export async function queueDocumentEmail(
  db: Database,
  input: { booking: BookingFacts; document: { id: number; template: string | null }; publicUrl: string; messageKey: string },
): Promise<QueuedNotice> {
  const { booking, document } = input;
  const siteUrl = input.publicUrl.replace(/\/+$/, '');
  const title = inSentence(documentHeading(document.template));
  const recipients = await recipientsOf(db, booking.id);
  const { company, logoUrl, contact } = emailCompany(siteUrl);
  const content: NoticeContent = {
    subject: `Your ${title} for booking ${booking.reference}`,
    preview: `${booking.tourName}, ${formatDates(booking.startDate, booking.endDate)}.`,
    heading: `Your ${title}`,
    greeting: `Dear ${recipients.leadName},`,
    paragraphs: [`Please find your ${title} for booking ${booking.reference} attached to this e-mail as a PDF.`],
    reference: booking.reference,
    facts: [
      { label: 'Tour', values: [booking.tourName] },
      { label: booking.startDate === booking.endDate ? 'Date' : 'Dates', values: [formatDates(booking.startDate, booking.endDate)] },
    ],
    figures: null,
    closing: ['You can also download your documents from your account at any time.'],
    accountUrl: `${siteUrl}/account`,
    contact: contact(booking.reference),
    logoUrl,
    company,
  };
  if (!recipients.to) return { messageId: null, to: null, subject: content.subject };
  const messageId = await enqueueMail(db, {
    to: recipients.to,
    cc: recipients.cc,
    subject: content.subject,
    text: noticeText(content),
    html: await noticeHtml(content, booking.id),
    attachments: [{ kind: 'booking-document', documentId: document.id, filename: documentFileName(booking.reference, document.template), contentType: PDF_CONTENT_TYPE }],
    bookingId: booking.id,
    messageKey: input.messageKey,
  });
  return { messageId, to: recipients.to, subject: content.subject };
}

/** What a reminder says (modules/reminders), in the notice e-mail's parts; the header, footer and contact line are the operator's. */
export interface BookingNotice {
  subject: string;
  preview: string;
  heading: string;
  paragraphs: string[];
  facts: NoticeContent['facts'];
  figures: NoticeContent['figures'];
  closing: string[];
  /** Where on the site the account link goes ('/account/booking/100123'). */
  accountPath: string;
}

/**
 * A notice about a booking to its lead passenger (copied to the agent's
 * staff member, as every booking e-mail), worded by the caller from the
 * lead's name: queued at most once under `messageKey`, with the booking's
 * documents named as attachments (drawn when it is sent).
 */
export async function queueBookingNotice(
  db: Database,
  input: {
    bookingId: number;
    reference: string;
    publicUrl: string;
    messageKey: string;
    notice: (leadName: string) => BookingNotice;
    attachments?: { id: number; template: string | null }[];
  },
): Promise<QueuedNotice> {
  const siteUrl = input.publicUrl.replace(/\/+$/, '');
  const recipients = await recipientsOf(db, input.bookingId);
  const { company, logoUrl, contact } = emailCompany(siteUrl);
  const { accountPath, ...notice } = input.notice(recipients.leadName);
  const content: NoticeContent = { ...notice, greeting: `Dear ${recipients.leadName},`, reference: input.reference, accountUrl: `${siteUrl}${accountPath}`, contact: contact(input.reference), logoUrl, company };
  if (!recipients.to) return { messageId: null, to: null, subject: content.subject };
  const messageId = await enqueueMail(db, {
    to: recipients.to,
    cc: recipients.cc,
    subject: content.subject,
    text: noticeText(content),
    html: await noticeHtml(content, input.bookingId),
    attachments: (input.attachments ?? []).map((document) => ({
      kind: 'booking-document' as const,
      documentId: document.id,
      filename: documentFileName(input.reference, document.template),
      contentType: PDF_CONTENT_TYPE,
    })),
    bookingId: input.bookingId,
    messageKey: input.messageKey,
  });
  return { messageId, to: recipients.to, subject: content.subject };
}
