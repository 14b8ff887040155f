import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages.ts';
import { priceLines } from './lines.ts';
import { promotionDiscount, promotionRefusal } from './promotions.ts';

describe('promotionDiscount', () => {
  it('takes an amount off, never more than the booking costs', () => {
    expect(promotionDiscount({ amount: 10_000 }, 350_000)).toBe(-10_000);
    expect(promotionDiscount({ amount: 10_000 }, 4_000)).toBe(-4_000);
    expect(promotionDiscount({ amount: 10_000 }, 0)).toBe(0);
    expect(Object.is(promotionDiscount({ amount: 0 }, 100), 0)).toBe(true);
  });

  it('takes a percentage off exactly, rounded in the customer’s favour (the discount up to the minor unit)', () => {
    expect(promotionDiscount({ percent: 10 }, 12_345)).toBe(-1_235);
    expect(promotionDiscount({ percent: 10 }, 12_340)).toBe(-1_234);
    expect(promotionDiscount({ percent: 33 }, 1)).toBe(-1);
    expect(promotionDiscount({ percent: 100 }, 403_500)).toBe(-403_500);
    // Exact for the largest totals: no floating point on the way.
    expect(promotionDiscount({ percent: 15 }, Number.MAX_SAFE_INTEGER)).toBe(-Number((BigInt(Number.MAX_SAFE_INTEGER) * 15n + 99n) / 100n));
  });

  it('refuses a percentage outside 1 to 100', () => {
    expect(() => promotionDiscount({ percent: 0 }, 100)).toThrow(RangeError);
    expect(() => promotionDiscount({ percent: 101 }, 100)).toThrow(RangeError);
    expect(() => promotionDiscount({ percent: 12.5 }, 100)).toThrow(RangeError);
  });

  it('is what a percentage line comes to when the lines are priced', () => {
    const lines = priceLines([
      { componentType: 'Tour', name: 'Sicily', unitPrice: 349_500, quantity: 1 },
      { componentType: 'Accommodation', name: 'Single', unitPrice: 54_005, quantity: 1 },
      { componentType: 'PromotionalCode', name: 'Promotional code TEN', unitPrice: -1, quantity: 1, percentOff: 10 },
    ]);
    expect(lines.at(-1)).toMatchObject({ kind: 'promotion', amount: -40_351, unit_price: -40_351 });
  });
});

describe('promotionRefusal', () => {
  const facts = { tourCodes: [], tourCode: 'TSG-SIC', maxUses: null, uses: 0, maxUsesPerCustomer: null, customerUses: 0 };
  it('lets a booking use a code for its tour within the limits', () => {
    expect(promotionRefusal(facts)).toBeNull();
    expect(promotionRefusal({ ...facts, tourCodes: ['TSG-SIC'], maxUses: 2, uses: 1, maxUsesPerCustomer: 1 })).toBeNull();
  });
  it('says why not: another tour first, then used up, then used by this customer', () => {
    expect(promotionRefusal({ ...facts, tourCodes: ['MHW-VIE'], maxUses: 1, uses: 1 })).toBe(VALIDATION.promoNotForTour);
    expect(promotionRefusal({ ...facts, maxUses: 1, uses: 1, maxUsesPerCustomer: 1, customerUses: 1 })).toBe(VALIDATION.promoUsedUp);
    expect(promotionRefusal({ ...facts, maxUsesPerCustomer: 1, customerUses: 1 })).toBe(VALIDATION.promoUsedByCustomer);
  });
});
