import { describe, expect, it } from 'vitest';
import { prePaymentDetailsSchema } from '../contracts/selections.ts';
import {
  allocationCost,
  depositFor,
  grandTotal,
  priceBreakdown,
  pricedAllocations,
  sumCosts,
  type PriceInput,
} from './totals.ts';

const twoTravellers: PriceInput = {
  pricePerPerson: 325_000,
  participants: 2,
  flights: [{ adultPrice: 45_000, passengerCount: 2 }],
  extras: [
    { adultPrice: 9_500, passengerCount: 1 },
    { adultPrice: 0, passengerCount: 2 },
  ],
  accommodation: [{ adultPrice: 30_000, passengerCount: 2 }],
};

describe('allocation costs', () => {
  it('is the adult price times the passengers allocated', () => {
    expect(allocationCost({ adultPrice: 9_500, passengerCount: 2 })).toBe(19_000);
    expect(allocationCost({ adultPrice: 9_500, passengerCount: 0 })).toBe(0);
    expect(sumCosts([])).toBe(0);
    expect(sumCosts(twoTravellers.extras)).toBe(9_500);
  });

  it('prices allocations through a lookup', () => {
    const prices: Record<number, number> = { 7: 1_000, 8: 250 };
    expect(
      pricedAllocations(
        [
          { component_id: 7, passenger_ids: [1, 2] },
          { component_id: 8, passenger_ids: [2] },
        ],
        (id) => prices[id] ?? 0,
      ),
    ).toEqual([
      { adultPrice: 1_000, passengerCount: 2 },
      { adultPrice: 250, passengerCount: 1 },
    ]);
  });
});

describe('grand total', () => {
  it('adds price per person x participants, flights, extras and rooms', () => {
    const breakdown = priceBreakdown(twoTravellers);
    expect(breakdown).toEqual({
      price_per_person: 325_000,
      participants: 2,
      flights: 90_000,
      extras: 9_500,
      accommodation: 60_000,
      discount: 0,
    });
    expect(grandTotal(breakdown)).toBe(650_000 + 90_000 + 9_500 + 60_000);
  });

  it('adds the (negative) discount', () => {
    const breakdown = priceBreakdown({ ...twoTravellers, discount: -20_000 });
    expect(breakdown.discount).toBe(-20_000);
    expect(grandTotal(breakdown)).toBe(789_500);
  });

  it('caps a discount larger than the booking so the total stops at zero', () => {
    const breakdown = priceBreakdown({ pricePerPerson: 1_000, participants: 1, flights: [], extras: [], accommodation: [], discount: -5_000 });
    expect(breakdown.discount).toBe(-1_000);
    expect(grandTotal(breakdown)).toBe(0);
  });

  it('is zero for an empty booking, without a negative zero', () => {
    const breakdown = priceBreakdown({ pricePerPerson: 0, participants: 1, flights: [], extras: [], accommodation: [] });
    expect(Object.is(breakdown.discount, 0)).toBe(true);
    expect(grandTotal(breakdown)).toBe(0);
  });

  it('refuses a positive discount, fractional money and fractional participants', () => {
    expect(() => priceBreakdown({ ...twoTravellers, discount: 100 })).toThrow(RangeError);
    expect(() => priceBreakdown({ ...twoTravellers, pricePerPerson: 10.5 })).toThrow(RangeError);
    expect(() => priceBreakdown({ ...twoTravellers, participants: 1.5 })).toThrow(RangeError);
    expect(() => priceBreakdown({ ...twoTravellers, flights: [{ adultPrice: 0.1, passengerCount: 1 }] })).toThrow(RangeError);
  });
});

describe('depositFor', () => {
  it('is 15% rounded half up to a whole minor unit', () => {
    expect(depositFor(3_333)).toBe(500); // 499.95
    expect(depositFor(3_334)).toBe(500); // 500.10
    expect(depositFor(3_337)).toBe(501); // 500.55
    expect(depositFor(10_000)).toBe(1_500);
    expect(depositFor(789_500)).toBe(118_425);
  });

  it('rounds exact halves up and below-half down on odd cents', () => {
    expect(depositFor(10)).toBe(2); // 1.5
    expect(depositFor(30)).toBe(5); // 4.5
    expect(depositFor(3)).toBe(0); // 0.45
    expect(depositFor(4)).toBe(1); // 0.6
    expect(depositFor(1)).toBe(0); // 0.15
    expect(depositFor(99_999)).toBe(15_000); // 14999.85
  });

  it('stays exact for totals where floating point would drift', () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(depositFor(max)).toBe(Number((BigInt(max) * 15n + 50n) / 100n));
    expect(depositFor(123_456_789_012)).toBe(18_518_518_352); // 18518518351.8
  });

  it('is zero for a zero total and never negative', () => {
    expect(depositFor(0)).toBe(0);
    expect(depositFor(-5_000)).toBe(0);
  });

  it('refuses fractional totals', () => {
    expect(() => depositFor(100.5)).toThrow(RangeError);
  });
});

describe('prePaymentDetailsSchema', () => {
  const breakdown = { price_per_person: 100, participants: 1, flights: 0, extras: 0, accommodation: 0, discount: 0 };

  it("reads the 'XXX' currency as GBP and nothing else", () => {
    const details = prePaymentDetailsSchema.parse({
      total_price: { currency_code: 'XXX', value: 100 },
      deposit: { currency_code: 'XXX', value: 15 },
      breakdown,
    });
    expect(details.total_price.currency_code).toBe('GBP');
    expect(details.deposit.currency_code).toBe('GBP');
    const euro = { total_price: { currency_code: 'EUR', value: 100 }, deposit: { currency_code: 'EUR', value: 15 }, breakdown };
    expect(prePaymentDetailsSchema.safeParse(euro).success).toBe(false);
  });

  it('refuses a positive discount line', () => {
    const details = { total_price: { currency_code: 'GBP', value: 100 }, deposit: { currency_code: 'GBP', value: 15 } };
    expect(prePaymentDetailsSchema.safeParse({ ...details, breakdown: { ...breakdown, discount: 5 } }).success).toBe(false);
  });
});
