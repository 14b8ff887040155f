import {
  CATALOGUE_MESSAGES,
  CURRENCIES,
  departureInputSchema,
  formatMajorUnits,
  isIsoDate,
  parseMajorUnits,
  parseYesNo,
  priceColumnOf,
  SEASON_CSV_COLUMNS,
  SEASON_CSV_MAX_ROWS,
  SEASON_CSV_MESSAGES,
  type DepartureValues,
  type SeasonCsvColumn,
  type SeasonImportError,
  type SeasonImportReport,
} from '@tours/domain';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { csvRecord, csvText, csvValue, parseCsv } from '../../../lib/csv.ts';
import { departurePrices, departures, tours } from '../schema/departures.ts';
import type { CatalogueChange } from './change.ts';
import { changeDeparture, insertDeparture, lockDeparture, valuesOf } from './departures.ts';
import { departureRecord } from './read-departure.ts';
import { inUse, NOTHING_TAKEN, takenOn } from './stock.ts';

/**
 * A season's departures and prices as CSV (the domain's season-csv.ts names
 * the columns). The import checks every line before it writes anything:
 * the format, the domain's departure rules, unknown tours, repeated lines,
 * and places below what is already sold and held. Any error, and nothing is
 * written; a dry run reports and never writes.
 */

export async function exportSeason(db: Database, range: { from?: string | undefined; to?: string | undefined; tour?: string | undefined }): Promise<string> {
  const rows = await db
    .select({ departure: departures, code: tours.code })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(and(range.from ? gte(departures.startDate, range.from) : undefined, range.to ? lte(departures.startDate, range.to) : undefined, range.tour ? eq(tours.code, range.tour) : undefined))
    .orderBy(asc(departures.startDate), asc(tours.code));
  const prices = rows.length === 0 ? [] : await db.select().from(departurePrices).where(inArray(departurePrices.departureId, rows.map((row) => row.departure.id)));
  const priceOf = new Map(prices.map((price) => [`${price.departureId}:${price.currency}`, price.pricePerPerson]));
  let csv = csvRecord([...SEASON_CSV_COLUMNS]);
  for (const { departure, code } of rows) {
    csv += csvRecord([
      csvText(code),
      csvValue(departure.startDate),
      csvValue(departure.endDate),
      csvValue(departure.status),
      csvValue(departure.hidden ? 'yes' : 'no'),
      csvValue(departure.capacity),
      ...CURRENCIES.map((currency) => csvValue(formatMajorUnits(priceOf.get(`${departure.id}:${currency}`) ?? 0))),
    ]);
  }
  return csv;
}

interface ReadLine {
  line: number;
  tourId: number;
  values: DepartureValues;
}

/** A schema path ('prices', 'GBP') as the file's column ('price_gbp'). */
const columnOf = (path: readonly PropertyKey[]): SeasonCsvColumn =>
  path[0] === 'prices' ? priceColumnOf(path[1] as (typeof CURRENCIES)[number]) : (String(path[0]) as SeasonCsvColumn);

/** Every line read and checked on its own: its values, or its errors. */
function readLines(text: string, tourIds: Map<string, number>): { lines: ReadLine[]; errors: SeasonImportError[] } {
  const records = parseCsv(text);
  const errors: SeasonImportError[] = [];
  const header = records.shift();
  if (!header || header.fields.map((field) => field.trim().toLowerCase()).join(',') !== SEASON_CSV_COLUMNS.join(',')) {
    return { lines: [], errors: [{ line: header?.line ?? 1, column: '', message: SEASON_CSV_MESSAGES.header }] };
  }
  if (records.length === 0) return { lines: [], errors: [{ line: header.line, column: '', message: SEASON_CSV_MESSAGES.empty }] };
  if (records.length > SEASON_CSV_MAX_ROWS) return { lines: [], errors: [{ line: header.line, column: '', message: SEASON_CSV_MESSAGES.tooManyRows(SEASON_CSV_MAX_ROWS) }] };

  const lines: ReadLine[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, fields } of records) {
    if (fields.length !== SEASON_CSV_COLUMNS.length) {
      errors.push({ line, column: '', message: SEASON_CSV_MESSAGES.columns(fields.length) });
      continue;
    }
    const cell = Object.fromEntries(SEASON_CSV_COLUMNS.map((column, index) => [column, fields[index]!.trim()])) as Record<SeasonCsvColumn, string>;
    const lineErrors: SeasonImportError[] = [];
    const fail = (column: SeasonCsvColumn, message: string) => lineErrors.push({ line, column, message });

    const code = cell.tour_code.replace(/^'/, '').toUpperCase();
    const tourId = tourIds.get(code);
    if (tourId === undefined) fail('tour_code', SEASON_CSV_MESSAGES.unknownTour);
    const hidden = parseYesNo(cell.hidden);
    if (hidden === null) fail('hidden', SEASON_CSV_MESSAGES.hidden);
    const places = /^\d{1,6}$/.test(cell.places) ? Number(cell.places) : null;
    if (places === null) fail('places', SEASON_CSV_MESSAGES.places);
    const prices = Object.fromEntries(CURRENCIES.map((currency) => [currency, parseMajorUnits(cell[priceColumnOf(currency)] ?? '')]));
    for (const currency of CURRENCIES) if (prices[currency] === null) fail(priceColumnOf(currency), SEASON_CSV_MESSAGES.price);

    // Reported with the other errors of the line: the schema checks the order only once every field is valid.
    if (isIsoDate(cell.start_date) && isIsoDate(cell.end_date) && cell.end_date < cell.start_date) fail('end_date', CATALOGUE_MESSAGES.datesOrdered);
    // The console's own rules for a departure, read from the same schema.
    const parsed = departureInputSchema.safeParse({ start_date: cell.start_date, end_date: cell.end_date, status: cell.status, hidden: hidden ?? false, places: places ?? 0, prices: Object.fromEntries(CURRENCIES.map((currency) => [currency, prices[currency] ?? 0])) });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = columnOf(issue.path);
        if (!lineErrors.some((error) => error.column === column)) fail(column, column === 'status' ? SEASON_CSV_MESSAGES.status : issue.message);
      }
    }
    if (lineErrors.length === 0 && parsed.success && tourId !== undefined) {
      const key = `${tourId}:${parsed.data.start_date}`;
      const first = firstLineOf.get(key);
      if (first !== undefined) lineErrors.push({ line, column: 'start_date', message: SEASON_CSV_MESSAGES.repeated(first) });
      else {
        firstLineOf.set(key, line);
        lines.push({ line, tourId, values: parsed.data });
      }
    }
    errors.push(...lineErrors);
  }
  return { lines, errors };
}

