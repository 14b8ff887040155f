/**
 * Booking documents: which documents a booking carries (documents) and the
 * key their download links are signed with; the PDFs are drawn from the
 * booking each time (docs/decisions/0012-booking-documents.md). Settlement
 * issues a confirmed booking's documents through here; the mail relay draws
 * an e-mail's attachment through here.
 */
export { issueConfirmationDocuments, shownDocuments, type DocumentRow } from './repository.ts';
export { drawDocumentById, PDF_CONTENT_TYPE } from './files.ts';
export { documentFileName, documentHeading, TEMPLATES } from './templates.ts';
