import { randomBytes } from 'node:crypto';
import { DOCUMENT_LINK_TTL_SECONDS, parseDocumentsList, type BookingDocument } from '@tours/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, documents } from '../src/db/schema/index.ts';
import { BOOKING_NOT_FOUND } from '../src/modules/bookings/index.ts';
import { documentLinkKey, signDocumentLink, verifyDocumentLink } from '../src/modules/documents/link-token.ts';
import { LINK_REFUSED_HEADING, prefersHtml } from '../src/modules/documents/link-refused-page.ts';
import { DOCUMENT_LINK_REFUSED } from '../src/modules/documents/routes.ts';
import { accountTestServer, type AccountCustomer } from './account-fixtures.ts';
import { expectApiError, testClock } from './helper.ts';

/**
 * Who may see which document. The list needs the customer's sign-in and
 * answers another customer's booking exactly as a missing one; a download
 * link works for a few minutes, for one customer's booking and one document,
 * and every refused link gets the same answer, byte for byte.
 */

describe('document download links', () => {
  const secret = randomBytes(32);
  const claims = { customerId: 7, bookingId: 100_123, documentId: 42 };
  const now = new Date('2027-03-04T10:00:00Z');
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

  it('verify for exactly the customer, booking and document they were signed for, until they expire', () => {
    const token = signDocumentLink(secret, claims, now);
    expect(token).toMatch(/^\d{10}\.[A-Za-z0-9_-]{43}$/);
    expect(verifyDocumentLink(secret, token, claims, now)).toBe(true);
    expect(verifyDocumentLink(secret, token, claims, later(DOCUMENT_LINK_TTL_SECONDS - 1))).toBe(true);
    expect(verifyDocumentLink(secret, token, claims, later(DOCUMENT_LINK_TTL_SECONDS))).toBe(false);
    for (const other of [{ customerId: 8 }, { bookingId: 100_124 }, { documentId: 43 }]) {
      expect(verifyDocumentLink(secret, token, { ...claims, ...other }, now), JSON.stringify(other)).toBe(false);
    }
    expect(verifyDocumentLink(randomBytes(32), token, claims, now)).toBe(false);
  });

  it('refuse a changed expiry, a changed MAC, an expiry further ahead than links are given and anything malformed', () => {
    const token = signDocumentLink(secret, claims, now);
    const [expiry, mac] = token.split('.') as [string, string];
    expect(verifyDocumentLink(secret, `${Number(expiry) + 3600}.${mac}`, claims, now)).toBe(false);
    // The first character, not the last: a 32-byte MAC's last base64url character carries two padding bits, so A and B can decode alike.
    expect(verifyDocumentLink(secret, `${expiry}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`, claims, now)).toBe(false);
    // Signed with the right key, but for a day: no link is ever given that long.
    const farAhead = signDocumentLink(secret, claims, later(86_400));
    expect(verifyDocumentLink(secret, farAhead, claims, now)).toBe(false);
    for (const malformed of ['', 'x', expiry, `${expiry}.`, `.${mac}`, `${expiry}.${mac}=`, `${expiry}.${mac}.${mac}`, `-1.${mac}`]) {
      expect(verifyDocumentLink(secret, malformed, claims, now), malformed).toBe(false);
    }
  });
});

