import {
  departureInputSchema,
  optionInputSchema,
  tourInputSchema,
  type DepartureInput,
  type DepartureValues,
  type OptionInput,
  type OptionValues,
  type TourValues,
} from '@tours/domain';
import type { Database } from '../client.ts';
import { databaseClock } from '../../lib/clock.ts';
import { addOption, addRenderedPictures, createDeparture, createTour, type CatalogueChange, type RenderedPicture } from '../../modules/catalogue/index.ts';
import type { OptionKind } from '../schema/index.ts';
import { addDays, instantOn } from './dates.ts';
import { parsed } from './parsed.ts';
import { TOUR_PICTURE_FILES } from './data/tour-picture-files.ts';
import type { TourContentSeed } from './data/tour-content.ts';
import type { DepartureSeed, PackageSeed, Prices, TourSeed } from './data/types.ts';

/**
 * The demo catalogue, loaded as staff would enter it in the console: each
 * tour, departure and option is read by the domain's schema the console's
 * forms and the API check with, and written by the catalogue's own services
 * (modules/catalogue/admin), so the seed cannot make what the console would
 * refuse. A seed entry that breaks a rule stops the seed with that rule's
 * message, before any of its tour is written.
 */

/** What the booking seed needs to price and allocate a departure's options. */
export interface SeededOption {
  id: number;
  kind: OptionKind;
  /** 'BA 702 Economy' for flights, the room type for rooms, the name otherwise. */
  key: string;
  /** The booking component's name: the option's, prefixed by its hotel for rooms. */
  componentName: string;
  occupancyFrom: number;
  price: Prices;
}

export interface SeededDeparture {
  id: number;
  tourName: string;
  startDate: string;
  price: Prices;
  options: SeededOption[];
}

/** Departures by `${tourCode}@${startsInDays}`. */
export type SeededCatalogue = Map<string, SeededDeparture>;
export const departureKey = (tourCode: string, startsInDays: number) => `${tourCode}@${startsInDays}`;

/** The seed is no staff member: its changes are not audited one by one, the seed's run is (seed/index.ts). */
const SEED_CHANGE: CatalogueChange = { now: databaseClock(), staff: null };

interface PlannedOption {
  values: OptionValues;
  seeded: Omit<SeededOption, 'id'>;
}

interface PlannedDeparture {
  startsInDays: number;
  values: DepartureValues;
  options: PlannedOption[];
}

interface PlannedTour {
  tour: TourValues;
  pictures: RenderedPicture[];
  departures: PlannedDeparture[];
}

/** One tour of the seed, checked whole: the tour, its texts, departures and options as the console's forms send them. */
function planTour(seed: TourSeed, content: TourContentSeed | undefined, today: string): PlannedTour {
  const tour = parsed(
    tourInputSchema,
    {
      code: seed.code,
      name: seed.name,
      brand_channel: seed.brandChannel,
      description: seed.description,
      summary: content?.summary ?? '',
      itinerary: content?.itinerary ?? [],
      inclusions: content?.included ?? [],
      speakers: seed.speakers,
    },
    `tour ${seed.code}`,
  );
  const pictures = (content?.pictures ?? []).map(({ id, alt }) => ({ alt, ...TOUR_PICTURE_FILES[id] }));
  return { tour, pictures, departures: seed.departures.map((departure) => planDeparture(seed.code, departure, today)) };
}

function planDeparture(tourCode: string, seed: DepartureSeed, today: string): PlannedDeparture {
  const startDate = addDays(today, seed.startsInDays);
  const input: DepartureInput = {
    start_date: startDate,
    end_date: addDays(startDate, seed.nights),
    status: seed.status ?? 'open',
    hidden: false,
    places: seed.capacity,
    prices: seed.price,
  };
  const what = `departure ${tourCode} in ${seed.startsInDays} days`;
  const values = parsed(departureInputSchema, input, what);
  const options = seed.package ? packageOptions(seed.package, startDate, seed.nights) : [];
  return {
    startsInDays: seed.startsInDays,
    values,
    options: options.map(({ input: option, ...seeded }) => ({ values: parsed(optionInputSchema, option, `${what}, option ${seeded.componentName}`), seeded })),
  };
}

