import { describe, expect, it } from 'vitest';
import { prePaymentDetailsSchema } from '../contracts/selections.ts';
import {
  allocationCost,
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
