import { Readable } from 'node:stream';
import { ATTENTION_REASONS, QUOTE_REASON_LABELS, STAFF_QUEUE_INFO, toProviderAmount, type StaffBookingRow } from '@tours/domain';
import { CSV_BOM, csvRecord, csvText, csvValue } from '../../lib/csv.ts';

/**
 * The staff list as CSV: one line per booking, in the list's order, with the
 * columns a person reconciling bookings in a spreadsheet needs. Amounts are
 * exact, in major units with two decimals ('1234.50', '-20.00' for money
 * paid too much) beside their currency, never rounded or formatted.
 */
const COLUMNS: readonly [string, (row: StaffBookingRow) => string][] = [
  ['Reference', (row) => csvText(row.booking_reference)],
  ['Booking id', (row) => csvValue(row.id)],
  ['Status', (row) => csvText(row.status)],
  ['Created', (row) => csvValue(row.created_at)],
  ['Lead passenger', (row) => csvText(row.lead?.name)],
  ['E-mail', (row) => csvText(row.lead?.email)],
  ['Tour code', (row) => csvText(row.tour.code)],
  ['Tour', (row) => csvText(row.tour.name)],
  ['Departure', (row) => csvValue(row.departure.start_date)],
  ['Returns', (row) => csvValue(row.departure.end_date)],
  ['Passengers', (row) => csvValue(row.passengers)],
  ['Currency', (row) => csvValue(row.total.currency)],
  ['Total', (row) => csvValue(toProviderAmount(row.total.value))],
  ['Paid', (row) => csvValue(toProviderAmount(row.paid.value))],
  ['Balance', (row) => csvValue(toProviderAmount(row.balance.value))],
  ['Agent code', (row) => csvText(row.agent?.code)],
  ['Agent', (row) => csvText(row.agent?.name)],
  ['Needs attention', (row) => csvText(row.attention ? ATTENTION_REASONS[row.attention.code] : '')],
  ['Quote reason', (row) => csvText(row.quote_reason ? QUOTE_REASON_LABELS[row.quote_reason] : '')],
  ['Queues', (row) => csvText(row.flags.map((queue) => STAFF_QUEUE_INFO[queue].label).join('; '))],
];

/** Lines written per chunk of the answer: the rows are in memory already, the text is made as the client reads. */
const LINES_PER_CHUNK = 500;

export const CSV_HEADER = COLUMNS.map(([name]) => name);

/** The CSV as a stream: the header, then the rows in chunks, so a season's export is never one string in memory. */
export function bookingsCsv(rows: readonly StaffBookingRow[]): Readable {
  function* chunks() {
    yield CSV_BOM + csvRecord(CSV_HEADER.map(csvText));
    for (let start = 0; start < rows.length; start += LINES_PER_CHUNK) {
      let chunk = '';
      for (const row of rows.slice(start, start + LINES_PER_CHUNK)) chunk += csvRecord(COLUMNS.map(([, cell]) => cell(row)));
      yield chunk;
    }
  }
  return Readable.from(chunks());
}
