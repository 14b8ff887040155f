import { buildPath, downloadDocument, DOCUMENTS_CONTENT_TYPE, formatDocumentsList, listDocuments, type BookingDocument } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-error.ts';
import { registerEndpoint } from '../../lib/register-endpoint.ts';
import { identityOf } from '../../plugins/customer-auth.ts';
import { API_PREFIX } from '../../plugins/web.ts';
import { recordAudit } from '../audit/index.ts';
import { bookingsReadModel, ownedBookingId } from '../bookings/index.ts';
import { documents } from './schema.ts';
import { drawBookingDocument, PDF_CONTENT_TYPE } from './files.ts';
import { documentLinkKey, signDocumentLink, verifyDocumentLink } from './link-token.ts';
import { LINK_REFUSED_POLICY, linkRefusedPage, prefersHtml } from './link-refused-page.ts';
import { shownDocuments } from './repository.ts';

/**
 * The one answer to every download that is refused: an expired link, a link
 * for another customer, booking or document, a made-up token, a document
 * that is not there or no longer shown. Word for word and status for status,
 * so a refused link tells nothing about what exists.
 */
export const DOCUMENT_LINK_REFUSED = 'This document link has expired or is not valid. Please open the document again from your account.';

/**
 * The refusal: a person who opened the link in a browser tab gets a page that
 * leads back to the booking's documents; an API client the JSON 404.
 */
function refuseLink(request: FastifyRequest, reply: FastifyReply, bookingId: number) {
  if (!prefersHtml(request.headers.accept)) throw notFound(DOCUMENT_LINK_REFUSED);
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', LINK_REFUSED_POLICY)
    .header('x-robots-tag', 'noindex, nofollow')
    .send(linkRefusedPage(bookingId));
}

/** Documents (spec section 7, Account; issue #12); why they are drawn on each download: docs/decisions/0012-booking-documents.md. */
export async function documentRoutes(app: FastifyInstance) {
  const { bookings } = bookingsReadModel;

  registerEndpoint(app, listDocuments, async (request, reply) => {
    const { bookingId, customer } = await ownedBookingId(app.db, identityOf(request), request.params.booking, app.clock.now());
    const [shown, secret] = await Promise.all([shownDocuments(app.db, bookingId), documentLinkKey(app.db)]);
    const now = app.clock.now();
    const list: BookingDocument[] = (shown?.documents ?? []).map((document) => {
      const token = signDocumentLink(secret, { customerId: customer.id, bookingId, documentId: document.id }, now);
      const path = buildPath(downloadDocument.path, { booking: bookingId, document_id: document.id });
      return { id: document.id, template: document.template, url: `${API_PREFIX}${path}?token=${encodeURIComponent(token)}` };
    });
    // The links are personal and short-lived: no cache may keep or share them.
    reply.type(DOCUMENTS_CONTENT_TYPE).header('cache-control', 'no-store');
    return formatDocumentsList(list);
  });

  registerEndpoint(app, downloadDocument, async (request, reply) => {
    const { booking: bookingId, document_id: documentId } = request.params;
    const now = app.clock.now();
    const [[owner], secret] = await Promise.all([
      app.db
        .select({ customerId: bookings.customerId })
        .from(documents)
        .innerJoin(bookings, eq(bookings.id, documents.bookingId))
        .where(and(eq(documents.id, documentId), eq(documents.bookingId, bookingId))),
      documentLinkKey(app.db),
    ]);
    // The MAC is checked even when there is no such document, so the time taken says no more than the answer.
    const customerId = owner?.customerId ?? 0;
    const valid = verifyDocumentLink(secret, request.query.token, { customerId, bookingId, documentId }, now);
    const file = valid && owner?.customerId ? await drawBookingDocument(app.db, bookingId, documentId, { now, balanceDueDays: app.config.balances.dueDays }) : null;
    if (!file) return refuseLink(request, reply, bookingId);

    await recordAudit(app.db, {
      actor: `customer:${customerId}`,
      action: 'document.downloaded',
      entityType: 'document',
      entityId: documentId,
      bookingId,
      requestId: request.id,
    });
    reply
      .type(PDF_CONTENT_TYPE)
      // Opened in the browser's viewer; saved under the reference and title.
      .header('content-disposition', `inline; filename="${file.fileName}"`)
      // Personal data: kept by no cache, browser or proxy.
      .header('cache-control', 'no-store, private')
      .header('pragma', 'no-cache')
      .header('x-robots-tag', 'noindex, nofollow');
    return file.content;
  });
}
