import { CURRENCIES } from '@tours/domain';
import type { Database } from '../client.ts';
import {
  accommodations,
  departureAccommodations,
  departureOptions,
  departurePrices,
  departures,
  flightOptionGroups,
  flights,
  optionPrices,
  speakers,
  tourSpeakers,
  tours,
  type OptionKind,
} from '../schema/index.ts';
import { addDays, instantOn } from './dates.ts';
import type { DepartureSeed, HotelSeed, OptionSeed, PackageSeed, Prices, TourSeed } from './data/types.ts';

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

const inEachCurrency = (price: Prices) => CURRENCIES.map((currency) => ({ currency, value: price[currency] }));

export async function seedCatalogue(db: Database, tourSeeds: TourSeed[], today: string): Promise<SeededCatalogue> {
  const catalogue: SeededCatalogue = new Map();
  const hotelIds = new Map<HotelSeed, number>();
  for (const seed of tourSeeds) {
    const [tour] = await db
      .insert(tours)
      .values({ code: seed.code, name: seed.name, description: seed.description, brandChannel: seed.brandChannel })
      .returning({ id: tours.id });
    const speakerRows = await db.insert(speakers).values(seed.speakers).returning({ id: speakers.id });
    await db.insert(tourSpeakers).values(speakerRows.map((speaker, position) => ({ tourId: tour!.id, speakerId: speaker.id, position })));
    for (const departure of seed.departures) {
      const seeded = await seedDeparture(db, tour!.id, seed.name, departure, today, hotelIds);
      catalogue.set(departureKey(seed.code, departure.startsInDays), seeded);
    }
  }
  return catalogue;
}

async function seedDeparture(
  db: Database,
  tourId: number,
  tourName: string,
  seed: DepartureSeed,
  today: string,
  hotelIds: Map<HotelSeed, number>,
): Promise<SeededDeparture> {
  const startDate = addDays(today, seed.startsInDays);
  const [row] = await db
    .insert(departures)
    .values({
      tourId,
      startDate,
      endDate: addDays(startDate, seed.nights),
      capacity: seed.capacity,
      status: seed.status ?? 'open',
    })
    .returning({ id: departures.id });
  const departureId = row!.id;
  await db
    .insert(departurePrices)
    .values(inEachCurrency(seed.price).map(({ currency, value }) => ({ departureId, currency, pricePerPerson: value })));
  const options = seed.package ? await seedPackage(db, departureId, startDate, seed.nights, seed.package, hotelIds) : [];
  return { id: departureId, tourName, startDate, price: seed.price, options };
}

async function insertOption(
  db: Database,
  values: typeof departureOptions.$inferInsert,
  price: Prices,
  key: string,
  componentName = values.name,
): Promise<SeededOption> {
  const [option] = await db.insert(departureOptions).values(values).returning({ id: departureOptions.id });
  await db
    .insert(optionPrices)
    .values(inEachCurrency(price).map(({ currency, value }) => ({ optionId: option!.id, currency, adultPrice: value })));
  return { id: option!.id, kind: values.kind, key, componentName, occupancyFrom: values.occupancyFrom ?? 1, price };
}

async function seedPackage(
  db: Database,
  departureId: number,
  startDate: string,
  nights: number,
  pkg: PackageSeed,
  hotelIds: Map<HotelSeed, number>,
): Promise<SeededOption[]> {
  const seeded: SeededOption[] = [];
  for (const [position, group] of pkg.flightGroups.entries()) {
    const [groupRow] = await db
      .insert(flightOptionGroups)
      .values({ departureId, name: group.name, rateOption: group.rateOption, position })
      .returning({ id: flightOptionGroups.id });
    for (const [flightPosition, flight] of group.flights.entries()) {
      const name = `${flight.flightNumber} ${flight.departureAirport} to ${flight.arrivalAirport}`;
      const option = await insertOption(
        db,
        { departureId, kind: 'flight', name, inventory: flight.inventory, flightGroupId: groupRow!.id, position: flightPosition },
        flight.price,
        `${flight.flightNumber} ${flight.cabinClassName}`,
      );
      const date = addDays(startDate, flight.day === 'last' ? nights : flight.day);
      await db.insert(flights).values({
        optionId: option.id,
        flightNumber: flight.flightNumber,
        airlineName: flight.airlineName,
        cabinClassName: flight.cabinClassName,
        departureAirport: flight.departureAirport,
        arrivalAirport: flight.arrivalAirport,
        departureAt: instantOn(date, flight.departs),
        arrivalAt: instantOn(date, flight.arrives),
      });
      seeded.push(option);
    }
  }
  for (const [position, stay] of pkg.stays.entries()) {
    let accommodationId = hotelIds.get(stay.hotel);
    if (accommodationId === undefined) {
      const [hotel] = await db.insert(accommodations).values(stay.hotel).returning({ id: accommodations.id });
      accommodationId = hotel!.id;
      hotelIds.set(stay.hotel, accommodationId);
    }
    await db.insert(departureAccommodations).values({ departureId, accommodationId, position, nights: stay.nights });
    for (const [roomPosition, room] of stay.rooms.entries()) {
      const values = {
        departureId,
        kind: 'room' as const,
        name: room.name,
        inventory: room.inventory,
        occupancyFrom: room.occupancy[0],
        occupancyTo: room.occupancy[1],
        durationFrom: stay.nights,
        durationTo: stay.nights,
        accommodationId,
        accommodationName: stay.optionAccommodationName,
        roomType: room.type,
        position: roomPosition,
      };
      seeded.push(await insertOption(db, values, room.price, room.type, `${stay.hotel.name}: ${room.name}`));
    }
  }
  const simple = (kind: 'extra' | 'additional_night', list: OptionSeed[]) =>
    list.map((option, position) => ({
      values: {
        departureId,
        kind,
        name: option.name,
        description: option.description,
        inventory: option.inventory,
        occupancyFrom: option.occupancy[0],
        occupancyTo: option.occupancy[1],
        durationFrom: option.nights ?? 0,
        durationTo: option.nights ?? 0,
        position,
      },
      price: option.price,
    }));
  for (const { values, price } of [...simple('extra', pkg.extras), ...simple('additional_night', pkg.additionalNights)]) {
    seeded.push(await insertOption(db, values, price, values.name));
  }
  return seeded;
}
