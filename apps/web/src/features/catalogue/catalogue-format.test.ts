import { describe, expect, it } from 'vitest';
import { catalogueTours } from '../../test/fixtures.ts';
import { bookingHref, fromPrice, placesLabel, speakerName } from './catalogue-format.ts';

const vienna = catalogueTours[0]!;

describe('catalogue formatting', () => {
  it("finds the lowest price in the chosen currency as the 'from' price", () => {
    expect(fromPrice(vienna, 'GBP')).toEqual({ value: 185_000, currency: 'GBP' });
    expect(fromPrice(vienna, 'AUD')).toEqual({ value: 355_000, currency: 'AUD' });
    expect(fromPrice({ ...vienna, departures: [] }, 'GBP')).toBeUndefined();
  });

  it('says how many places are left, or On request', () => {
    const departure = vienna.departures[1]!;
    expect(placesLabel(departure)).toBe('6 places left');
    expect(placesLabel({ ...departure, places_left: 1 })).toBe('1 place left');
    expect(placesLabel({ ...departure, available_to_book: false })).toBe('On request');
    expect(placesLabel({ ...departure, places_left: 0 })).toBe('On request');
  });

  it('builds the booking URL, adding the currency only when it is not GBP', () => {
    expect(bookingHref('VIE24', '2027-03-04', 'GBP')).toBe('/book?tour=VIE24&departure=2027-03-04');
    expect(bookingHref('VIE24', '2027-03-04', 'AUD')).toBe('/book?tour=VIE24&departure=2027-03-04&currency=AUD');
    expect(bookingHref('A&B 1', '2027-03-04', 'USD')).toBe('/book?tour=A%26B+1&departure=2027-03-04&currency=USD');
  });

  it('names a speaker by title, forename and surname', () => {
    expect(speakerName({ title: 'Dr', forename: 'Clara', surname: 'Weiss' })).toBe('Dr Clara Weiss');
    expect(speakerName({ title: '', forename: 'Jo', surname: 'Park' })).toBe('Jo Park');
  });
});
