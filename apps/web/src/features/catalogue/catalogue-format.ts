import type { CatalogueDeparture, CatalogueTour, CurrencyCode, Money, Speaker } from '@tours/domain';
import { DEFAULT_CURRENCY } from '@tours/domain';

export const ON_REQUEST = 'On request';

export function priceIn(departure: CatalogueDeparture, currency: CurrencyCode): Money | undefined {
  return departure.prices.find((price) => price.currency === currency);
}

/** The lowest per-person price of any departure in the chosen currency: the tour's 'from' price. */
export function fromPrice(tour: CatalogueTour, currency: CurrencyCode): Money | undefined {
  let lowest: Money | undefined;
  for (const departure of tour.departures) {
    const price = priceIn(departure, currency);
    if (price && (!lowest || price.value < lowest.value)) lowest = price;
  }
  return lowest;
}

export function placesLabel(departure: CatalogueDeparture): string {
  if (!departure.available_to_book || departure.places_left <= 0) return ON_REQUEST;
  return departure.places_left === 1 ? '1 place left' : `${departure.places_left} places left`;
}

/** The booking flow's entry URL (spec section 2, Booking view); GBP is the default, so it is left out. */
export function bookingHref(tourCode: string, departureDate: string, currency: CurrencyCode): string {
  const search = new URLSearchParams({ tour: tourCode, departure: departureDate });
  if (currency !== DEFAULT_CURRENCY) search.set('currency', currency);
  return `/book?${search.toString()}`;
}

export const speakerName = (speaker: Speaker): string =>
  [speaker.title, speaker.forename, speaker.surname].map((part) => part.trim()).filter(Boolean).join(' ');

export function byStartDate(a: CatalogueDeparture, b: CatalogueDeparture): number {
  return a.start_date.localeCompare(b.start_date);
}
