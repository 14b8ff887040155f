/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF, a
 * field quoted (its quotes doubled) when it holds a comma, a quote, CR or LF.
 * Text from people (names, e-mail addresses, tour names) is written so a
 * spreadsheet never runs it: a field that starts with =, +, -, @, a tab or a
 * CR would be read as a formula, so it is prefixed with an apostrophe
 * (OWASP's CSV injection advice). Numbers the system writes itself
 * (amounts, counts) are left as numbers.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A UTF-8 byte order mark, so spreadsheet programs read accented names as UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

const quoted = (field: string) => (NEEDS_QUOTES.test(field) ? `"${field.replace(/"/g, '""')}"` : field);

/** A text field: null is empty; a formula-looking start is defused. */
export function csvText(value: string | null | undefined): string {
  const text = value ?? '';
  return quoted(FORMULA_START.test(text) ? `'${text}` : text);
}

/** A field the system wrote itself (an amount as '1234.50', a count): kept as it is, quoted only if it must be. */
export const csvValue = (value: string | number): string => quoted(String(value));

/** One record, with its line ending. */
export const csvRecord = (fields: readonly string[]): string => `${fields.join(',')}\r\n`;

/**
 * Records of a CSV file as RFC 4180 reads it (quoted fields with doubled
 * quotes, CRLF or LF between records), each with the line it starts on, so
 * an import names the line a person sees in their editor. A leading byte
 * order mark is dropped; blank lines are skipped.
 */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quotedField = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < source.length; i++) {
    const character = source[i]!;
    if (quotedField) {
      if (character === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (character === '"') quotedField = false;
      else {
        if (character === '\n') line++;
        field += character;
      }
    } else if (character === '"' && field === '') quotedField = true;
    else if (character === ',') {
      fields.push(field);
      field = '';
    } else if (character === '\r' || character === '\n') {
      if (character === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += character;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
