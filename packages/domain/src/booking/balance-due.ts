import { formatShortDate } from '../dates.ts';
import { formatAmount, type CurrencyCode } from '../money.ts';
import { DETAILS_REQUIRED_DAYS, operatorDate } from './departure-rules.ts';

/**
 * When the balance of a booking paid by deposit falls due, and the one way the
 * site says it. The API works the date out (its number of days is a setting,
 * BALANCE_DUE_DAYS in apps/api/src/config/balances.ts) and sends it with the
 * figures, the booking and the account's bookings; the review, the e-mail,
 * the PDFs and the account all word it with balanceDueSentence or
 * balanceDuePhrase, so the visitor reads the same date in the same words
 * everywhere.
 */

/**
 * The default number of days before departure the balance falls due: with
 * the travel details, 3 months / 90 days before (spec section 9), as the
 * specification's `balance_due` implies. The API's setting overrides it.
 */
export const BALANCE_DUE_DAYS = DETAILS_REQUIRED_DAYS;

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' the balance of a departure starting on `departureStartDate` ('YYYY-MM-DD') falls due: `days` calendar days before. */
export function balanceDueDate(departureStartDate: string, days: number): string {
  return new Date(Date.parse(`${departureStartDate.slice(0, 10)}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/** The days that apply to a departure: its own rule where it has one (set in the staff console), else the operator's setting. */
export const balanceDueDaysFor = (departureDays: number | null | undefined, operatorDays: number): number => departureDays ?? operatorDays;

/** When the words are said: an instant, or the operator's calendar date 'YYYY-MM-DD' (a booking's confirmation day). */
export type SaidOn = Date | string;

const operatorDay = (on: SaidOn): string => (typeof on === 'string' ? on.slice(0, 10) : operatorDate(on));

/** Whether the due date has come (the operator's today or earlier): a departure within the period owes its balance now. */
export const isBalanceDueNow = (dueDate: string, on: SaidOn = new Date()): boolean => dueDate <= operatorDay(on);

/** 'due by 04 Mar 2027', or 'due now' once that date has come. */
export function balanceDuePhrase(dueDate: string, on: SaidOn = new Date()): string {
  return isBalanceDueNow(dueDate, on) ? 'due now' : `due by ${formatShortDate(dueDate)}`;
}

/**
 * 'The balance of £3,689 is due by 04 Mar 2027.', or '… is due now.' once that date has come.
 * `pence`: as formatAmount's (the e-mail, a record of what is owed, writes every amount to the penny).
 */
export function balanceDueSentence(
  balance: number,
  currency: CurrencyCode,
  dueDate: string,
  on: SaidOn = new Date(),
  options: { pence?: 'when-any' | 'always' } = {},
): string {
  return `The balance of ${formatAmount(balance, currency, options)} is ${balanceDuePhrase(dueDate, on)}.`;
}
