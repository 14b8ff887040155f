import {
  ATTENTION_REASONS,
  BOOKING_STATUSES,
  CURRENCIES,
  QUOTE_REASON_LABELS,
  STAFF_QUEUE_INFO,
  toProviderAmount,
  type StaffBookingRow,
} from '@tours/domain';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CSV_BOM, csvRecord, csvText, csvValue } from '../../lib/csv.ts';
import { csvTextSql, isoInstantSql, providerAmountSql } from '../../lib/sql-formats.ts';
import { agentsReadModel } from '../agents/index.ts';
import { bookingsReadModel } from '../bookings/index.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import type { BookingMoney } from './money.ts';
import { leadNameSql } from './rows.ts';

const { bookings, bookingPassengers } = bookingsReadModel;
const { departures, tours } = catalogueReadModel;
const { agents } = agentsReadModel;

/**
 * The staff list as CSV: one line per booking, in the list's order, with the
 * columns a person reconciling bookings in a spreadsheet needs. Amounts are
 * exact, in major units with two decimals ('1234.50', '-20.00' for money
 * paid too much) beside their currency, never rounded or formatted.
 *
 * Each column has its rule twice: `row`, over a row of the list as the
 * console shows it (StaffBookingRow), with csv.ts's csvText and csvValue, the
 * domain's toProviderAmount and its labels: the rule of record; and `sql`,
 * the same over the row's columns in the export's statement, so the database
 * writes the lines (a season's 20,000 would otherwise cross from the database
 * as 20,000 rows of 20 columns, then be built into objects and written out,
 * which took most of the export's second on PGlite), and keeps each
 * booking's line up to its queues in a read model (export-lines.ts), so an
 * export writes only what changed since the last. The SQL formats come
 * from lib/sql-formats.ts and the labels from the domain, passed as
 * parameters; test/staff-bookings-csv.test.ts holds that both write the same
 * bytes, line for line, for bookings of every edge (quotes, commas, formula
 * starts, blank name parts, negative balances, every queue).
 */
interface Column {
  name: string;
  row: (row: StaffBookingRow) => string;
  /** The column's value in the export's statement, over the bookings row and its joins, selected once per booking. */
  value: (line: LineSources) => SQL;
  /** That value written as a field, from the selected value's name (as it is when absent). */
  field?: (value: SQL) => SQL;
}

/** What a line is written from, in the statement that builds the export's lines: the bookings row and its joins (export-lines.ts), its money and its passenger count. */
export interface LineSources {
  money: BookingMoney;
  /** How many travel, and whether one has not answered a section of their details (passengerCountsSql's columns). */
  passengers: SQL;
  detailsMissing: SQL<boolean>;
}

/** A label the domain gives a code, already written as a CSV field, looked up by the code in SQL: the map travels as one parameter. */
const labelOf = (fields: Record<string, string>, code: SQL): SQL<string> => sql<string>`(cast(${JSON.stringify(fields)} as jsonb) ->> cast(${code} as text))`;
const fieldsOf = (codes: readonly string[], field: (code: string) => string) => Object.fromEntries(codes.map((code) => [code, field(code)]));

const col = (column: SQLWrapper): SQL => sql`${column}`;
const text = { field: csvTextSql };
const amount = { field: providerAmountSql };

