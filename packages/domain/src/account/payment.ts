import { z } from 'zod/mini';
import { VALIDATION } from '../messages.ts';
import { fromProviderAmount, minor, type MinorUnits } from '../money.ts';
import { isSettled, type BookingStatus } from '../booking/statuses.ts';

/**
 * 'Make a payment' in the account area: the full balance, or a one-off amount
 * the customer types, never more than the balance.
 */

export const ACCOUNT_PAYMENT_OPTIONS = ['full', 'custom'] as const;
export type AccountPaymentOption = (typeof ACCOUNT_PAYMENT_OPTIONS)[number];

/** The one-off amount box, in major units as typed ('250' or '250.50'), checked against the balance. */
export const oneOffAmountSchema = (outstanding: number) =>
  z.pipe(
    z.string({ error: VALIDATION.valueRequired }).check(
      z.trim(),
      z.minLength(1, { message: VALIDATION.valueRequired, abort: true }),
      z.regex(/^\d+(\.\d+)?$/, { message: VALIDATION.valueNumeric, abort: true }),
      z.regex(/^\d+(\.\d{1,2})?$/, { message: VALIDATION.amountDecimals, abort: true }),
    ),
    z.transform((typed: string, ctx) => {
      // Only an absurdly long number fails to parse here, and it is certainly above the balance.
      const value = fromProviderAmount(typed) ?? Number.POSITIVE_INFINITY;
      if (value <= 0) ctx.issues.push({ code: 'custom', message: VALIDATION.amountPositive, input: typed });
      else if (value > outstanding) ctx.issues.push({ code: 'custom', message: VALIDATION.amountAboveBalance, input: typed });
      return Number.isFinite(value) ? minor(value) : minor(0);
    }),
  );

/** Minor units to charge; null while a one-off amount is missing or invalid. */
export function accountPaymentAmount(option: AccountPaymentOption, outstanding: number, typed = ''): MinorUnits | null {
  if (option === 'full') return outstanding > 0 ? minor(outstanding) : null;
  const parsed = oneOffAmountSchema(outstanding).safeParse(typed);
  return parsed.success ? parsed.data : null;
}

/** The API's check of an account payment request: above zero and within the balance. */
export const isPermittedBalancePayment = (amount: number, outstanding: number): boolean =>
  Number.isSafeInteger(amount) && amount > 0 && amount <= outstanding;

/** Outstanding balance: the total less the verified payments, never below zero (an overpayment is staff's to refund). */
export const outstandingBalance = (total: number, paid: number): MinorUnits => minor(Math.max(0, total - paid));

/**
 * What the customer still owes on a booking in the account area. Only a
 * settled booking (Confirmed or Optional, with its reference) takes balance
 * payments; a cancelled one, a quote still being booked or one staff are
 * following up owes nothing online, whatever its lines add up to.
 */
export const bookingOutstandingBalance = (booking: { status: BookingStatus; reference: string | null }, total: number, paid: number): MinorUnits =>
  isSettled(booking) ? outstandingBalance(total, paid) : minor(0);
