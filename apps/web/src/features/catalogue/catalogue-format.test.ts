import { describe, expect, it } from 'vitest';
import { bookableOnline, placesLabel, roomsLeftLabel } from '../../lib/departure-availability.ts';
import { catalogueTours, viennaDetail } from '../../test/fixtures.ts';
import { catalogueQuery, priceBandLabel, readFilters, writeFilters } from './catalogue-filters.ts';
import { bookingHref, formatMonth, fromPrice, speakerName, tourHref } from './catalogue-format.ts';

const vienna = catalogueTours[0]!;

describe('catalogue formatting', () => {
  it("reads the tour's lead price in the chosen currency as its 'from' price", () => {
    expect(fromPrice(vienna, 'GBP')).toEqual({ value: 185_000, currency: 'GBP' });
    expect(fromPrice(vienna, 'AUD')).toEqual({ value: 355_000, currency: 'AUD' });
    expect(fromPrice({ lead_prices: [] }, 'GBP')).toBeUndefined();
  });

  it('says how many places are left, or On request', () => {
    const departure = vienna.departures[0]!;
    expect(placesLabel(departure)).toBe('6 places left');
    expect(placesLabel({ ...departure, places_left: 1 })).toBe('1 place left');
    expect(placesLabel({ ...departure, available_to_book: false })).toBe('On request');
    expect(placesLabel({ ...departure, places_left: 0 })).toBe('On request');
  });

  it('words room types and what is left of them, and treats a departure with every room gone as not bookable', () => {
    const [single, double] = viennaDetail.departures[0]!.room_types;
    expect(roomsLeftLabel(single!)).toBe('2 rooms left');
    expect(roomsLeftLabel({ ...single!, rooms_left: 1 })).toBe('1 room left');
    expect(roomsLeftLabel(double!)).toBe('sold out');
    const departure = viennaDetail.departures[0]!;
    expect(bookableOnline(departure)).toBe(true);
    expect(bookableOnline({ ...departure, room_types: departure.room_types.map((room) => ({ ...room, rooms_left: 0 })) })).toBe(false);
    expect(bookableOnline({ ...departure, places_left: 0 })).toBe(false);
  });

  it('builds the booking and tour URLs, adding the currency only when it is not GBP', () => {
    expect(bookingHref('VIE24', '2027-03-04', 'GBP')).toBe('/book?tour=VIE24&departure=2027-03-04');
    expect(bookingHref('VIE24', '2027-03-04', 'AUD')).toBe('/book?tour=VIE24&departure=2027-03-04&currency=AUD');
    expect(bookingHref('A&B 1', '2027-03-04', 'USD')).toBe('/book?tour=A%26B+1&departure=2027-03-04&currency=USD');
    expect(tourHref('MHW-VIE', 'GBP')).toBe('/tours/MHW-VIE');
    expect(tourHref('MHW-VIE', 'USD')).toBe('/tours/MHW-VIE?currency=USD');
  });

  it('names a speaker by title, forename and surname, and a month in words', () => {
    expect(speakerName({ title: 'Dr', forename: 'Clara', surname: 'Weiss' })).toBe('Dr Clara Weiss');
    expect(speakerName({ title: '', forename: 'Jo', surname: 'Park' })).toBe('Jo Park');
    expect(formatMonth('2027-03')).toBe('March 2027');
    expect(formatMonth('2027-12')).toBe('December 2027');
  });
});

describe('catalogue filters in the URL', () => {
  it('reads known filters and ignores anything else', () => {
    expect(readFilters(new URLSearchParams('month=2027-03&kind=day_trip&price=250-1000&q=%20Mozart%20&currency=USD'))).toEqual({
      month: '2027-03',
      kind: 'day_trip',
      price: '250-1000',
      q: 'Mozart',
    });
    expect(readFilters(new URLSearchParams('month=2027-13&kind=cruise&price=cheap&q=%20'))).toEqual({});
  });

  it('writes filters over the URL, keeping the currency', () => {
    const next = writeFilters(new URLSearchParams('currency=USD&kind=tour'), { month: '2027-05', q: 'Bach' });
    expect(next.toString()).toBe('currency=USD&month=2027-05&q=Bach');
  });

  it('asks the API in minor units of the chosen currency, and leaves the currency out without a price band', () => {
    expect(catalogueQuery({ kind: 'tour', month: '2027-03' }, 'USD')).toEqual({ kind: 'tour', month: '2027-03' });
    expect(catalogueQuery({ price: '250-1000' }, 'AUD')).toEqual({ currency: 'AUD', price_min: 25_001, price_max: 100_000 });
    expect(catalogueQuery({ price: 'up-to-250' }, 'GBP')).toEqual({ currency: 'GBP', price_max: 25_000 });
    expect(catalogueQuery({ price: 'over-3000', q: 'Wagner' }, 'GBP')).toEqual({ q: 'Wagner', currency: 'GBP', price_min: 300_001 });
  });

  it('labels price bands in the chosen currency', () => {
    expect(priceBandLabel('up-to-250', 'GBP')).toBe('Up to £250');
    expect(priceBandLabel('1000-3000', 'USD')).toBe('$1,000 to $3,000');
    expect(priceBandLabel('over-3000', 'AUD')).toBe('Over $3,000');
  });
});