/** Every column but the last, whatever the day: what the export's read model keeps of each booking (export-lines.ts). */
const HEAD_COLUMNS: readonly Column[] = [
  { name: 'Reference', row: (row) => csvText(row.booking_reference), value: () => sql`coalesce(${bookings.reference}, cast(${bookings.id} as text))`, ...text },
  { name: 'Booking id', row: (row) => csvValue(row.id), value: () => col(bookings.id) },
  { name: 'Status', row: (row) => csvText(row.status), value: () => labelOf(fieldsOf(BOOKING_STATUSES, csvText), col(bookings.status)) },
  { name: 'Created', row: (row) => csvValue(row.created_at), value: () => isoInstantSql(col(bookings.createdAt)) },
  { name: 'Lead passenger', row: (row) => csvText(row.lead?.name), value: () => leadNameSql(), ...text },
  { name: 'E-mail', row: (row) => csvText(row.lead?.email), value: () => col(bookingPassengers.email), ...text },
  { name: 'Tour code', row: (row) => csvText(row.tour.code), value: () => col(tours.code), ...text },
  { name: 'Tour', row: (row) => csvText(row.tour.name), value: () => col(tours.name), ...text },
  // Dates travel as text ('2026-05-01'), as the list reads them: nothing to quote.
  { name: 'Departure', row: (row) => csvValue(row.departure.start_date), value: () => sql`cast(${departures.startDate} as text)` },
  { name: 'Returns', row: (row) => csvValue(row.departure.end_date), value: () => sql`cast(${departures.endDate} as text)` },
  { name: 'Passengers', row: (row) => csvValue(row.passengers), value: (line) => line.passengers },
  { name: 'Currency', row: (row) => csvValue(row.total.currency), value: () => labelOf(fieldsOf(CURRENCIES, csvValue), col(bookings.currency)) },
  { name: 'Total', row: (row) => csvValue(toProviderAmount(row.total.value)), value: (line) => line.money.total, ...amount },
  { name: 'Paid', row: (row) => csvValue(toProviderAmount(row.paid.value)), value: (line) => line.money.paid, ...amount },
  { name: 'Balance', row: (row) => csvValue(toProviderAmount(row.balance.value)), value: (line) => sql`(${line.money.total} - ${line.money.paid})`, ...amount },
  { name: 'Agent code', row: (row) => csvText(row.agent?.code), value: () => col(agents.code), ...text },
  { name: 'Agent', row: (row) => csvText(row.agent?.name), value: () => col(agents.name), ...text },
  {
    name: 'Needs attention',
    row: (row) => csvText(row.attention ? ATTENTION_REASONS[row.attention.code] : ''),
    value: () =>
      sql`(case when ${bookings.needsAttention} then ${labelOf(
        fieldsOf(Object.keys(ATTENTION_REASONS), (code) => csvText(ATTENTION_REASONS[code as keyof typeof ATTENTION_REASONS])),
        col(bookings.attentionCode),
      )} end)`,
  },
  {
    name: 'Quote reason',
    row: (row) => csvText(row.quote_reason ? QUOTE_REASON_LABELS[row.quote_reason] : ''),
    value: () => labelOf(fieldsOf(Object.keys(QUOTE_REASON_LABELS), (code) => csvText(QUOTE_REASON_LABELS[code as keyof typeof QUOTE_REASON_LABELS])), col(bookings.quoteReason)),
  },
];

/**
 * The last column, the queues the booking is in on the day of the export:
 * in SQL, from the days in each queue the read model keeps (queueDaysSql),
 * read on the day (queueLabelsOnSql).
 */
const QUEUES_COLUMN = {
  name: 'Queues',
  row: (row: StaffBookingRow) => csvText(row.flags.map((queue) => STAFF_QUEUE_INFO[queue].label).join('; ')),
};

export const CSV_HEADER = [...HEAD_COLUMNS, QUEUES_COLUMN].map((column) => column.name);

/** A booking's line as the list's row shows it (the rule the export's SQL is held to): its fields and its CRLF. */
export const csvLineOf = (row: StaffBookingRow): string => csvRecord([...HEAD_COLUMNS, QUEUES_COLUMN].map((column) => column.row(row)));

/**
 * What the export's read model keeps of a booking's line, in the statement
 * that builds it, in two steps: `values`, the head columns' values as columns
 * named c0, c1... of a subquery over the bookings row and its joins (fenced
 * with `offset 0`, so each is worked out once per booking rather than once
 * per use), then `head` over that subquery (`from`), the values written as
 * fields, each followed by its comma (a null field is empty, as in
 * csvLineOf): the line up to its last field, which csvLineEndSql writes on
 * the day.
 */
export function csvHeadSql(line: LineSources, from: string): { values: SQL; head: SQL<string> } {
  const name = (index: number) => sql.raw(`${from}.c${index}`);
  return {
    values: sql.join(
      HEAD_COLUMNS.map((column, index) => sql`${column.value(line)} as ${sql.raw(`c${index}`)}`),
      sql`, `,
    ),
    head: sql<string>`concat(${sql.join(
      HEAD_COLUMNS.map((column, index) => sql`${column.field ? column.field(name(index)) : name(index)}, ','`),
      sql`, `,
    )})`,
  };
}

/**
 * The rest of a booking's line, on the day of the export: the labels of the
 * queues it is in that day (`labels`: a column holding queueLabelsOnSql,
 * which csvTextSql reads more than once) as its last field, and the CRLF.
 */
export const csvLineEndSql = (labels: SQL): SQL<string> => sql<string>`concat(${csvTextSql(labels)}, E'\\r\\n')`;

/**
 * The byte order mark and the header, as bytes: the file is sent as bytes, encoded once. Sent as a text (joined to the
 * season's 4 MB of lines, with characters beyond Latin-1), it was flattened and measured for its length by Fastify,
 * then encoded again to be written: about 70 ms of a season's export.
 */
const CSV_HEAD_BYTES = Buffer.from(CSV_BOM + csvRecord(CSV_HEADER.map(csvText)), 'utf8');

/** The CSV file: the byte order mark and the header, then the lines the statement wrote (nothing when nothing matched). */
export const bookingsCsv = (lines: string): Buffer => Buffer.concat([CSV_HEAD_BYTES, Buffer.from(lines, 'utf8')]);
