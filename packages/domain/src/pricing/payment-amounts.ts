import { fromProviderAmount, minor, toProviderAmount, type MinorUnits } from '../money.ts';
import type { PrePaymentDetails } from '../contracts/selections.ts';

/**
 * What the customer may pay at review (spec section 4, Step 4 payment). The
 * same rules let the web offer the options and the API refuse any other amount.
 */

export const PAYMENT_OPTIONS = ['deposit', 'full'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

/**
 * What a card payment pays for, as the server files it: the booking flow's
 * deposit or full amount, or, in the account area, the outstanding balance or
 * a one-off amount towards it. An agent's confirmation has no payment at all.
 */
export const PAYMENT_PURPOSES = ['deposit', 'full', 'balance', 'one-off'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

type Totals = Pick<PrePaymentDetails, 'total_price' | 'deposit'>;

/**
 * The full amount: the grand total, which already has the promotion deducted
 * (its discount is a line of the total). Deducting the promotion again here
 * would charge less than the booking costs.
 */
export function fullAmount(details: Totals): MinorUnits {
  return minor(Math.max(details.total_price.value, 0));
}

/** The deposit is offered only when above 0, below the total, and no promotion is active. */
export function depositOffered(details: Totals, promotionActive: boolean): boolean {
  const deposit = details.deposit.value;
  return deposit > 0 && deposit !== details.total_price.value && !promotionActive;
}

export function paymentOptions(details: Totals, promotionActive: boolean): PaymentOption[] {
  return depositOffered(details, promotionActive) ? ['deposit', 'full'] : ['full'];
}

/** 'deposit' by default; 'full' when the deposit is 0 (spec section 4, Step 3). */
export function defaultPaymentOption(details: Totals): PaymentOption {
  return details.deposit.value > 0 ? 'deposit' : 'full';
}

/** The amount to charge; a deposit that is no longer offered falls back to the full amount. */
export function amountToPay(details: Totals, option: PaymentOption, promotionActive: boolean): MinorUnits {
  return option === 'deposit' && depositOffered(details, promotionActive) ? details.deposit.value : fullAmount(details);
}

/** The amount as the card provider takes it: two decimals, e.g. '187.50'. */
export function providerAmountFor(details: Totals, option: PaymentOption, promotionActive: boolean): string {
  return toProviderAmount(amountToPay(details, option, promotionActive));
}

/** The API's check of a payment token request: only the deposit on offer or the full amount may be charged. */
export function isPermittedAmount(amount: string, details: Totals, promotionActive: boolean): boolean {
  const value = fromProviderAmount(amount);
  if (value === null || value <= 0) return false;
  return paymentOptions(details, promotionActive).some((option) => amountToPay(details, option, promotionActive) === value);
}
