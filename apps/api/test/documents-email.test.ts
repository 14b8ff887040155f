import { formatAmount } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMail } from '../src/adapters/mail/index.ts';
import { documents, outboxMessages } from '../src/db/schema/index.ts';
import { relayOutbox } from '../src/modules/mail/index.ts';
import { TEMPLATES } from '../src/modules/documents/index.ts';
import { build } from './helper.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms, SITE_ORIGIN } from './payment-fixtures.ts';
import { readPdf } from './pdf-reading.ts';

/**
 * The confirmation e-mail carries the booking confirmation PDF: issued at
 * confirmation, named in the outbox, drawn when the relay sends the message,
 * handed to SMTP as a MIME attachment, and listed in the sandbox mailbox.
 */

interface MailboxItem {
  id: number;
  booking_id: number | null;
  attachments: { filename: string; content_type: string; url: string }[];
}

describe('the confirmation e-mail’s attachment', () => {
  // The relay runs only when a test runs it, so each test chooses the mail port.
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0', PUBLIC_URL: SITE_ORIGIN } });
  const app = () => server.app;
  beforeAll(async () => plentyOfSingleRooms(app()));

  /** A Sicily booking for Edward Elgar, its deposit paid and confirmed through HTTP. */
  async function confirmedBooking() {
    const { booking, totals } = await bookSicily(app());
    const paymentId = await payToken(app(), (await openPayment(app(), booking, totals.deposit)).token);
    const response = await confirm(app(), booking, paymentId);
    expect(response.statusCode, response.body).toBe(200);
    const reference = response.json().data.reference as string;
    return { booking, totals, reference };
  }

  const outboxOf = async (bookingId: number) => (await app().db.select().from(outboxMessages).where(eq(outboxMessages.bookingId, bookingId)))[0]!;
  const justAfter = () => new Date(Date.now() + 1000);

  it('issues the confirmation’s documents and names the booking confirmation PDF in the outbox, drawing nothing yet', async () => {
    const { booking, reference } = await confirmedBooking();
    const issued = await app().db.select().from(documents).where(eq(documents.bookingId, booking.id)).orderBy(asc(documents.id));
    // No flights on this booking: no ATOL certificate.
    expect(issued.map((row) => row.template)).toEqual([TEMPLATES.bookingConfirmation, TEMPLATES.invoice]);
    const message = await outboxOf(booking.id);
    expect(message.attachments).toEqual([
      { kind: 'booking-document', documentId: issued[0]!.id, filename: `${reference}-booking-confirmation.pdf`, contentType: 'application/pdf' },
    ]);
    expect(message.bodyText).toContain('Your booking confirmation is attached to this e-mail as a PDF.');
  });

  it('goes through SMTP as a PDF attachment showing the reference, the passenger and the amounts', async () => {
    const { booking, totals, reference } = await confirmedBooking();
    const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const raw: string[] = [];
    const sendMail = transporter.sendMail.bind(transporter);
    transporter.sendMail = (async (options: nodemailer.SendMailOptions) => {
      const info = await sendMail(options);
      raw.push((info.message as Buffer).toString('utf8').replace(/\r\n/g, '\n'));
      return info;
    }) as typeof transporter.sendMail;
    const smtp = createSmtpMail({ url: 'smtp://localhost:2525', from: 'Bookings <bookings@example.com>', transporter });

    const result = await relayOutbox(app().db, smtp, justAfter());
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const mime = raw.find((message) => message.includes(`Subject: `) && message.includes(reference));
    expect(mime).toBeDefined();
    const part = new RegExp(
      `Content-Type: application/pdf; name=${reference}-booking-confirmation\\.pdf\\nContent-Transfer-Encoding: base64\\nContent-Disposition: attachment;\\s+filename=${reference}-booking-confirmation\\.pdf\\n\\n([A-Za-z0-9+/=\\n]+)`,
    ).exec(mime!);
    expect(part, mime).not.toBeNull();
    const pdf = await readPdf(Buffer.from(part![1]!.replace(/\n/g, ''), 'base64'));
    expect(pdf.text).toContain(`Booking reference ${reference}`);
    expect(pdf.text).toContain('Mr Edward Elgar');
    expect(pdf.text).toContain(`Total cost ${formatAmount(totals.total, 'GBP')}`);
    expect(pdf.text).toContain(`Paid to date ${formatAmount(totals.deposit, 'GBP')}`);
    expect(pdf.text).toContain(`Outstanding balance ${formatAmount(totals.total - totals.deposit, 'GBP')}`);
    expect((await outboxOf(booking.id)).status).toBe('sent');
  });

  it('is listed in the sandbox mailbox, which serves it as a PDF', async () => {
    const { booking, reference } = await confirmedBooking();
    await relayOutbox(app().db, app().adapters.mail, justAfter());
    const items = (await app().inject({ method: 'GET', url: '/dev/mailbox.json' })).json().data.items as MailboxItem[];
    const item = items.find((entry) => entry.booking_id === booking.id)!;
    expect(item.attachments).toEqual([
      { filename: `${reference}-booking-confirmation.pdf`, content_type: 'application/pdf', url: `/dev/mailbox/${item.id}/attachments/0` },
    ]);
    const file = await app().inject({ method: 'GET', url: item.attachments[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('no-store');
    expect((await readPdf(file.rawPayload)).text).toContain(`Booking reference ${reference}`);

    const page = await app().inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain(`<a href="/dev/mailbox/${item.id}/attachments/0" target="_blank" rel="noopener" type="application/pdf">${reference}-booking-confirmation.pdf</a>`);
    expect((await app().inject({ method: 'GET', url: `/dev/mailbox/${item.id}/attachments/1` })).statusCode).toBe(404);
    expect((await app().inject({ method: 'GET', url: `/dev/mailbox/${item.id}/attachments/x` })).statusCode).toBe(404);
  });
});
