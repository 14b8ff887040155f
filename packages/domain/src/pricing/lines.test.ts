import { describe, expect, it } from 'vitest';
import { prePaymentDetailsSchema, type PricedLine } from '../contracts/selections.ts';
import { linesTotal, priceBookingLines, priceLines, type BookingLine } from './lines.ts';

const tour = (unitPrice: number, quantity: number): BookingLine => ({ componentType: 'Tour', name: 'Vienna', unitPrice, quantity });
const option = (componentType: BookingLine['componentType'], name: string, unitPrice: number, quantity: number): BookingLine => ({
  componentType,
  name,
  unitPrice,
  quantity,
});
const promotion = (value: number): BookingLine => ({ componentType: 'PromotionalCode', name: 'Promotional code WELCOME100', unitPrice: value, quantity: 1 });

/** Two travellers on Vienna, as the seed prices it in GBP (worked out by hand). */
const vienna: BookingLine[] = [
  tour(189_500, 2),
  option('Flight', 'BA 702 London Heathrow (LHR) to Vienna (VIE)', 0, 2),
  option('Flight', 'OS 457 Salzburg (SZG) to London Heathrow (LHR)', 14_500, 2),
  option('Accommodation', 'Hotel Königshof: Double room', 4_500, 2),
  option('Accommodation', 'Gästehaus Mönchsberg: Double room', 0, 2),
  option('Extra', 'Private visit to the Spanish Riding School', 8_500, 1),
  option('AdditionalNight', 'Additional night', 12_000, 2),
];

const sum = (lines: readonly PricedLine[]) => lines.reduce((total, line) => total + line.amount, 0);

describe('priceBookingLines', () => {
  it('prices each line as its unit price times its quantity, in the order the review shows them', () => {
    const details = priceBookingLines(vienna, 'GBP', { brandChannel: 1, depositPercent: 15 });
    expect(details.lines.map((line) => [line.kind, line.label, line.quantity, line.unit_price, line.amount])).toEqual([
      ['tour', 'Vienna', 2, 189_500, 379_000],
      ['flight', 'BA 702 London Heathrow (LHR) to Vienna (VIE)', 2, 0, 0],
      ['flight', 'OS 457 Salzburg (SZG) to London Heathrow (LHR)', 2, 14_500, 29_000],
      ['extra', 'Private visit to the Spanish Riding School', 1, 8_500, 8_500],
      ['room', 'Hotel Königshof: Double room', 2, 4_500, 9_000],
      ['room', 'Gästehaus Mönchsberg: Double room', 2, 0, 0],
      ['additional_night', 'Additional night', 2, 12_000, 24_000],
    ]);
    // 2 x £1,895 + £290 + £85 + £90 + £240 = £4,495; 15% = £674.25.
    expect(details.total_price).toEqual({ currency_code: 'GBP', value: 449_500 });
    expect(details.deposit).toEqual({ currency_code: 'GBP', value: 67_425 });
    expect(details.breakdown).toEqual({
      price_per_person: 189_500,
      participants: 2,
      flights: 29_000,
      extras: 32_500,
      accommodation: 9_000,
      discount: 0,
    });
    expect(prePaymentDetailsSchema.parse(details)).toEqual(details);
  });

  it.each([
    ['two travellers with every kind of line', vienna],
    ['the same with a promotion', [...vienna, promotion(-10_000)]],
    ['a promotion larger than the booking', [tour(14_500, 1), promotion(-100_000_000)]],
    ['a promotion given before the lines it reduces', [promotion(-5_000), ...vienna]],
    ['two promotions, the second capped', [tour(1_000, 1), option('Extra', 'Programme', 250, 1), promotion(-1_000), promotion(-1_000)]],
    ['odd pence everywhere', [tour(33_333, 2), option('Extra', 'Tea', 1_001, 1), option('Flight', 'Flight', 7_777, 2), promotion(-1_234)]],
    ['a day trip: the tour alone', [tour(14_500, 2)]],
    ['no lines at all', []],
  ] as const)('adds up to the total exactly: %s', (_, lines) => {
    const details = priceBookingLines(lines, 'USD', { brandChannel: 1, depositPercent: 15 });
    expect(sum(details.lines)).toBe(details.total_price.value);
    expect(linesTotal(details.lines)).toBe(details.total_price.value);
    expect(details.total_price.value).toBeGreaterThanOrEqual(0);
    expect(details.lines.filter((line) => line.kind === 'promotion').every((line) => line.amount <= 0)).toBe(true);
    // The summary figures agree with the lines.
    const { breakdown } = details;
    expect(breakdown.price_per_person * breakdown.participants + breakdown.flights + breakdown.extras + breakdown.accommodation + breakdown.discount).toBe(
      details.total_price.value,
    );
  });

  it('shows a promotion as a negative line and takes the deposit from the total after it', () => {
    const details = priceBookingLines([...vienna, promotion(-10_000)], 'GBP', { brandChannel: 1, depositPercent: 15 });
    expect(details.lines.at(-1)).toEqual({ kind: 'promotion', label: 'Promotional code WELCOME100', quantity: 1, unit_price: -10_000, amount: -10_000 });
    expect(details.total_price.value).toBe(439_500);
    expect(details.deposit.value).toBe(65_925);
    expect(details.breakdown.discount).toBe(-10_000);
  });

  it('caps a promotion at what the booking costs, so the total stops at zero', () => {
    const details = priceBookingLines([tour(14_500, 1), promotion(-100_000_000)], 'GBP', { brandChannel: 8, depositPercent: 15 });
    expect(details.lines.map((line) => line.amount)).toEqual([14_500, -14_500]);
    expect(details.lines[1]!.unit_price).toBe(-14_500);
    expect(details.total_price.value).toBe(0);
    expect(details.deposit.value).toBe(0);
  });

  it('answers deposit 0 for tours that take none', () => {
    const details = priceBookingLines([tour(14_500, 2)], 'AUD', { brandChannel: 8, depositPercent: 15 });
    expect(details.total_price).toEqual({ currency_code: 'AUD', value: 29_000 });
    expect(details.deposit).toEqual({ currency_code: 'AUD', value: 0 });
    expect(details.deposit_percent).toBe(0);
  });

  it('takes the deposit at the percentage the booking was sold under (a departure\'s own)', () => {
    const details = priceBookingLines(vienna, 'GBP', { brandChannel: 1, depositPercent: 25 });
    // 25% of £4,495 = £1,123.75.
    expect(details.deposit).toEqual({ currency_code: 'GBP', value: 112_375 });
    expect(details.deposit_percent).toBe(25);
    expect(prePaymentDetailsSchema.parse(details)).toEqual(details);
  });

  it('has no negative zero on an empty booking with a promotion', () => {
    const [line] = priceLines([promotion(-10_000)]);
    expect(Object.is(line!.amount, 0)).toBe(true);
  });

  it('refuses fractional money, negative prices, positive promotions, bad quantities and a second tour line', () => {
    expect(() => priceLines([tour(10.5, 1)])).toThrow(RangeError);
    expect(() => priceLines([tour(1_000, 1.5)])).toThrow(RangeError);
    expect(() => priceLines([tour(1_000, -1)])).toThrow(RangeError);
    expect(() => priceLines([option('Extra', 'Refund', -100, 1)])).toThrow(RangeError);
    expect(() => priceLines([promotion(100)])).toThrow(RangeError);
    expect(() => priceLines([tour(1_000, 1), tour(1_000, 1)])).toThrow(RangeError);
  });
});
