import type { BookingDocument } from '../contracts/documents.ts';

/** Document card titles by template (spec section 2, Documents tab). */
export const DOCUMENT_TITLES: Readonly<Record<string, string>> = {
  CustomerInvoice: 'Booking confirmation',
  BalanceReminder3: 'Invoice',
  ATOLPackage: 'ATOL certificate',
};

/**
 * How long a download link from the documents list works (5 minutes). A
 * leaked link soon stops working; the web fetches the list again well
 * within this, so a link a customer clicks is always fresh.
 */
export const DOCUMENT_LINK_TTL_SECONDS = 300;

/** Internal paperwork the customer is not meant to see. */
export const HIDDEN_DOCUMENT_TEMPLATES: readonly string[] = ['Additional11'];

export function documentTitle(template: string | null | undefined): string {
  const name = template?.trim();
  if (!name) return 'Document';
  return DOCUMENT_TITLES[name] ?? name;
}

export const visibleDocuments = <T extends Pick<BookingDocument, 'template'>>(documents: readonly T[]): T[] =>
  documents.filter((document) => !HIDDEN_DOCUMENT_TEMPLATES.includes(document.template?.trim() ?? ''));
