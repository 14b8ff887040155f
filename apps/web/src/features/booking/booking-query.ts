import { isIsoDate } from '@tours/domain/dates';
import { currencyCodeSchema, normaliseCurrency, type CurrencyCode } from '@tours/domain/money';
import { z } from 'zod/mini';

/**
 * What /book was opened with: tour code, departure date and currency (spec
 * section 2, Booking view). It identifies the booking being made: a URL with
 * another tour, date or currency starts another booking.
 */
export interface BookingQuery {
  tour: string;
  departure: string;
  currency: CurrencyCode;
}

export const bookingQuerySchema = z.object({
  tour: z.string().check(z.minLength(1)),
  departure: z.string().check(z.refine(isIsoDate)),
  currency: currencyCodeSchema,
});

/** Null when tour or departure is missing or the date is not a real one; an unknown currency reads as GBP. */
export function readBookingQuery(params: URLSearchParams): BookingQuery | null {
  // Tour codes are upper case in the reservations system, which finds them in any case.
  const tour = params.get('tour')?.trim().toUpperCase() ?? '';
  const departure = params.get('departure')?.trim() ?? '';
  if (tour === '' || !isIsoDate(departure)) return null;
  return { tour, departure, currency: normaliseCurrency(params.get('currency')) };
}

export const sameBookingQuery = (a: BookingQuery | null | undefined, b: BookingQuery | null | undefined): boolean =>
  Boolean(a && b && a.tour === b.tour && a.departure === b.departure && a.currency === b.currency);

/** The canonical URL of a booking, as saved for 'Continue with your last booking'. */
export function bookingPath(query: BookingQuery): string {
  const search = new URLSearchParams({ tour: query.tour, departure: query.departure, currency: query.currency });
  return `/book?${search.toString()}`;
}

export const bookingQueryKey = (query: BookingQuery): string => `${query.tour}@${query.departure}@${query.currency}`;
