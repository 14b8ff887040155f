import type { CatalogueTour } from '@tours/domain';
import { minor } from '@tours/domain';

export const catalogueTours: CatalogueTour[] = [
  {
    id: 1,
    code: 'VIE24',
    name: 'Vienna: Mozart and the Habsburgs',
    description: 'Five days of concerts and palaces.',
    brand_channel: 11,
    brand_channel_name: 'Music & History Weekends',
    speakers: [{ title: 'Dr', forename: 'Clara', surname: 'Weiss' }],
    departures: [
      {
        departure_id: 12,
        start_date: '2027-06-10',
        end_date: '2027-06-14',
        available_to_book: false,
        places_left: 0,
        prices: [
          { value: minor(199_000), currency: 'GBP' },
          { value: minor(249_000), currency: 'USD' },
        ],
      },
      {
        departure_id: 11,
        start_date: '2027-03-04',
        end_date: '2027-03-08',
        available_to_book: true,
        places_left: 6,
        prices: [
          { value: minor(185_000), currency: 'GBP' },
          { value: minor(235_000), currency: 'USD' },
          { value: minor(355_000), currency: 'AUD' },
        ],
      },
    ],
  },
  {
    id: 2,
    code: 'LD-KEW',
    name: 'A Day at Kew',
    description: 'Gardens and glasshouses with a botanist.',
    brand_channel: 8,
    brand_channel_name: 'London Days',
    speakers: [
      { title: 'Professor', forename: 'Alan', surname: 'Reed' },
      { title: 'Ms', forename: 'Jo', surname: 'Park' },
    ],
    departures: [
      {
        departure_id: 21,
        start_date: '2027-05-01',
        end_date: '2027-05-01',
        available_to_book: true,
        places_left: 1,
        prices: [
          { value: minor(9_500), currency: 'GBP' },
          { value: minor(12_000), currency: 'USD' },
          { value: minor(18_000), currency: 'AUD' },
        ],
      },
    ],
  },
];
