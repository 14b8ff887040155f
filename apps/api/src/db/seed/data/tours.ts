import { BrandChannel } from '@tours/domain';
import { HOTELS } from './hotels.ts';
import { BAYREUTH, SICILY, VIENNA, roomsOnly, withoutRooms } from './packages.ts';
import { prices, type TourSeed } from './types.ts';

/**
 * The demo catalogue. Departure dates are days from the day of seeding, so
 * bookable departures are always ahead; each tour exercises a path of the spec.
 */
export const TOURS: TourSeed[] = [
  {
    code: 'MHW-VIE',
    name: 'Vienna: Mozart and the Habsburgs',
    description: 'Five nights in Vienna and Salzburg following Mozart through the palaces, churches and concert halls of the Habsburg court.',
    brandChannel: BrandChannel.MusicAndHistoryWeekends,
    speakers: [
      { title: 'Dr', forename: 'Helena', surname: 'Marsh', biography: 'Music historian and author of a study of the Viennese court orchestra.' },
      { title: 'Professor', forename: 'Julian', surname: 'Ashby', biography: 'Historian of the Habsburg monarchy and its patronage of the arts.' },
    ],
    departures: [
      // Under five weeks away: bookable only as an optional booking.
      { startsInDays: 20, nights: 5, capacity: 24, price: prices(1895, 2450, 3690), package: VIENNA },
      { startsInDays: 90, nights: 5, capacity: 24, price: prices(1895, 2450, 3690), package: VIENNA },
      { startsInDays: 200, nights: 5, capacity: 24, price: prices(1950, 2520, 3790), package: VIENNA },
    ],
  },
  {
    code: 'TSG-SIC',
    name: 'Sicily: Greeks and Normans',
    description: 'Eight nights among the Greek temples of Syracuse and Agrigento and the Norman mosaics of Palermo and Monreale.',
    brandChannel: BrandChannel.SmallGroups,
    speakers: [{ title: 'Dr', forename: 'Lucia', surname: 'Ferrante', biography: 'Archaeologist who has excavated at Selinunte for twenty years.' }],
    departures: [
      // In the past: carries the demo customer's archived booking.
      { startsInDays: -120, nights: 8, capacity: 16, price: prices(3450, 4450, 6690), package: SICILY },
      { startsInDays: 45, nights: 8, capacity: 16, price: prices(3450, 4450, 6690), package: SICILY },
      { startsInDays: 120, nights: 8, capacity: 16, price: prices(3495, 4510, 6780), package: SICILY },
    ],
  },
  {
    code: 'MF-BAY',
    name: 'Bayreuth Festival',
    description: 'Five nights in Bayreuth with tickets for the Ring cycle at the Festspielhaus and talks before each opera.',
    brandChannel: BrandChannel.MusicFestivals,
    speakers: [{ title: 'Professor', forename: 'Miriam', surname: 'Calloway', biography: 'Wagner scholar and former dramaturg.' }],
    departures: [
      // Closed to online booking: the site shows the availability error.
      { startsInDays: 60, nights: 5, capacity: 20, status: 'on_request', price: prices(4250, 5490, 8250), package: BAYREUTH },
      // Bookable, but every room is sold: the accommodation step finds no rooms.
      { startsInDays: 150, nights: 5, capacity: 20, price: prices(4250, 5490, 8250), package: withoutRooms(BAYREUTH) },
    ],
  },
  {
    code: 'LD-GRE',
    name: 'Greenwich: Wren and the Observatory',
    description: 'A day in maritime Greenwich, from Wren’s Old Royal Naval College to the Royal Observatory on the hill.',
    brandChannel: BrandChannel.LondonDays,
    speakers: [{ title: 'Dr', forename: 'Owen', surname: 'Pritchard', biography: 'Architectural historian of the English Baroque.' }],
    departures: [
      { startsInDays: 14, nights: 0, capacity: 30, price: prices(145, 185, 280) },
      { startsInDays: 42, nights: 0, capacity: 30, price: prices(145, 185, 280) },
      { startsInDays: 77, nights: 0, capacity: 30, price: prices(155, 200, 300) },
    ],
  },
  {
    code: 'OT-BAC',
    name: 'Bach Cantatas: an online talk',
    description: 'An evening talk online on the church cantatas Bach wrote in his first years at Leipzig.',
    brandChannel: BrandChannel.OnlineTalks,
    speakers: [{ title: 'Professor', forename: 'Ruth', surname: 'Ellerby', biography: 'Organist and lecturer in Baroque performance practice.' }],
    departures: [
      { startsInDays: 10, nights: 0, capacity: 500, price: prices(25, 32, 48) },
      { startsInDays: 38, nights: 0, capacity: 500, price: prices(25, 32, 48) },
    ],
  },
  {
    code: 'LA-ROM',
    name: 'Caravaggio’s Rome: a lecture afternoon',
    description: 'An afternoon of lectures on Caravaggio’s Roman patrons and churches, with an optional night in London.',
    brandChannel: BrandChannel.LectureAfternoons,
    speakers: [{ title: 'Dr', forename: 'Francesca', surname: 'Moretti', biography: 'Art historian of the Roman Seicento.' }],
    departures: [
      // Within 72 hours: too close for a non-residential event to be confirmed online.
      { startsInDays: 2, nights: 1, capacity: 40, price: prices(95, 125, 185), package: roomsOnly(HOTELS.ambrose, 1, prices(65, 85, 125)) },
      { startsInDays: 65, nights: 1, capacity: 40, price: prices(95, 125, 185), package: roomsOnly(HOTELS.ambrose, 1, prices(65, 85, 125)) },
    ],
  },
  {
    code: 'CO-PRO',
    name: 'Prokofiev at the Barbican: concerts only',
    description: 'Tickets for two evenings of Prokofiev’s piano concertos with a pre-concert talk and a night nearby.',
    brandChannel: BrandChannel.ConcertsOnly,
    speakers: [{ title: 'Mr', forename: 'Daniel', surname: 'Okafor', biography: 'Pianist and broadcaster on Russian music.' }],
    departures: [
      {
        startsInDays: 30,
        nights: 1,
        capacity: 50,
        price: prices(210, 270, 410),
        package: roomsOnly(HOTELS.clerkenwell, 1, prices(80, 105, 155)),
      },
      {
        startsInDays: 100,
        nights: 1,
        capacity: 50,
        price: prices(210, 270, 410),
        package: roomsOnly(HOTELS.clerkenwell, 1, prices(80, 105, 155)),
      },
    ],
  },
  {
    code: 'PG-FLO',
    name: 'Florence: the Medici city for private groups',
    description: 'Five nights in Florence for a private party, from the Medici chapels to the villas of the Tuscan hills.',
    brandChannel: BrandChannel.PrivateGroups,
    speakers: [{ title: 'Dr', forename: 'Caroline', surname: 'Vance', biography: 'Historian of Medici patronage and Florentine drawing.' }],
    departures: [
      { startsInDays: 80, nights: 5, capacity: 12, price: prices(2650, 3420, 5150), package: roomsOnly(HOTELS.rucellai, 5, prices(420, 540, 815)) },
      { startsInDays: 180, nights: 5, capacity: 12, price: prices(2650, 3420, 5150), package: roomsOnly(HOTELS.rucellai, 5, prices(420, 540, 815)) },
    ],
  },
  {
    code: 'UN-TBC',
    name: 'Northern Cathedrals: itinerary to be confirmed',
    description: 'Four nights among the Gothic cathedrals of Champagne and Picardy, on an itinerary still being finalised.',
    brandChannel: BrandChannel.Undecided,
    speakers: [{ title: 'Dr', forename: 'Simon', surname: 'Lacey', biography: 'Historian of medieval architecture and stained glass.' }],
    departures: [
      {
        startsInDays: 120,
        nights: 4,
        capacity: 18,
        price: prices(1450, 1870, 2820),
        package: roomsOnly(HOTELS.cathedrale, 4, prices(280, 360, 545), 'HOTEL DE LA CATHEDRALE'),
      },
    ],
  },
];
