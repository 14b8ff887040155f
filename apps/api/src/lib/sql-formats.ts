import { sql, type SQL } from 'drizzle-orm';

/**
 * Rules of the API and the domain written in SQL, for an export whose lines
 * the database writes itself (the staff bookings CSV: a season is 20,000
 * lines, which the database hands over as one text far faster than as
 * 20,000 rows of 20 columns, above all PGlite). Each is the SQL twin of one
 * rule that stays where it is, and test/sql-formats.test.ts holds each equal
 * to its rule on both engines, for the edge values of each:
 *  - csvTextSql: lib/csv.ts's csvText;
 *  - providerAmountSql: the domain's toProviderAmount;
 *  - isoInstantSql: Date#toISOString;
 *  - blankSql: JavaScript's `text.trim() === ''`.
 */

/** csvText's formula starts (=, +, -, @, tab, CR) as SQL literals. */
const FORMULA_STARTS = sql.raw(`('=', '+', '-', '@', E'\\t', E'\\r')`);

/**
 * csvText in SQL: null is empty; a text starting like a formula gets an
 * apostrophe first; a text holding a quote, a comma, CR or LF is quoted with
 * its quotes doubled. `value` is repeated in the expression (a row works it
 * out two or three times): pass a column or a cheap expression.
 */
export function csvTextSql(value: SQL): SQL<string> {
  const defused = sql`(case when left(${value}, 1) in ${FORMULA_STARTS} then '''' || ${value} else ${value} end)`;
  const quoted = sql`(case when ${value} ~ '[",\\r\\n]' then '"' || replace(${defused}, '"', '""') || '"' else ${defused} end)`;
  // Most fields need neither: one test of the first character and of the characters to quote, then the text as it is.
  return sql<string>`(case when ${value} ~ '^[-=+@\\t\\r]|[",\\r\\n]' then ${quoted} else coalesce(${value}, '') end)`;
}

/** toProviderAmount in SQL: minor units (an integer expression) as major units with two decimals, '-' before a negative ('1234.50', '-20.00', '0.05'). */
export function providerAmountSql(minorUnits: SQL): SQL<string> {
  const value = sql`cast(${minorUnits} as bigint)`;
  return sql<string>`concat(case when ${value} < 0 then '-' end, abs(${value}) / 100, '.', lpad(cast(abs(${value}) % 100 as text), 2, '0'))`;
}

/** Date#toISOString in SQL: a timestamptz as '2026-11-28T09:05:03.120Z' (UTC, milliseconds cut, as a Date keeps them). */
export const isoInstantSql = (instant: SQL): SQL<string> => sql<string>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * What String#trim removes (JavaScript's white space and line terminators,
 * Unicode's Zs among them), every such character of the BMP, found by asking
 * trim itself.
 */
const JS_WHITESPACE = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code))
  .filter((character) => character.trim() === '' && !(character >= '\uD800' && character <= '\uDFFF'))
  .join('');

/** `text.trim() === ''` in SQL (null for null). Most texts start with a character trim keeps: only the others are trimmed. */
export const blankSql = (text: SQL): SQL<boolean> =>
  sql<boolean>`(strpos(${JS_WHITESPACE}, left(${text}, 1)) > 0 and btrim(${text}, ${JS_WHITESPACE}) = '')`;
