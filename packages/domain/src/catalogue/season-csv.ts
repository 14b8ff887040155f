import { CURRENCIES, type CurrencyCode } from '../money.ts';
import { DEPARTURE_STATUSES } from './management.ts';

/**
 * A season's departures and prices as CSV (issue 27): the export writes these
 * columns and the import reads them back, so a file exported, edited in a
 * spreadsheet and imported changes only what was edited. Prices are in major
 * units with at most two decimals ('4250.00'), read exactly (no floating
 * point), as every currency the site sells in has two.
 */

export const SEASON_CSV_COLUMNS = [
  'tour_code',
  'start_date',
  'end_date',
  'status',
  'hidden',
  'places',
  ...CURRENCIES.map((currency) => `price_${currency.toLowerCase()}` as const),
] as const;
export type SeasonCsvColumn = (typeof SEASON_CSV_COLUMNS)[number];

export const priceColumnOf = (currency: CurrencyCode) => `price_${currency.toLowerCase()}` as SeasonCsvColumn;

export const SEASON_CSV_MESSAGES = {
  header: `The first line must name the columns: ${SEASON_CSV_COLUMNS.join(',')}`,
  columns: (found: number) => `Expected ${SEASON_CSV_COLUMNS.length} values, found ${found}`,
  hidden: 'Write yes or no',
  status: `Write one of: ${DEPARTURE_STATUSES.join(', ')}`,
  places: 'Write a whole number from 0',
  price: 'Write the price in major units with at most two decimals, for example 4250.00',
  unknownTour: 'No tour has this code',
  repeated: (line: number) => `The same tour and start date are on line ${line}`,
  empty: 'The file has no departures',
  tooManyRows: (max: number) => `Import at most ${max} departures at a time`,
} as const;

export const SEASON_CSV_MAX_ROWS = 2000;

/** '4250', '4250.5' and '4250.50' in minor units (425000, 425050, 425050); null when not such a number. */
export function parseMajorUnits(text: string): number | null {
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as the import reads them back: '4250.00'. */
export const formatMajorUnits = (minor: number): string => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** yes/no as people write them in a spreadsheet; null when neither. */
export function parseYesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(value)) return true;
  if (['no', 'n', 'false', '0', ''].includes(value)) return false;
  return null;
}
