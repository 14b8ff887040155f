import { formatShortDate, formatTimeAndDate } from '@tours/domain/dates';
import { formatAmount, type CurrencyCode } from '@tours/domain/money';

/**
 * How the bookings pages write money and time. Money is exact, to the penny
 * ('£1,895.00'), from the API's integer minor units with the domain's
 * formatter: staff reconcile these figures with bank statements and the
 * cancellation schedule, so nothing is rounded to whole pounds.
 */
export const money = (amount: { value: number; currency: CurrencyCode }): string => formatAmount(amount.value, amount.currency, { pence: 'always' });

/** '04 Mar 2027' for a calendar date ('YYYY-MM-DD'). */
export const day = (iso: string | null): string => (iso ? formatShortDate(iso) : '');

/** '04 Mar 2027': the day of an instant, in the member's own time zone. */
export const dateOf = (iso: string): string => formatShortDate(new Date(iso));

/** '09:30 - 4 Mar 2027' in the member's own time zone, for an instant. */
export const moment = (iso: string | null): string => (iso ? formatTimeAndDate(new Date(iso)) : '');
