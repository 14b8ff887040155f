import type { CatalogueTour, Speaker } from '@tours/domain/contracts/catalogue';
import { DEFAULT_CURRENCY, type CurrencyCode, type Money } from '@tours/domain/money';
import { formatPersonName } from '@tours/domain/people';

export function priceIn(departure: { prices: Money[] }, currency: CurrencyCode): Money | undefined {
  return departure.prices.find((price) => price.currency === currency);
}

/** The lowest per-person price of the tour's listed departures in the chosen currency: its 'from' price. */
export function fromPrice(tour: Pick<CatalogueTour, 'lead_prices'>, currency: CurrencyCode): Money | undefined {
  return tour.lead_prices.find((price) => price.currency === currency);
}

/** The booking flow's entry URL (spec section 2, Booking view); GBP is the default, so it is left out. */
export function bookingHref(tourCode: string, departureDate: string, currency: CurrencyCode): string {
  const search = new URLSearchParams({ tour: tourCode, departure: departureDate });
  if (currency !== DEFAULT_CURRENCY) search.set('currency', currency);
  return `/book?${search.toString()}`;
}

/** A tour's page, keeping the chosen currency. */
export function tourHref(tourCode: string, currency: CurrencyCode): string {
  const path = `/tours/${encodeURIComponent(tourCode)}`;
  return currency === DEFAULT_CURRENCY ? path : `${path}?currency=${currency}`;
}

export const speakerName = (speaker: Speaker): string => formatPersonName(speaker);

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2027-03' as 'March 2027'. */
export function formatMonth(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return monthFormat.format(new Date(Date.UTC(year, index - 1, 1)));
}
