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
