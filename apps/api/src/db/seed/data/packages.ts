import { HOTELS } from './hotels.ts';
import { INCLUDED, prices, type HotelSeed, type HotelStaySeed, type PackageSeed, type Prices, type RoomSeed } from './types.ts';

/** Single, double and twin rooms at a hotel, the single at a supplement. */
function standardRooms(single: Prices, double: Prices = INCLUDED, inventory = { single: 4, double: 6, twin: 6 }): RoomSeed[] {
  return [
    { name: 'Single room', type: 'Single', occupancy: [1, 1], inventory: inventory.single, price: single },
    { name: 'Double room', type: 'Double', occupancy: [2, 2], inventory: inventory.double, price: double },
    { name: 'Twin room', type: 'Twin', occupancy: [2, 2], inventory: inventory.twin, price: INCLUDED },
  ];
}

function stay(hotel: HotelSeed, nights: number, rooms: RoomSeed[], optionAccommodationName = hotel.name): HotelStaySeed {
  return { hotel, nights, optionAccommodationName, rooms };
}

/** A tour with nothing but a hotel: no flights, extras or additional nights. */
export function roomsOnly(hotel: HotelSeed, nights: number, single: Prices, optionAccommodationName?: string): PackageSeed {
  return { flightGroups: [], stays: [stay(hotel, nights, standardRooms(single), optionAccommodationName)], extras: [], additionalNights: [] };
}

/** The same package with every room sold out, for the 'no rooms' availability path. */
export function withoutRooms(pkg: PackageSeed): PackageSeed {
  return { ...pkg, stays: pkg.stays.map((s) => ({ ...s, rooms: s.rooms.map((room) => ({ ...room, inventory: 0 })) })) };
}

/**
 * Vienna exercises every option path: a mandatory flight, an optional group
 * with one sold-out flight, a priced and a free extra, two hotels spelt
 * differently on their room options, and additional nights for one and two.
 */
export const VIENNA: PackageSeed = {
  flightGroups: [
    {
      name: 'Outbound group flight',
      rateOption: 'Mandatory',
      flights: [
        {
          flightNumber: 'BA 702',
          airlineName: 'British Airways',
          cabinClassName: 'Economy',
          departureAirport: 'London Heathrow (LHR)',
          arrivalAirport: 'Vienna (VIE)',
          day: 0,
          departs: '08:40',
          arrives: '10:55',
          inventory: 24,
          price: INCLUDED,
        },
      ],
    },
    {
      name: 'Return flight from Salzburg',
      rateOption: 'Optional',
      flights: [
        {
          flightNumber: 'OS 457',
          airlineName: 'Austrian Airlines',
          cabinClassName: 'Economy',
          departureAirport: 'Salzburg (SZG)',
          arrivalAirport: 'London Heathrow (LHR)',
          day: 'last',
          departs: '15:10',
          arrives: '17:20',
          inventory: 20,
          price: prices(145, 185, 280),
        },
        {
          flightNumber: 'BA 2605',
          airlineName: 'British Airways',
          cabinClassName: 'Club Europe',
          departureAirport: 'Salzburg (SZG)',
          arrivalAirport: 'London Gatwick (LGW)',
          day: 'last',
          departs: '17:45',
          arrives: '19:00',
          inventory: 6,
          price: prices(395, 510, 760),
        },
        {
          flightNumber: 'EW 7462',
          airlineName: 'Eurowings',
          cabinClassName: 'Economy',
          departureAirport: 'Salzburg (SZG)',
          arrivalAirport: 'London Stansted (STN)',
          day: 'last',
          departs: '12:20',
          arrives: '13:35',
          inventory: 0,
          price: prices(95, 120, 185),
        },
      ],
    },
  ],
  stays: [
    stay(HOTELS.konigshof, 3, standardRooms(prices(360, 465, 700), prices(45, 60, 90), { single: 4, double: 8, twin: 8 }), 'HOTEL KONIGSHOF'),
    stay(HOTELS.monchsberg, 2, standardRooms(prices(240, 310, 465)), 'gastehaus monchsberg'),
  ],
  extras: [
    {
      name: 'Private visit to the Spanish Riding School',
      description: 'A morning rehearsal and a guided tour of the stables.',
      occupancy: [1, 1],
      inventory: 20,
      price: prices(85, 110, 165),
    },
    {
      name: 'Welcome drinks at the Mozarthaus',
      description: 'A glass of Sekt with the lecturers on the first evening.',
      occupancy: [1, 1],
      inventory: 40,
      price: INCLUDED,
    },
  ],
  additionalNights: [
    {
      name: 'Additional night',
      description: 'An extra night at Gästehaus Mönchsberg after the tour, in a single room.',
      occupancy: [1, 1],
      nights: 1,
      inventory: 6,
      price: prices(165, 215, 320),
    },
    {
      name: 'Additional night',
      description: 'An extra night at Gästehaus Mönchsberg after the tour, sharing a double or twin room.',
      occupancy: [2, 2],
      nights: 1,
      inventory: 6,
      price: prices(120, 155, 230),
    },
  ],
};

/** Sicily: a choice of flights and rooms, with no extras and no additional nights. */
export const SICILY: PackageSeed = {
  flightGroups: [
    {
      name: 'Return flights London Gatwick – Catania',
      rateOption: 'Optional',
      flights: [
        {
          flightNumber: 'BA 2590',
          airlineName: 'British Airways',
          cabinClassName: 'Economy',
          departureAirport: 'London Gatwick (LGW)',
          arrivalAirport: 'Catania (CTA)',
          day: 0,
          departs: '07:15',
          arrives: '11:05',
          inventory: 14,
          price: INCLUDED,
        },
        {
          flightNumber: 'BA 2590',
          airlineName: 'British Airways',
          cabinClassName: 'Club Europe',
          departureAirport: 'London Gatwick (LGW)',
          arrivalAirport: 'Catania (CTA)',
          day: 0,
          departs: '07:15',
          arrives: '11:05',
          inventory: 4,
          price: prices(420, 540, 815),
        },
      ],
    },
  ],
  stays: [stay(HOTELS.aretusa, 8, standardRooms(prices(540, 695, 1050)))],
  extras: [],
  additionalNights: [],
};

export const BAYREUTH: PackageSeed = {
  flightGroups: [
    {
      name: 'Group flights',
      rateOption: 'Mandatory',
      flights: [
        {
          flightNumber: 'LH 2471',
          airlineName: 'Lufthansa',
          cabinClassName: 'Economy',
          departureAirport: 'London Heathrow (LHR)',
          arrivalAirport: 'Nuremberg (NUE)',
          day: 0,
          departs: '09:05',
          arrives: '11:40',
          inventory: 20,
          price: INCLUDED,
        },
      ],
    },
  ],
  stays: [stay(HOTELS.goldenerAnker, 5, standardRooms(prices(480, 620, 930)))],
  extras: [
    {
      name: 'Festival programme book',
      description: 'The Festspielhaus programme for each opera, waiting in your room.',
      occupancy: [1, 1],
      inventory: 20,
      price: prices(25, 32, 48),
    },
  ],
  additionalNights: [],
};
