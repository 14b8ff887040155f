/**
 * Booking documents: which documents a booking carries (documents) and the
 * key their download links are signed with; the PDFs are drawn from the
 * booking each time (docs/decisions/0012-booking-documents.md). Settlement
 * issues a confirmed booking's documents through here; the mail relay draws
 * an e-mail's attachment through here; the staff console lists a booking's
 * documents and draws them for staff.
 */
export { issueConfirmationDocuments, documentRows, shownDocuments, type DocumentRow } from './repository.ts';
export { drawBookingDocument, drawDocumentById, PDF_CONTENT_TYPE, type DocumentDrawing } from './files.ts';
export { documentFileName, documentHeading, isShown, TEMPLATES } from './templates.ts';
// The staff console's lists for the ground team (modules/staff-departures), drawn with the documents' look.
export { renderTableDocument, type TableDocumentInput } from './pdf/table-document.ts';
