import { describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '../../catalogue/management.ts';
import { fieldErrors } from '../common.ts';
import { optionInputSchema } from './catalogue-options.ts';

const prices = { GBP: 0, USD: 0, AUD: 0 };
const flight = (departure_airport: string) => ({
  kind: 'flight',
  stock: 10,
  prices,
  closed: false,
  group: { name: 'Outbound', rate_option: 'Mandatory' },
  flight_number: 'BA 702',
  airline_name: 'British Airways',
  cabin_class_name: 'Economy',
  departure_airport,
  arrival_airport: 'Vienna (VIE)',
  departure_at: '2030-03-04T08:40:00Z',
  arrival_at: '2030-03-04T10:55:00Z',
});
const room = (extra: object = {}) => ({
  kind: 'room',
  name: 'Single room',
  stock: 4,
  occupancy_from: 1,
  occupancy_to: 1,
  prices,
  closed: false,
  hotel: { name: 'Hotel Königshof', city: 'Vienna' },
  room_type: 'Single',
  nights: 3,
  ...extra,
});

describe('a departure option as the console and the seed enter it', () => {
  it('takes an airport as its IATA code or as its name with the code in brackets, as the site shows it', () => {
    expect(optionInputSchema.parse(flight(' lhr '))).toMatchObject({ departure_airport: 'LHR', arrival_airport: 'Vienna (VIE)' });
    expect(optionInputSchema.parse(flight('London Heathrow (LHR)'))).toMatchObject({ departure_airport: 'London Heathrow (LHR)' });
    for (const wrong of ['LHRX', 'London Heathrow', 'London (lhr)', '(LHR)', 'London\u0000 (LHR)']) {
      const result = optionInputSchema.safeParse(flight(wrong));
      expect(result.success, wrong).toBe(false);
      expect(fieldErrors(result.error!)).toEqual({ departure_airport: CATALOGUE_MESSAGES.airport });
    }
  });

  it("gives a room's hotel a description and the reservations system's spelling of it, both empty unless said", () => {
    expect(optionInputSchema.parse(room())).toMatchObject({ hotel: { description: '' }, accommodation_name: '' });
    expect(optionInputSchema.parse(room({ hotel: { name: 'Hotel Königshof', city: 'Vienna', description: 'Near the Staatsoper.' }, accommodation_name: ' HOTEL KONIGSHOF ' }))).toMatchObject({
      hotel: { description: 'Near the Staatsoper.' },
      accommodation_name: 'HOTEL KONIGSHOF',
    });
  });
});
