import { formatAmount, formatShortDate } from '@tours/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/db/seed/dates.ts';
import { documents, outboxMessages } from '../src/db/schema/index.ts';
import { drawDocumentById, TEMPLATES } from '../src/modules/documents/index.ts';
import { relayOutbox } from '../src/modules/mail/index.ts';
import { build, today } from './helper.ts';
import { bookSicily, confirm, openPayment, payToken, plentyOfSingleRooms, SITE_ORIGIN } from './payment-fixtures.ts';
import { readPdf } from './pdf-reading.ts';
import { staffSession } from './staff-fixtures.ts';

/**
 * The balance's due date has one home (issue 25, item 2): BALANCE_DUE_DAYS
 * before departure, a setting. The figures the booking flow is answered
 * carry the date, and the confirmation e-mail and every PDF word it the same
 * way: 'The balance of £X is due by 04 Mar 2027.', or 'is due now.' once the
 * date has come. The Sicily departure starts in 120 days.
 */

const START = () => addDays(today(), 120);

/** A Sicily booking for one, its deposit paid and confirmed through HTTP; the figures the selections call answered. */
async function confirmedSicily(app: FastifyInstance) {
  const { booking, totals } = await bookSicily(app);
  const figures = await app.inject({ method: 'GET', url: '/api/bookings/payment-details', headers: booking.headers });
  expect(figures.statusCode, figures.body).toBe(200);
  const paymentId = await payToken(app, (await openPayment(app, booking, totals.deposit)).token);
  const response = await confirm(app, booking, paymentId);
  expect(response.statusCode, response.body).toBe(200);
  const mail = (await app.db.select().from(outboxMessages).where(eq(outboxMessages.bookingId, booking.id)))[0]!;
  const issued = await app.db.select().from(documents).where(eq(documents.bookingId, booking.id)).orderBy(asc(documents.id));
  const pdfText = async (template: string) => {
    const row = issued.find((document) => document.template === template)!;
    const file = await drawDocumentById(app.db, row.id, { now: new Date(), balanceDueDays: app.config.balances.dueDays });
    return (await readPdf(file!.content)).text;
  };
  return { booking, totals, balance: totals.total - totals.deposit, paymentDetails: figures.json().data.details, mail, pdfText };
}

function serverWithDueDays(days: string) {
  const server = build({ env: { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0', PUBLIC_URL: SITE_ORIGIN, BALANCE_DUE_DAYS: days } });
  beforeAll(async () => plentyOfSingleRooms(server.app));
  return () => server.app;
}

describe('BALANCE_DUE_DAYS=100: the balance falls due 20 days from now', () => {
  const app = serverWithDueDays('100');

  it('dates the figures, and the e-mail and both PDFs name that date in the same words', async () => {
    const due = addDays(START(), -100);
    expect(due).toBe(addDays(today(), 20));
    const { totals, balance, paymentDetails, mail, pdfText } = await confirmedSicily(app());
    expect(paymentDetails.balance_due).toBe(due);
    expect(totals.deposit).toBeGreaterThan(0);

    const dueBy = `is due by ${formatShortDate(due)}.`;
    expect(mail.bodyText).toContain(`The balance of ${formatAmount(balance, 'GBP', { pence: 'always' })} ${dueBy} You can pay it at any time in your account.`);
    expect(mail.bodyHtml).toContain(dueBy);

    const sentence = `The balance of ${formatAmount(balance, 'GBP')} ${dueBy}`;
    expect(await pdfText(TEMPLATES.bookingConfirmation)).toContain(sentence);
    const invoice = await pdfText(TEMPLATES.invoice);
    expect(invoice).toContain(sentence);
    expect(invoice).toContain(`Balance due by ${formatShortDate(due)}`);
    expect(invoice).not.toContain('before you travel');
  });
});

describe('BALANCE_DUE_DAYS=130: a departure 120 days away owes its balance at once', () => {
  const app = serverWithDueDays('130');

  it('dates the figures in the past, and the e-mail, the PDFs and the mailbox copy say "due now"', async () => {
    const { balance, paymentDetails, mail, pdfText, booking } = await confirmedSicily(app());
    expect(paymentDetails.balance_due).toBe(addDays(START(), -130));
    expect(mail.bodyText).toContain(`The balance of ${formatAmount(balance, 'GBP', { pence: 'always' })} is due now. You can pay it at any time in your account.`);
    const sentence = `The balance of ${formatAmount(balance, 'GBP')} is due now.`;
    expect(await pdfText(TEMPLATES.bookingConfirmation)).toContain(sentence);
    const invoice = await pdfText(TEMPLATES.invoice);
    expect(invoice).toContain(sentence);
    expect(invoice).toContain('Balance due now');

    // The attachment the relay draws for the e-mail says the same.
    await relayOutbox(app().db, app().adapters.mail, new Date(Date.now() + 1000), () => ({ now: new Date(), balanceDueDays: app().config.balances.dueDays }));
    const items = (await app().inject({ method: 'GET', url: '/dev/mailbox.json' })).json().data.items as { id: number; booking_id: number | null; attachments: { url: string }[] }[];
    const item = items.find((entry) => entry.booking_id === booking.id)!;
    const attachment = await app().inject({ method: 'GET', url: item.attachments[0]!.url });
    expect((await readPdf(attachment.rawPayload)).text).toContain(sentence);
  });

  it("dates the staff console's booking page and overdue queue by the same setting", async () => {
    const { booking } = await confirmedSicily(app());
    const finance = await staffSession(app(), ['finance']);
    const page = (await app().inject({ method: 'GET', url: `/api/staff/bookings/${booking.id}`, headers: finance.headers })).json().data;
    expect(page.money.balance_due_date).toBe(addDays(START(), -130));
    expect(page.booking.flags).toContain('balances-overdue');
    const overdue = (await app().inject({ method: 'GET', url: '/api/staff/bookings?queue=balances-overdue&page_size=100', headers: finance.headers })).json().data;
    expect(overdue.items.map((row: { id: number }) => row.id)).toContain(booking.id);
  });

  it('refuses a number of days that is not a whole number from 0 to 365', async () => {
    const { loadConfig } = await import('../src/config/index.ts');
    expect(() => loadConfig({ BALANCE_DUE_DAYS: '366' }, false)).toThrow(/BALANCE_DUE_DAYS/);
    expect(() => loadConfig({ BALANCE_DUE_DAYS: 'ninety' }, false)).toThrow(/BALANCE_DUE_DAYS/);
    expect(loadConfig({ BALANCE_DUE_DAYS: '60' }, false).balances.dueDays).toBe(60);
    expect(loadConfig({}, false).balances.dueDays).toBe(90);
  });
});
