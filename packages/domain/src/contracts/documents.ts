import { z } from 'zod/mini';
import { VALIDATION } from '../messages.ts';
import { idSchema, text } from '../input-values.ts';
import { bookingParamsSchema, defineEndpoint } from './common.ts';

/**
 * Booking documents. The list travels in the spec's own text format: lines of
 * `key<TAB>value`, where the 'files' key carries a JSON array of documents.
 * Other keys may appear and are ignored, so the format can grow.
 */

export const documentSchema = z.object({
  id: z.number().check(z.int()),
  /** The reservations system's template; null for documents made by hand. */
  template: z.nullable(z.string()),
  /** The download address with its short-lived `token`; opened in a new tab as it is. */
  url: z.string().check(z.minLength(1)),
});
export type BookingDocument = z.infer<typeof documentSchema>;

export const DOCUMENTS_KEY = 'files';
export const DOCUMENTS_CONTENT_TYPE = 'text/plain; charset=utf-8';

export class DocumentsListError extends Error {
  override name = 'DocumentsListError';
}

/** The answer body of GET /account/bookings/:booking/documents. */
export function formatDocumentsList(documents: readonly BookingDocument[]): string {
  // JSON.stringify never emits a raw tab or newline, so one line holds the whole array.
  return `${DOCUMENTS_KEY}\t${JSON.stringify(documents)}\n`;
}

/** Reads the documents list; throws DocumentsListError when the text is not in the format. */
export function parseDocumentsList(text: string): BookingDocument[] {
  for (const line of text.split(/\r?\n/)) {
    const tab = line.indexOf('\t');
    if (tab < 0 || line.slice(0, tab).trim() !== DOCUMENTS_KEY) continue;
    let value: unknown;
    try {
      value = JSON.parse(line.slice(tab + 1));
    } catch (cause) {
      throw new DocumentsListError('The documents list holds malformed JSON', { cause });
    }
    const parsed = z.array(documentSchema).safeParse(value);
    if (!parsed.success) throw new DocumentsListError('The documents list holds an unexpected shape', { cause: parsed.error });
    return parsed.data;
  }
  throw new DocumentsListError(`The documents list has no '${DOCUMENTS_KEY}' line`);
}

export const listDocuments = defineEndpoint({
  method: 'GET',
  path: '/account/bookings/:booking/documents',
  params: bookingParamsSchema,
  response: z.string(),
  responseType: 'text',
  auth: 'customer',
  summary: "The booking's documents as text: a 'files' line with a JSON array (see formatDocumentsList)",
});

export const downloadDocument = defineEndpoint({
  method: 'GET',
  path: '/account/bookings/:booking/documents/:document_id',
  params: z.extend(bookingParamsSchema, { document_id: idSchema }),
  /** A new tab cannot send a bearer header, so the list's url carries a short-lived token instead. */
  query: z.object({ token: text({ max: 200, required: VALIDATION.valueRequired, trim: false }) }),
  response: z.unknown(),
  responseType: 'file',
  auth: 'none',
  summary: 'Downloads one document (the query token authorises it)',
});
