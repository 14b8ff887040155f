import { balanceDueDate, balanceDueDaysFor, priceBookingLines, type CurrencyCode, type DepositTerms, type PrePaymentDetails } from '@tours/domain';
import type { Database } from '../../db/client.ts';
import { listComponents } from './repository.ts';
import type { ComponentType } from './schema.ts';

export interface BookingTotals {
  /** The same figures the selections call answered, from the lines the booking is made of now. */
  details: PrePaymentDetails;
  /** A PromotionalCode line is on the booking (the deposit is then not offered). */
  promotionActive: boolean;
}

type Line = { componentType: ComponentType; name: string; unitPrice: number; quantity: number };

/**
 * Pre-payment details recomputed from the booking's priced lines with the
 * domain's rules (priceBookingLines: each line, and the total their sum).
 * The lines were written by the selections call from our own prices, and the
 * promotion line by the promotion call, so every later step (the payment
 * token, confirmation, the e-mail) charges exactly what the customer was
 * shown, never a figure the browser sent. The deposit is the percentage
 * the booking was sold under (its own deposit_percent), never the
 * departure's rule of today.
 */
export function totalsFromLines(lines: readonly Line[], currency: CurrencyCode, terms: DepositTerms): BookingTotals {
  const details = priceBookingLines(lines, currency, terms);
  return { details, promotionActive: lines.some((line) => line.componentType === 'PromotionalCode') };
}

/**
 * The figures as the booking flow is answered them: with the date the
 * balance falls due (`balanceDueDays`, the BALANCE_DUE_DAYS setting, before
 * the departure starts), so the review words the API's date and never works
 * one out with another number of days.
 */
export const withBalanceDue = <Details extends object>(
  details: Details,
  departure: { startDate: string; balanceDueDays: number | null },
  operatorDays: number,
): Details & { balance_due: string } => ({
  ...details,
  balance_due: balanceDueDate(departure.startDate, balanceDueDaysFor(departure.balanceDueDays, operatorDays)),
});

export async function bookingTotals(db: Database, bookingId: number, currency: CurrencyCode, terms: DepositTerms): Promise<BookingTotals> {
  return totalsFromLines(await listComponents(db, bookingId), currency, terms);
}
