import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookingComponents, documents } from '../../db/schema/index.ts';
import { documentState, loadDocumentFacts, type DocumentFacts } from './facts.ts';
import { confirmationTemplates, isShown } from './templates.ts';

export interface DocumentRow {
  id: number;
  bookingId: number;
  template: string | null;
}

const columns = { id: documents.id, bookingId: documents.bookingId, template: documents.template };

/**
 * Issues the documents confirmation gives a booking, in the confirming
 * transaction: the booking confirmation, the invoice, and the ATOL
 * certificate when it has flights. Which of them the customer sees, and
 * what they say, is decided from the booking each time they are listed or
 * drawn (templates.ts isShown). A second call adds nothing.
 */
export async function issueConfirmationDocuments(db: Database, bookingId: number): Promise<void> {
  const [flight] = await db
    .select({ id: bookingComponents.id })
    .from(bookingComponents)
    .where(and(eq(bookingComponents.bookingId, bookingId), eq(bookingComponents.componentType, 'Flight')))
    .limit(1);
  await db
    .insert(documents)
    .values(confirmationTemplates(flight !== undefined).map((template) => ({ bookingId, template })))
    .onConflictDoNothing();
}

/** The booking's document rows, in the order they were issued. */
export function documentRows(db: Database, bookingId: number): Promise<DocumentRow[]> {
  return db.select(columns).from(documents).where(eq(documents.bookingId, bookingId)).orderBy(asc(documents.id));
}

export async function documentRow(db: Database, documentId: number): Promise<DocumentRow | null> {
  const [row] = await db.select(columns).from(documents).where(eq(documents.id, documentId));
  return row ?? null;
}

/** The documents the booking shows now, with the facts they were decided on; null when there is no such booking. */
export async function shownDocuments(db: Database, bookingId: number): Promise<{ facts: DocumentFacts; documents: DocumentRow[] } | null> {
  const [facts, rows] = await Promise.all([loadDocumentFacts(db, bookingId), documentRows(db, bookingId)]);
  if (!facts) return null;
  const state = documentState(facts);
  return { facts, documents: rows.filter((row) => isShown(row.template, state)) };
}