/** Thrown to roll the import back when a line fails under the locks; its report goes back to the caller. */
class ImportRefused extends Error {
  constructor(
    readonly counts: { created: number; updated: number; unchanged: number },
    readonly errors: SeasonImportError[],
  ) {
    super('The import has errors');
  }
}

export async function importSeason(db: Database, input: { csv: string; dryRun: boolean }, change: CatalogueChange): Promise<SeasonImportReport> {
  const tourRows = await db.select({ id: tours.id, code: tours.code }).from(tours);
  const { lines, errors } = readLines(input.csv, new Map(tourRows.map((tour) => [tour.code, tour.id])));
  const rows = lines.length + new Set(errors.map((error) => error.line)).size;
  const report = (counts: { created: number; updated: number; unchanged: number }, applied: boolean, found: SeasonImportError[]): SeasonImportReport => ({
    dry_run: input.dryRun,
    applied,
    rows,
    ...counts,
    // By line, then in the file's column order, as a person reads them.
    errors: found.sort((a, b) => a.line - b.line || SEASON_CSV_COLUMNS.indexOf(a.column as SeasonCsvColumn) - SEASON_CSV_COLUMNS.indexOf(b.column as SeasonCsvColumn)),
  });

  try {
    return await db.transaction(async (tx) => {
      const existing = await tx.select({ id: departures.id, tourId: departures.tourId, startDate: departures.startDate }).from(departures);
      const idOf = new Map(existing.map((row) => [`${row.tourId}:${row.startDate}`, row.id]));
      const counts = { created: 0, updated: 0, unchanged: 0 };
      const found = [...errors];
      // Departures in id order, so two imports (or an import and a staff edit) wait for each other rather than deadlock.
      const ordered = [...lines].sort((a, b) => (idOf.get(`${a.tourId}:${a.values.start_date}`) ?? Infinity) - (idOf.get(`${b.tourId}:${b.values.start_date}`) ?? Infinity));
      for (const { line, tourId, values } of ordered) {
        const departureId = idOf.get(`${tourId}:${values.start_date}`);
        if (departureId === undefined) {
          counts.created++;
          if (!input.dryRun && found.length === 0) await insertDeparture(tx, tourId, values, change);
          continue;
        }
        const record = input.dryRun ? await departureRecord(tx, departureId) : await lockDeparture(tx, departureId, null);
        // The file has no column for a departure's own balance or deposit rule: it keeps the ones it has.
        values.balance_due_days = record!.departure.balanceDueDays;
        values.deposit_percent = record!.departure.depositPercent;
        const taken = inUse((await takenOn(tx, [departureId], change.now)).get(departureId)?.get(null) ?? NOTHING_TAKEN);
        if (values.places < taken && values.places < record!.departure.capacity) {
          found.push({ line, column: 'places', message: CATALOGUE_MESSAGES.belowTaken(taken, 'places') });
          continue;
        }
        const same = JSON.stringify(valuesOf(record!)) === JSON.stringify(values);
        if (same) counts.unchanged++;
        else counts.updated++;
        if (!input.dryRun && found.length === 0 && !same) await changeDeparture(tx, record!, values, change);
      }
      if (found.length > 0 && !input.dryRun) throw new ImportRefused(counts, found);
      return report(counts, !input.dryRun, found);
    });
  } catch (error) {
    if (error instanceof ImportRefused) return report(error.counts, false, error.errors);
    throw error;
  }
}