/** What Chromium sends when it opens a link in a new tab. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';

describe('documents across customers', () => {
  const clock = testClock();
  const { app, headersFor, seedCustomer } = accountTestServer({ clock });

  const list = async (customer: AccountCustomer, bookingId: number): Promise<BookingDocument[]> => {
    const response = await app().inject({ method: 'GET', url: `/api/account/bookings/${bookingId}/documents`, headers: customer.headers });
    expect(response.statusCode, response.body).toBe(200);
    return parseDocumentsList(response.body);
  };
  const open = (url: string, headers: Record<string, string> = {}) => app().inject({ method: 'GET', url, headers });
  const tokenOf = (document: BookingDocument) => new URL(document.url, 'http://localhost').searchParams.get('token')!;
  const downloadUrl = (bookingId: number, documentId: number, token: string) =>
    `/api/account/bookings/${bookingId}/documents/${documentId}?token=${encodeURIComponent(token)}`;
  /** An id no row of the table has. */
  const missingId = async (table: typeof bookings | typeof documents) => {
    const [row] = await app().db.select({ max: sql<number>`cast(coalesce(max(${table.id}), 0) as integer)` }).from(table);
    return Number(row!.max) + 1000;
  };

  /** The one refusal: 404, the same words, the same bytes, no file. */
  function expectRefused(response: LightMyRequestResponse, reference: LightMyRequestResponse, what: string) {
    expectApiError(response, 404, 'NOT_FOUND');
    expect(response.json().error.message, what).toBe(DOCUMENT_LINK_REFUSED);
    expect(response.body, what).toBe(reference.body);
    expect(response.headers['content-type'], what).toBe(reference.headers['content-type']);
    expect(response.headers['content-length'], what).toBe(reference.headers['content-length']);
    expect(response.headers['content-disposition'], what).toBeUndefined();
  }

  it('answers another customer’s booking on the list exactly as a missing one, and a stranger the same', async () => {
    const owner = await seedCustomer();
    const intruder = await seedCustomer();
    const stranger = await headersFor('not-a-customer@example.com');
    const missing = await missingId(bookings);
    const theirs = await app().inject({ method: 'GET', url: `/api/account/bookings/${owner.withBalance.id}/documents`, headers: intruder.headers });
    const nobody = await app().inject({ method: 'GET', url: `/api/account/bookings/${missing}/documents`, headers: intruder.headers });
    const strangers = await app().inject({ method: 'GET', url: `/api/account/bookings/${owner.withBalance.id}/documents`, headers: stranger });
    for (const response of [theirs, nobody, strangers]) {
      expectApiError(response, 404, 'NOT_FOUND');
      expect(response.json().error.message).toBe(BOOKING_NOT_FOUND);
      expect(response.body).toBe(nobody.body);
      for (const secret of [owner.withBalance.reference, owner.email, 'Ashworth', 'token']) expect(response.body).not.toContain(secret);
    }
  });

  it('opens a link without any sign-in, within its time only, and answers every other link with the one refusal', async () => {
    const owner = await seedCustomer();
    const intruder = await seedCustomer();
    const ownersDocuments = await list(owner, owner.withBalance.id);
    const [confirmation, invoice] = ownersDocuments as [BookingDocument, BookingDocument];
    const intrudersDocument = (await list(intruder, intruder.withBalance.id))[0]!;
    const reference = await open(downloadUrl(owner.withBalance.id, await missingId(documents), tokenOf(confirmation)));
    expectRefused(reference, reference, 'no such document');

    // The link itself works with no Authorization header, as a new tab opens it, and with someone else's.
    expect((await open(confirmation.url)).statusCode).toBe(200);
    expect((await open(confirmation.url, intruder.headers)).statusCode).toBe(200);

    const [expiry, mac] = tokenOf(confirmation).split('.') as [string, string];
    const refused: [string, string][] = [
      ['another document’s token', downloadUrl(owner.withBalance.id, confirmation.id, tokenOf(invoice))],
      ['the document under another of the customer’s bookings', downloadUrl(owner.paidInFull.id, confirmation.id, tokenOf(confirmation))],
      ['another customer’s token', downloadUrl(owner.withBalance.id, confirmation.id, tokenOf(intrudersDocument))],
      ['a token moved to another customer’s document', downloadUrl(intruder.withBalance.id, intrudersDocument.id, tokenOf(confirmation))],
      ['a later expiry on the same MAC', downloadUrl(owner.withBalance.id, confirmation.id, `${Number(expiry) + 60}.${mac}`)],
      ['a changed MAC', downloadUrl(owner.withBalance.id, confirmation.id, `${expiry}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`)],
      ['a made-up token', downloadUrl(owner.withBalance.id, confirmation.id, 'let-me-in')],
      ['a booking that does not exist', downloadUrl(await missingId(bookings), confirmation.id, tokenOf(confirmation))],
    ];
    for (const [what, url] of refused) expectRefused(await open(url), reference, what);
    // Ids no column can hold are refused by the contract (input-values.ts) before any lookup, so they tell nothing either.
    expectApiError(await open(downloadUrl(99_999_999_999, 99_999_999_999, tokenOf(confirmation))), 400, 'VALIDATION_FAILED');

    // After its time the owner's own link is refused too.
    clock.advance(DOCUMENT_LINK_TTL_SECONDS + 1);
    expectRefused(await open(confirmation.url), reference, 'an expired link');
    expectRefused(await open(confirmation.url, owner.headers), reference, 'an expired link with the owner signed in');
    // A fresh list gives fresh links.
    const fresh = await list(owner, owner.withBalance.id);
    expect((await open(fresh[0]!.url)).statusCode).toBe(200);
  });

  it('refuses a correctly signed link to a document the booking no longer shows, and a link without a token', async () => {
    const owner = await seedCustomer();
    const [cancelledDocument] = await app().db.select({ id: documents.id }).from(documents).where(eq(documents.bookingId, owner.cancelled.id));
    expect(cancelledDocument).toBeDefined();
    const [customer] = await app().db.select({ customerId: bookings.customerId }).from(bookings).where(eq(bookings.id, owner.cancelled.id));
    const token = signDocumentLink(
      await documentLinkKey(app().db),
      { customerId: customer!.customerId!, bookingId: owner.cancelled.id, documentId: cancelledDocument!.id },
      clock.now(),
    );
    const reference = await open(downloadUrl(owner.cancelled.id, cancelledDocument!.id + 100_000, token));
    expectRefused(await open(downloadUrl(owner.cancelled.id, cancelledDocument!.id, token)), reference, 'a cancelled booking’s document');

    const noToken = await open(`/api/account/bookings/${owner.withBalance.id}/documents/${cancelledDocument!.id}`);
    expectApiError(noToken, 400, 'VALIDATION_FAILED');
  });

  it('records each download in the audit log, without the document’s content', async () => {
    const owner = await seedCustomer();
    const [document] = await list(owner, owner.withBalance.id);
    expect((await open(document!.url)).statusCode).toBe(200);
    const entries = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.downloaded'), eq(auditLog.entityId, String(document!.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ bookingId: owner.withBalance.id, entityType: 'document', actor: expect.stringMatching(/^customer:\d+$/) });
    expect(JSON.stringify(entries[0]!.detail)).not.toContain('Ashworth');
  });

  it('answers a browser that opens an expired or invalid link with a readable page leading back to the documents, never JSON', async () => {
    const owner = await seedCustomer();
    const bookingId = owner.withBalance.id;
    const [document] = await list(owner, bookingId);
    const asBrowser = { accept: BROWSER_ACCEPT };
    // Within its time the link opens the PDF in the tab.
    const opened = await open(document!.url, asBrowser);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');

    clock.advance(DOCUMENT_LINK_TTL_SECONDS + 1);
    const expired = await open(document!.url, asBrowser);
    const invalid = await open(downloadUrl(bookingId, document!.id, 'let-me-in'), asBrowser);
    for (const [what, page] of [['an expired link', expired], ['a made-up token', invalid]] as const) {
      expect(page.statusCode, what).toBe(404);
      expect(page.headers['content-type'], what).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control'], what).toBe('no-store');
      expect(page.headers['content-security-policy'], what).toMatch(/default-src 'none'/);
      expect(page.body, what).toMatch(/^<!doctype html>/);
      expect(page.body, what).toContain(`<h1 id="page-title">${LINK_REFUSED_HEADING}</h1>`);
      expect(page.body, what).toContain(`<a class="button" href="/account/booking/${bookingId}?tab=2">Back to your booking's documents</a>`);
      expect(page.body, what).not.toContain('"error"');
      expect(page.body, what).toBe(expired.body);
    }
    // An API client still gets the JSON refusal.
    expectApiError(await open(document!.url, { accept: 'application/json' }), 404, 'NOT_FOUND');
    expectApiError(await open(document!.url), 404, 'NOT_FOUND');
  });

  it('prefers the page only where the client ranks HTML above JSON', () => {
    expect(prefersHtml(BROWSER_ACCEPT)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('application/json, text/html')).toBe(false);
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false);
    expect(prefersHtml('application/json;q=0.2, text/html')).toBe(true);
    expect(prefersHtml('text/html;q=0')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
  });
});
