import { showsDepositLine } from '../brand-channels.ts';
import { minor, type MinorUnits } from '../money.ts';

/**
 * The deposit rule, in one place. The operator's deposit is 15% of the grand
 * total (spec section 9). A departure may set its own where it differs
 * (issue 27: a hotel that wants more up front, a promotion with less), and
 * a booking keeps the percentage it was sold under, written on it when it is
 * made: a later change to the departure never moves a deposit already asked
 * for, paid or kept by a cancellation charge.
 */
export const DEPOSIT_PERCENT = 15;

/** The lowest and highest deposit a departure can set: 0 asks for full payment, 100 for all of it up front. */
export const DEPOSIT_PERCENT_RANGE = { min: 0, max: 100 } as const;

/** The percentage a new booking of a departure is sold under: the departure's own, or the operator's. */
export const depositPercentFor = (departurePercent: number | null | undefined): number => departurePercent ?? DEPOSIT_PERCENT;

/** How a booking was sold, as far as its deposit goes. */
export interface DepositTerms {
  /** Its tour's brand channel: day trips, online talks and concerts only take no deposit. */
  brandChannel: number;
  /** The percentage written on the booking when it was made (depositPercentFor its departure). */
  depositPercent: number;
}

/** The deposit percentage a booking asks for: its own, or 0 where its tour takes no deposit. */
export const depositPercentOf = (terms: DepositTerms): number => (showsDepositLine(terms.brandChannel) ? terms.depositPercent : 0);

/**
 * A whole percentage of an amount, rounded half up to a whole minor unit:
 * floor((amount * percent + 50) / 100). BigInt keeps it exact for every
 * safe integer; floating point would drift on large totals (and 0.15 itself
 * is inexact). Never negative.
 */
export function percentOf(amount: number, percent: number): MinorUnits {
  if (!Number.isInteger(percent) || percent < DEPOSIT_PERCENT_RANGE.min || percent > DEPOSIT_PERCENT_RANGE.max) {
    throw new RangeError(`A percentage is a whole number from 0 to 100, got ${percent}`);
  }
  const whole = minor(amount);
  if (whole <= 0 || percent === 0) return minor(0);
  return minor(Number((BigInt(whole) * BigInt(percent) + 50n) / 100n));
}

/**
 * The deposit of a total at a percentage (the operator's 15% unless given):
 * 3333 -> 499.95 -> 500; 3337 -> 500.55 -> 501.
 */
export const depositFor = (total: number, percent: number = DEPOSIT_PERCENT): MinorUnits => percentOf(total, percent);

/** The deposit line's detail on the review and in the summary: '15% of the total'. */
export const depositDetail = (percent: number): string => `${percent}% of the total`;
