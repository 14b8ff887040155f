import { balanceDueDate, balanceDueDaysFor } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { loadItinerary } from './facts.ts';
import type * as Renderer from './pdf/render.ts';
import { documentRow, shownDocuments } from './repository.ts';
import { documentFileName, TEMPLATES } from './templates.ts';

export const PDF_CONTENT_TYPE = 'application/pdf';

/** What a document is drawn at: the instant it shows the booking at, and the BALANCE_DUE_DAYS setting (app.config.balances.dueDays) that dates the balance. */
export interface DocumentDrawing {
  now: Date;
  balanceDueDays: number;
}

export interface DocumentFile {
  /** 'MER-480153-booking-confirmation.pdf' */
  fileName: string;
  content: Buffer;
}

/**
 * pdfkit and its font machinery take about 0.3 s to load, so they are
 * loaded with the first document drawn, not when the API starts.
 */
let renderer: Promise<typeof Renderer> | null = null;
function loadRenderer(): Promise<typeof Renderer> {
  // A failed load is tried again next time rather than remembered.
  renderer ??= import('./pdf/render.ts').catch((error: unknown) => {
    renderer = null;
    throw error;
  });
  return renderer;
}

/**
 * One of the booking's documents drawn as a PDF from the booking as it is
 * at `drawing.now`, or null when the booking does not show that document (any more):
 * not its document, an invoice once the balance is paid, a cancelled booking.
 */
export async function drawBookingDocument(db: Database, bookingId: number, documentId: number, drawing: DocumentDrawing): Promise<DocumentFile | null> {
  const shown = await shownDocuments(db, bookingId);
  const row = shown?.documents.find((document) => document.id === documentId);
  if (!shown || !row) return null;
  const [itinerary, { renderBookingDocument }] = await Promise.all([
    row.template === TEMPLATES.itinerary ? loadItinerary(db, bookingId, shown.facts.startDate) : Promise.resolve(undefined),
    loadRenderer(),
  ]);
  return {
    fileName: documentFileName(shown.facts.reference, row.template),
    content: await renderBookingDocument({
      template: row.template,
      facts: shown.facts,
      itinerary,
      now: drawing.now,
      balanceDue: shown.facts.outstanding > 0 ? balanceDueDate(shown.facts.startDate, balanceDueDaysFor(shown.facts.balanceDueDays, drawing.balanceDueDays)) : null,
    }),
  };
}

/** A document by its id alone (an e-mail's attachment names only that), drawn as above. */
export async function drawDocumentById(db: Database, documentId: number, drawing: DocumentDrawing): Promise<DocumentFile | null> {
  const row = await documentRow(db, documentId);
  return row ? drawBookingDocument(db, row.bookingId, documentId, drawing) : null;
}
