import { departureInputSchema, optionInputSchema, tourInputSchema, type DepartureInput, type OptionInput, type TourInput } from '@tours/domain';
import type { FastifyInstance } from 'fastify';
import { addDays } from '../src/db/seed/dates.ts';
import type { CatalogueChange } from '../src/modules/catalogue/admin/change.ts';
import { createDeparture } from '../src/modules/catalogue/admin/departures.ts';
import { addOption } from '../src/modules/catalogue/admin/options.ts';
import { createTour } from '../src/modules/catalogue/admin/tours.ts';

/**
 * Tours, departures and options for the catalogue's API tests, made through
 * the catalogue's own services (as the seed makes the demo's), with the
 * domain's schemas filling defaults as the console's forms would.
 */

let made = 0;
/** A tour code no other test uses: 'T' and a counter, with the process id for parallel files. */
export const uniqueTourCode = () => `T${process.pid % 10_000}-${++made}`;

export const tourInput = (overrides: Partial<TourInput> = {}): TourInput => ({
  code: uniqueTourCode(),
  name: 'The Danube by Steamer',
  brand_channel: 11,
  description: 'Vienna, Melk and Dürnstein by river',
  summary: 'Five days on the Danube.',
  itinerary: [
    { title: 'Vienna', description: 'Arrive and meet the group.' },
    { title: 'Melk', description: 'The abbey library.' },
  ],
  inclusions: ['Four nights in hotels', 'All concerts'],
  speakers: [{ title: 'Dr', forename: 'Anna', surname: 'Weiss', biography: 'Historian of Vienna.' }],
  ...overrides,
});

export const departureInput = (startDate: string, overrides: Partial<DepartureInput> = {}): DepartureInput => ({
  start_date: startDate,
  end_date: addDays(startDate, 4),
  status: 'open',
  hidden: false,
  places: 20,
  prices: { GBP: 195_000, USD: 249_500, AUD: 369_900 },
  ...overrides,
});

export const roomInput = (overrides: Partial<Extract<OptionInput, { kind: 'room' }>> = {}): OptionInput => ({
  kind: 'room',
  name: 'Double room for sole use',
  description: '',
  stock: 4,
  occupancy_from: 1,
  occupancy_to: 1,
  prices: { GBP: 45_000, USD: 57_500, AUD: 85_000 },
  closed: false,
  hotel: { name: 'Hotel Sacher', city: 'Vienna' },
  room_type: 'Single',
  nights: 4,
  ...overrides,
});

export const flightInput = (departAt: string, overrides: Partial<Extract<OptionInput, { kind: 'flight' }>> = {}): OptionInput => ({
  kind: 'flight',
  stock: 10,
  prices: { GBP: 0, USD: 0, AUD: 0 },
  closed: false,
  group: { name: 'Outbound flights', rate_option: 'Mandatory' },
  flight_number: 'OS 456',
  airline_name: 'Austrian Airlines',
  cabin_class_name: 'Economy',
  departure_airport: 'LHR',
  arrival_airport: 'VIE',
  departure_at: `${departAt}T09:00:00Z`,
  arrival_at: `${departAt}T12:20:00Z`,
  ...overrides,
});

export const extraInput = (overrides: Partial<Extract<OptionInput, { kind: 'extra' }>> = {}): OptionInput => ({
  kind: 'extra',
  name: 'Opera at the Staatsoper',
  description: 'Stalls seats',
  stock: 6,
  occupancy_from: 1,
  occupancy_to: 1,
  prices: { GBP: 18_000, USD: 23_000, AUD: 34_000 },
  closed: false,
  ...overrides,
});

const seedChange = (app: FastifyInstance): CatalogueChange => ({ now: app.clock.databaseNow(), staff: null });

/** A new tour with one departure `startsIn` days from the test clock's today, a room, a flight and an extra. */
export async function tourWithDeparture(app: FastifyInstance, today: string, startsIn = 120) {
  const start = addDays(today, startsIn);
  const tourId = await createTour(app.db, tourInputSchema.parse(tourInput()), seedChange(app));
  const departureId = await createDeparture(app.db, tourId, departureInputSchema.parse(departureInput(start)), seedChange(app));
  for (const option of [roomInput(), flightInput(start), extraInput()]) await addOption(app.db, departureId, null, optionInputSchema.parse(option), seedChange(app));
  return { tourId, departureId, start };
}
