import { minor, type MinorUnits } from '../money.ts';
import { VALIDATION } from '../messages.ts';

/**
 * A promotional code's value and the rules that decide whether a booking may
 * use it (issue 27). The API applies these when a visitor types a code and
 * again whenever the booking is priced; staff set them in the console.
 */

/** What a code takes off: a fixed amount in the booking's currency, or a percentage of what the booking costs. */
export type PromotionValue = { amount: number; percent?: null } | { amount?: null; percent: number };

/**
 * The discount, as a negative number of minor units, on a booking whose
 * lines before the promotion cost `subtotal`. Never more than the subtotal,
 * so the total never goes below zero. A percentage is computed here and
 * nowhere else, exactly (BigInt, no floating point), and rounded in the
 * customer's favour: the discount is rounded up to the whole minor unit, so
 * the price they pay is the exact price rounded down (10% of £123.45 takes
 * off £12.35, never £12.34).
 */
export function promotionDiscount(value: PromotionValue, subtotal: number): MinorUnits {
  const base = Math.max(minor(subtotal), 0);
  let off: number;
  if (value.percent !== undefined && value.percent !== null) {
    if (!Number.isInteger(value.percent) || value.percent < 1 || value.percent > 100) throw new RangeError(`A percentage is 1 to 100, got ${value.percent}`);
    off = Number((BigInt(base) * BigInt(value.percent) + 99n) / 100n);
  } else {
    const amount = value.amount ?? 0;
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`A promotion's amount is 0 or more minor units, got ${amount}`);
    off = amount;
  }
  // `|| 0` turns the -0 of nothing to take off into a plain 0.
  return minor(-Math.min(off, base) || 0);
}

/** What decides whether a booking may use a code, besides its dates, currency and being active (checked where it is found). */
export interface PromotionUseFacts {
  /** The tours it applies to by code; empty: every tour. */
  tourCodes: readonly string[];
  /** The booking's tour. */
  tourCode: string;
  /** At most this many bookings use it; null: no limit. */
  maxUses: number | null;
  /** Other bookings using it now (the booking itself not counted). */
  uses: number;
  maxUsesPerCustomer: number | null;
  /** Other bookings of the same customer using it now. */
  customerUses: number;
}

/**
 * Why a visitor may not use a code that exists and is valid today, in the
 * words they see under the code field; null when they may. The tour comes
 * first: a code for another tour says so whether or not it is used up.
 */
export function promotionRefusal(facts: PromotionUseFacts): string | null {
  const tour = facts.tourCode.trim().toUpperCase();
  if (facts.tourCodes.length > 0 && !facts.tourCodes.some((code) => code.toUpperCase() === tour)) return VALIDATION.promoNotForTour;
  if (facts.maxUses !== null && facts.uses >= facts.maxUses) return VALIDATION.promoUsedUp;
  if (facts.maxUsesPerCustomer !== null && facts.customerUses >= facts.maxUsesPerCustomer) return VALIDATION.promoUsedByCustomer;
  return null;
}