/** A package's options in the order the site lists them (flights by group, rooms by hotel, extras, additional nights), as the console adds them. */
function packageOptions(pkg: PackageSeed, startDate: string, nights: number): (Omit<SeededOption, 'id'> & { input: OptionInput })[] {
  const flights = pkg.flightGroups.flatMap((group) =>
    group.flights.map((flight) => {
      const date = addDays(startDate, flight.day === 'last' ? nights : flight.day);
      const input: OptionInput = {
        kind: 'flight',
        stock: flight.inventory,
        prices: flight.price,
        closed: false,
        group: { name: group.name, rate_option: group.rateOption },
        flight_number: flight.flightNumber,
        airline_name: flight.airlineName,
        cabin_class_name: flight.cabinClassName,
        departure_airport: flight.departureAirport,
        arrival_airport: flight.arrivalAirport,
        departure_at: instantOn(date, flight.departs).toISOString(),
        arrival_at: instantOn(date, flight.arrives).toISOString(),
      };
      // The name the catalogue gives a flight option (admin/options.ts).
      const name = `${flight.flightNumber} ${flight.departureAirport} to ${flight.arrivalAirport}`;
      return { input, kind: 'flight' as const, key: `${flight.flightNumber} ${flight.cabinClassName}`, componentName: name, occupancyFrom: 1, price: flight.price };
    }),
  );
  const rooms = pkg.stays.flatMap((stay) =>
    stay.rooms.map((room) => {
      const input: OptionInput = {
        kind: 'room',
        name: room.name,
        description: '',
        stock: room.inventory,
        occupancy_from: room.occupancy[0],
        occupancy_to: room.occupancy[1],
        prices: room.price,
        closed: false,
        hotel: stay.hotel,
        accommodation_name: stay.optionAccommodationName,
        room_type: room.type,
        nights: stay.nights,
      };
      return { input, kind: 'room' as const, key: room.type, componentName: `${stay.hotel.name}: ${room.name}`, occupancyFrom: room.occupancy[0], price: room.price };
    }),
  );
  const simple = (kind: 'extra' | 'additional_night', list: PackageSeed['extras']) =>
    list.map((option) => {
      const common = {
        name: option.name,
        description: option.description,
        stock: option.inventory,
        occupancy_from: option.occupancy[0],
        occupancy_to: option.occupancy[1],
        prices: option.price,
        closed: false,
      };
      const input: OptionInput = kind === 'extra' ? { kind, ...common } : { kind, ...common, nights: option.nights ?? 0 };
      return { input, kind, key: option.name, componentName: option.name, occupancyFrom: option.occupancy[0], price: option.price };
    });
  return [...flights, ...rooms, ...simple('extra', pkg.extras), ...simple('additional_night', pkg.additionalNights)];
}

/**
 * Loads one tour of the seed through the catalogue's services, in the
 * caller's transaction (each service's own is a savepoint in it): checked
 * whole first, so an entry the console would refuse writes nothing.
 */
export async function seedTour(db: Database, seed: TourSeed, content: TourContentSeed | undefined, today: string): Promise<SeededCatalogue> {
  const plan = planTour(seed, content, today);
  const catalogue: SeededCatalogue = new Map();
  const tourId = await createTour(db, plan.tour, SEED_CHANGE);
  await addRenderedPictures(db, tourId, plan.pictures);
  for (const departure of plan.departures) {
    const departureId = await createDeparture(db, tourId, departure.values, SEED_CHANGE);
    const options: SeededOption[] = [];
    for (const option of departure.options) {
      options.push({ id: await addOption(db, departureId, null, option.values, SEED_CHANGE), ...option.seeded });
    }
    catalogue.set(departureKey(seed.code, departure.startsInDays), {
      id: departureId,
      tourName: plan.tour.name,
      startDate: departure.values.start_date,
      price: departure.values.prices,
      options,
    });
  }
  return catalogue;
}

/** Every tour of the seed with its page's content (by tour code), in order: the ids follow the data's order. */
export async function seedCatalogue(db: Database, tourSeeds: TourSeed[], content: Record<string, TourContentSeed>, today: string): Promise<SeededCatalogue> {
  const catalogue: SeededCatalogue = new Map();
  for (const seed of tourSeeds) {
    for (const [key, departure] of await seedTour(db, seed, content[seed.code], today)) catalogue.set(key, departure);
  }
  return catalogue;
}
