import { describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES, DEPARTURE_STATUSES, isListed, isOpenForSale, TOUR_CODE_PATTERN } from './management.ts';
import { formatMajorUnits, parseMajorUnits, parseYesNo } from './season-csv.ts';

describe("the catalogue's rules", () => {
  it('sells online only an open departure, and lists one neither closed nor hidden', () => {
    expect(DEPARTURE_STATUSES.filter(isOpenForSale)).toEqual(['open']);
    expect(isListed({ status: 'open', hidden: false })).toBe(true);
    expect(isListed({ status: 'on_request', hidden: false })).toBe(true);
    expect(isListed({ status: 'closed', hidden: false })).toBe(false);
    expect(isListed({ status: 'open', hidden: true })).toBe(false);
  });

  it('says how many are taken when a stock is set below them', () => {
    expect(CATALOGUE_MESSAGES.belowTaken(1, 'places')).toBe('1 place is already sold or held: set at least 1');
    expect(CATALOGUE_MESSAGES.belowTaken(3, 'rooms')).toBe('3 rooms are already sold or held: set at least 3');
    expect(CATALOGUE_MESSAGES.belowTaken(2, 'seats')).toBe('2 seats are already sold or held: set at least 2');
  });

  it('takes tour codes as the reservations system writes them', () => {
    for (const code of ['MHW-VIE', 'LD-GRE', 'A', 'T1234-56']) expect(TOUR_CODE_PATTERN.test(code)).toBe(true);
    for (const code of ['', '-VIE', 'mhw-vie', 'MHW VIE', 'ABCDEFGHIJKLMNOPQRSTU']) expect(TOUR_CODE_PATTERN.test(code)).toBe(false);
  });
});

describe("a season's CSV values", () => {
  it('reads prices in major units exactly, with at most two decimals', () => {
    expect(parseMajorUnits('4250')).toBe(425_000);
    expect(parseMajorUnits(' 4250.5 ')).toBe(425_050);
    expect(parseMajorUnits('0.07')).toBe(7);
    expect(parseMajorUnits('1234.99')).toBe(123_499);
    for (const text of ['', '12.345', '-1', '1,000', '1e3', '.5', 'abc']) expect(parseMajorUnits(text)).toBeNull();
  });

  it('writes minor units back as the import reads them', () => {
    for (const minor of [0, 7, 425_050, 123_499]) expect(parseMajorUnits(formatMajorUnits(minor))).toBe(minor);
    expect(formatMajorUnits(425_000)).toBe('4250.00');
  });

  it('reads yes and no as a spreadsheet writes them', () => {
    expect(['yes', 'Y', 'TRUE', '1'].map(parseYesNo)).toEqual([true, true, true, true]);
    expect(['no', 'n', 'false', '0', ''].map(parseYesNo)).toEqual([false, false, false, false, false]);
    expect(parseYesNo('maybe')).toBeNull();
  });
});
