import { formatLongDate, operatorDate } from '@tours/domain';
import { PdfWriter, type Column } from './writer.ts';

/**
 * A list for the operator's own people (a departure's manifests, rooming
 * list, agency statements), drawn with the customer documents' look: the
 * same page furniture, headings, label-value lists and tables that repeat
 * their header on every page they run onto.
 */
/** Lists of many columns for the ground team, on landscape pages: smaller than a booking document's tables, so a passport number stays on one line. */
const TABLE_TEXT_SIZE = 8.5;

export interface TableDocumentSection {
  heading: string;
  details?: readonly (readonly [string, string])[];
  columns: readonly Column[];
  rows: readonly { cells: string[]; bold?: boolean }[];
  /** Said instead of an empty table. */
  empty?: string;
}

export interface TableDocumentInput {
  heading: string;
  referenceLabel: string;
  reference: string;
  now: Date;
  intro?: readonly (readonly [string, string])[];
  sections: readonly TableDocumentSection[];
  /** Said when there is no section at all. */
  empty: string;
}

export async function renderTableDocument(input: TableDocumentInput): Promise<Buffer> {
  const w = new PdfWriter({
    heading: input.heading,
    reference: input.reference,
    referenceLabel: input.referenceLabel,
    landscape: true,
    issuedOn: formatLongDate(operatorDate(input.now)),
    now: input.now,
  });
  if (input.intro) w.details(input.intro);
  if (input.sections.length === 0) w.paragraph(input.empty);
  for (const section of input.sections) {
    w.heading(section.heading);
    if (section.details) w.details(section.details);
    if (section.rows.length === 0) w.paragraph(section.empty ?? 'None.');
    else w.table(section.columns, section.rows, { size: TABLE_TEXT_SIZE });
  }
  return w.finish();
}
