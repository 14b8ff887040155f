import type { CatalogueDeparture, CatalogueTour, TourDetail, TourPicture } from '@tours/domain/contracts/catalogue';
import { minor } from '@tours/domain/money';

const picture = (stem: string, alt: string): TourPicture => ({
  alt,
  width: 1440,
  height: 960,
  variants: (['avif', 'webp'] as const).flatMap((format) =>
    [480, 960, 1440].map((width) => ({ format, width, url: `/api/media/tours/${stem}-${width}.${format}` })),
  ),
});

const viennaMarch: CatalogueDeparture = {
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
};
const viennaJune: CatalogueDeparture = {
  departure_id: 12,
  start_date: '2027-06-10',
  end_date: '2027-06-14',
  available_to_book: false,
  places_left: 0,
  prices: [
    { value: minor(199_000), currency: 'GBP' },
    { value: minor(249_000), currency: 'USD' },
  ],
};
const kewMay: CatalogueDeparture = {
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
};

/** GET /api/tours as the API answers it: soonest next departure first. */
export const catalogueTours: CatalogueTour[] = [
  {
    id: 1,
    code: 'VIE24',
    name: 'Vienna: Mozart and the Habsburgs',
    description: 'Five days of concerts and palaces.',
    brand_channel: 11,
    brand_channel_name: 'Music & History Weekends',
    kind: 'tour',
    speakers: [{ title: 'Dr', forename: 'Clara', surname: 'Weiss' }],
    picture: picture('vie.abc', 'Drawing of Vienna at dusk.'),
    departures: [viennaMarch, viennaJune],
    next_departure: viennaMarch,
    lead_prices: [
      { value: minor(185_000), currency: 'GBP' },
      { value: minor(235_000), currency: 'USD' },
      { value: minor(355_000), currency: 'AUD' },
    ],
  },
  {
    id: 2,
    code: 'LD-KEW',
    name: 'A Day at Kew',
    description: 'Gardens and glasshouses with a botanist.',
    brand_channel: 8,
    brand_channel_name: 'London Days',
    kind: 'day_trip',
    speakers: [
      { title: 'Professor', forename: 'Alan', surname: 'Reed' },
      { title: 'Ms', forename: 'Jo', surname: 'Park' },
    ],
    picture: null,
    departures: [kewMay],
    next_departure: kewMay,
    lead_prices: kewMay.prices,
  },
];

export const catalogueMonths = ['2027-03', '2027-05', '2027-06'];

/** GET /api/tours answered with the two tours above. */
export const catalogueAnswer = (items: CatalogueTour[] = catalogueTours, months = catalogueMonths) => ({ data: { items, months } });

/** GET /api/tours/VIE24. */
export const viennaDetail: TourDetail = {
  id: 1,
  code: 'VIE24',
  name: 'Vienna: Mozart and the Habsburgs',
  description: 'Five days of concerts and palaces.',
  brand_channel: 11,
  brand_channel_name: 'Music & History Weekends',
  kind: 'tour',
  summary: 'Mozart in the city of the Habsburgs, with a concert every evening.',
  pictures: [picture('vie.abc', 'Drawing of Vienna at dusk.'), picture('hall.def', 'Drawing of a gilded concert hall.')],
  itinerary: [
    { day: 1, title: 'London to Vienna', description: 'Morning flight; welcome dinner.' },
    { day: 2, title: 'The Hofburg', description: 'The Treasury and a concert.' },
  ],
  included: ['Four nights with breakfast', 'Tickets for two concerts'],
  hotels: [{ name: 'Hotel Königshof', city: 'Vienna', description: 'Two streets from the Staatsoper.' }],
  speakers: [{ title: 'Dr', forename: 'Clara', surname: 'Weiss', biography: 'Music historian.' }],
  departures: [
    {
      ...viennaMarch,
      booking_mode: 'optional',
      room_types: [
        { type: 'Single', occupancy: { from: 1, to: 1 }, rooms_left: 2 },
        { type: 'Double', occupancy: { from: 2, to: 2 }, rooms_left: 0 },
      ],
    },
    { ...viennaJune, booking_mode: 'confirmable', room_types: [] },
  ],
  next_departure: viennaMarch,
  lead_prices: catalogueTours[0]!.lead_prices,
};
