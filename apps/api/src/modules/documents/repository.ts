import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { bookingsReadModel } from '../bookings/index.ts';
import { documents } from './schema.ts';
import { documentState, loadDocumentFacts, type DocumentFacts } from './facts.ts';
import { confirmationTemplates, isShown, TEMPLATES } from './templates.ts';

export interface DocumentRow {
  id: number;
  bookingId: number;
  template: string | null;
}

const { bookingComponents } = bookingsReadModel;

const columns = { id: documents.id, bookingId: documents.bookingId, template: documents.template };

/**
 * Issues the documents confirmation gives a booking, in the confirming
 * transaction: the booking confirmation, the invoice, and the ATOL
 * certificate when it has flights. Which of them the customer sees, and
 * what they say, is decided from the booking each time they are listed or
 * drawn (templates.ts isShown). A second call adds nothing.
 * lines: the booking's lines, when the caller's transaction has read them
 * (whether it has flights is then not asked again). Answers the booking
 * confirmation's id (the e-mail attaches it), read in the same statement.
 */
export async function issueConfirmationDocuments(db: Database, bookingId: number, lines?: readonly { componentType: string }[]): Promise<number | null> {
  const hasFlights = lines ? lines.some((line) => line.componentType === 'Flight') : await hasFlightLine(db, bookingId);
  const values = confirmationTemplates(hasFlights).map((template) => sql`(${bookingId}, ${template})`);
  // Rows the insert writes are not visible to the rest of its statement: the confirmation's id comes from one side or the other.
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`with issued as (
          insert into ${documents} (booking_id, template) values ${sql.join(values, sql`, `)}
          on conflict do nothing
          returning id, template
        )
        select id from issued where template = ${TEMPLATES.bookingConfirmation}
        union all
        select id from ${documents} where booking_id = ${bookingId} and template = ${TEMPLATES.bookingConfirmation}`,
  );
  return row ? Number(row.id) : null;
}

async function hasFlightLine(db: Database, bookingId: number): Promise<boolean> {
  const [flight] = await db
    .select({ id: bookingComponents.id })
    .from(bookingComponents)
    .where(and(eq(bookingComponents.bookingId, bookingId), eq(bookingComponents.componentType, 'Flight')))
    .limit(1);
  return flight !== undefined;
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
