import { calendarDateIn, DOCUMENT_TITLES, DOCUMENTS_KEY, formatAmount, formatShortDate, OPERATOR, parseDocumentsList, type BookingDocument } from '@tours/domain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/client.ts';
import { documents } from '../src/db/schema/index.ts';
import { TEMPLATES } from '../src/modules/documents/index.ts';
import { accountBooking, accountPayments, accountTestServer, openAccountPayment, payOnForm, submitReceipt, type AccountCustomer } from './account-fixtures.ts';
import { A4, readPdf } from './pdf-reading.ts';

/**
 * Booking documents through HTTP as the web uses them: the list in the
 * spec's text format, then each url opened as a new tab opens it (no
 * Authorization header). The PDFs are read back with pdf.js: what they say,
 * their page size and their fonts. Expected figures come from the account
 * area's own calls, so the documents and the Booking summary tab agree.
 */

const { app, seedCustomer } = accountTestServer();

async function listDocuments(app: FastifyInstance, headers: Record<string, string>, bookingId: number) {
  const response = await app.inject({ method: 'GET', url: `/api/account/bookings/${bookingId}/documents`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return { response, documents: parseDocumentsList(response.body) };
}

/** Opens a document's url as a browser tab would: no bearer token, no cookie. */
async function download(app: FastifyInstance, document: BookingDocument) {
  const response = await app.inject({ method: 'GET', url: document.url });
  expect(response.statusCode, response.body).toBe(200);
  return { response, pdf: await readPdf(response.rawPayload) };
}

const byTemplate = (documents: readonly BookingDocument[], template: string | null) => {
  const found = documents.filter((document) => document.template === template);
  expect(found, String(template)).toHaveLength(1);
  return found[0]!;
};

async function expectedFigures(customer: AccountCustomer, bookingId: number) {
  const { booking, passengers } = await accountBooking(app(), customer.headers, bookingId);
  const currency = booking.currency_code as 'GBP' | 'USD' | 'AUD';
  const payments = await accountPayments(app(), customer.headers, bookingId);
  return {
    currency,
    total: formatAmount(booking.total_price.value, currency),
    outstanding: formatAmount(booking.outstanding_balance.value, currency),
    outstandingValue: booking.outstanding_balance.value,
    names: passengers.map((passenger) => `${passenger.forename} ${passenger.surname}`),
    payments: payments.map((payment) => ({ reference: payment.reference, status: payment.detail.gateway_status, amount: formatAmount(payment.amount.value, currency) })),
  };
}

describe('the documents list', () => {
  it('answers exactly the spec’s format: text lines, a files key, a tab and a JSON array of documents', async () => {
    const customer = await seedCustomer();
    const bookingId = customer.withBalance.id;
    const { response, documents } = await listDocuments(app(), customer.headers, bookingId);

    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    // The links in it are personal and short-lived.
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    const [key, json, ...rest] = lines[0]!.split('\t');
    expect(key).toBe(DOCUMENTS_KEY);
    expect(rest).toEqual([]);
    expect(JSON.parse(json!)).toEqual(documents);

    // The demo booking with a balance carries every kind: what confirmation issues, staff's itinerary, the hidden record and a hand-made one.
    expect(documents.map((document) => document.template)).toEqual([
      TEMPLATES.bookingConfirmation,
      TEMPLATES.invoice,
      TEMPLATES.atolCertificate,
      TEMPLATES.itinerary,
      TEMPLATES.bookingRecord,
      null,
    ]);
    for (const document of documents) {
      expect(Object.keys(document).sort()).toEqual(['id', 'template', 'url']);
      expect(document.url).toMatch(new RegExp(`^/api/account/bookings/${bookingId}/documents/${document.id}\\?token=\\d{10}\\.[A-Za-z0-9_-]{43}$`));
    }
  });

  it('shows the invoice only while a balance is outstanding, the ATOL certificate only with flights, and nothing for a cancelled booking', async () => {
    const customer = await seedCustomer();
    const templates = async (bookingId: number) => (await listDocuments(app(), customer.headers, bookingId)).documents.map((d) => d.template);

    // Paid in full: the invoice row is there, but not shown.
    expect(await templates(customer.paidInFull.id)).toEqual([TEMPLATES.bookingConfirmation, TEMPLATES.atolCertificate, TEMPLATES.itinerary, TEMPLATES.bookingRecord]);
    expect(await templates(customer.past.id)).toEqual([TEMPLATES.bookingConfirmation, TEMPLATES.atolCertificate, TEMPLATES.itinerary]);
    expect(await templates(customer.cancelled.id)).toEqual([]);
    const cancelled = await app().inject({ method: 'GET', url: `/api/account/bookings/${customer.cancelled.id}/documents`, headers: customer.headers });
    expect(cancelled.body).toBe(`${DOCUMENTS_KEY}\t[]\n`);
  });

  it('asks for the customer’s sign-in', async () => {
    const customer = await seedCustomer();
    const response = await app().inject({ method: 'GET', url: `/api/account/bookings/${customer.withBalance.id}/documents` });
    expect(response.statusCode).toBe(401);
  });
});

describe('a downloaded document', () => {
  it('is an A4 PDF with embedded fonts, named by reference and title, cached nowhere', async () => {
    const customer = await seedCustomer();
    const { documents } = await listDocuments(app(), customer.headers, customer.withBalance.id);
    const { response, pdf } = await download(app(), byTemplate(documents, TEMPLATES.bookingConfirmation));

    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${customer.withBalance.reference}-booking-confirmation.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store, private');
    // The address holds the token: it never leaves the site in a Referer (the PDF has no links either).
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect(pdf.pageSizes.length).toBeGreaterThan(0);
    for (const [width, height] of pdf.pageSizes) {
      expect(width).toBeCloseTo(A4[0], 1);
      expect(height).toBeCloseTo(A4[1], 1);
    }
    expect(pdf.fonts.length).toBeGreaterThan(0);
    for (const font of pdf.fonts) expect(font, font.name).toEqual({ name: expect.stringMatching(/^[A-Z]{6}\+DejaVu/), embedded: true });
    expect(pdf.info.Title).toBe(`Booking confirmation ${customer.withBalance.reference}`);
    expect(pdf.info.Author).toBe('Meridian Escorted Tours');
    expect(pdf.info.Language).toBe('en-GB');
  });

  it('shows the reference, the passengers, what was booked, the totals, every payment and the balance, exactly', async () => {
    const customer = await seedCustomer();
    for (const booking of [customer.withBalance, customer.paidInFull]) {
      const expected = await expectedFigures(customer, booking.id);
      const { components } = await accountBooking(app(), customer.headers, booking.id);
      const { documents } = await listDocuments(app(), customer.headers, booking.id);
      for (const document of documents) {
        const { pdf } = await download(app(), document);
        const where = `${booking.reference} ${String(document.template)}`;
        expect(pdf.text, where).toContain(booking.reference);
        for (const name of expected.names) expect(pdf.text, where).toContain(name);
        for (const component of components) expect(pdf.text, where).toContain(component.name);
        expect(pdf.text, where).toContain(`Total cost ${expected.total}`);
        expect(pdf.text, where).toContain(`Outstanding balance ${expected.outstanding}`);
        for (const payment of expected.payments) expect(pdf.text, where).toContain(`${payment.reference} ${payment.status} ${payment.amount}`);
        // Every page carries the operator's name and address.
        for (const page of pdf.pages) expect(page, where).toContain('Meridian Escorted Tours Ltd, 4 Ambrose Court');
      }
    }
  });

  it('is titled by its template and says what that document is for', async () => {
    const customer = await seedCustomer();
    const { documents } = await listDocuments(app(), customer.headers, customer.withBalance.id);
    const text = async (template: string | null) => (await download(app(), byTemplate(documents, template))).pdf.text;
    // Every page opens with the operator's marks, then the document's title and the booking reference.
    const titled = (heading: string) => new RegExp(`^Meridian ESCORTED TOURS ${heading} Booking reference ${customer.withBalance.reference} Issued `);

    expect(await text(TEMPLATES.bookingConfirmation)).toMatch(titled(DOCUMENT_TITLES.CustomerInvoice!));
    expect(await text(TEMPLATES.bookingConfirmation)).toContain('This confirms your booking');
    const invoice = await text(TEMPLATES.invoice);
    expect(invoice).toMatch(titled(DOCUMENT_TITLES.BalanceReminder3!));
    const { outstanding } = await expectedFigures(customer, customer.withBalance.id);
    expect(invoice).toContain(`Amount due ${outstanding}`);
    const atol = await text(TEMPLATES.atolCertificate);
    expect(atol).toMatch(titled(DOCUMENT_TITLES.ATOLPackage!));
    expect(atol).toContain('ATOL number 12345');
    const itinerary = await text(TEMPLATES.itinerary);
    expect(itinerary).toMatch(titled('Itinerary'));
    expect(itinerary).toMatch(/Day 1, \d{1,2} \w+ \d{4}: /);
    expect(await text(TEMPLATES.bookingRecord)).toMatch(titled('Booking record'));
    expect(await text(null)).toMatch(titled('Document'));
  });

  it('is correct on the day it is downloaded: a payment shows at once, and the invoice goes once the balance is paid', async () => {
    const customer = await seedCustomer();
    const bookingId = customer.withBalance.id;
    const before = await expectedFigures(customer, bookingId);
    const { documents } = await listDocuments(app(), customer.headers, bookingId);
    const confirmation = byTemplate(documents, TEMPLATES.bookingConfirmation);
    const invoice = byTemplate(documents, TEMPLATES.invoice);
    expect((await download(app(), confirmation)).pdf.text).toContain(`Outstanding balance ${before.outstanding}`);

    // Part of the balance, then the rest, paid in the account area.
    const part = 12_345;
    const first = await payOnForm(app(), (await openAccountPayment(app(), customer.headers, bookingId, part)).token);
    expect((await submitReceipt(app(), customer.headers, bookingId, first)).statusCode).toBe(200);
    const after = await expectedFigures(customer, bookingId);
    expect(after.outstandingValue).toBe(before.outstandingValue - part);
    const again = (await download(app(), confirmation)).pdf.text;
    expect(again).toContain(`Outstanding balance ${after.outstanding}`);
    const payment = after.payments.find((p) => !before.payments.some((earlier) => earlier.reference === p.reference))!;
    expect(again).toContain(`${formatShortDate(calendarDateIn(new Date(), OPERATOR.timeZone))} ${payment.reference} ${payment.status} ${formatAmount(part, after.currency)}`);

    const rest = await payOnForm(app(), (await openAccountPayment(app(), customer.headers, bookingId, after.outstandingValue)).token);
    expect((await submitReceipt(app(), customer.headers, bookingId, rest)).statusCode).toBe(200);
    const paid = (await listDocuments(app(), customer.headers, bookingId)).documents;
    expect(paid.map((document) => document.template)).not.toContain(TEMPLATES.invoice);
    // The invoice's link, still within its time, is refused now there is nothing to invoice.
    expect((await app().inject({ method: 'GET', url: invoice.url })).statusCode).toBe(404);
    expect((await download(app(), byTemplate(paid, TEMPLATES.bookingConfirmation))).pdf.text).toContain('No outstanding balance');
  });
});

describe('the migration that brought documents', () => {
  it('gives bookings settled before it the documents confirmation issues now', async () => {
    const customer = await seedCustomer();
    const templatesOf = async (bookingId: number) =>
      (await app().db.select({ template: documents.template }).from(documents).where(eq(documents.bookingId, bookingId)).orderBy(asc(documents.id))).map(
        (row) => row.template,
      );
    for (const booking of [customer.withBalance, customer.cancelled]) await app().db.delete(documents).where(eq(documents.bookingId, booking.id));
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0007_booking_documents.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "documents"');
    await app().db.execute(sql.raw(backfill));
    // Flights: the ATOL certificate too. A cancelled booking gets nothing; bookings that have their documents keep them as they are.
    expect(await templatesOf(customer.withBalance.id)).toEqual([TEMPLATES.bookingConfirmation, TEMPLATES.invoice, TEMPLATES.atolCertificate]);
    expect(await templatesOf(customer.cancelled.id)).toEqual([]);
    expect(await templatesOf(customer.past.id)).toEqual([TEMPLATES.bookingConfirmation, TEMPLATES.invoice, TEMPLATES.atolCertificate, TEMPLATES.itinerary]);
  });
});
