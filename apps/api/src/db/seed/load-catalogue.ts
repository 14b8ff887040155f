import { calendarDaysBetween, CURRENCIES } from '@tours/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accommodations, departureOptions, departurePrices, departures, flights, optionPrices, tours } from '../schema/index.ts';
import type { Prices } from './data/types.ts';
import { departureKey, type SeededCatalogue, type SeededDeparture, type SeededOption } from './insert-catalogue.ts';

const noPrices = (): Prices => Object.fromEntries(CURRENCIES.map((currency) => [currency, 0])) as Prices;

/**
 * The seeded catalogue read back from the database, keyed as seedCatalogue
 * keyed it (tour code and days from `seededOn`), so bookings can be seeded
 * after the demo was loaded (the test-only copy of the demo customer) with
 * the same names and prices the demo's own bookings got.
 */
export async function loadSeededCatalogue(db: Database, seededOn: string, tourCodes: readonly string[]): Promise<SeededCatalogue> {
  const catalogue: SeededCatalogue = new Map();
  if (tourCodes.length === 0) return catalogue;
  const rows = await db
    .select({ id: departures.id, startDate: departures.startDate, code: tours.code, tourName: tours.name })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(inArray(tours.code, [...tourCodes]));
  if (rows.length === 0) return catalogue;
  const departureIds = rows.map((row) => row.id);

  const [tourPrices, options] = await Promise.all([
    db.select().from(departurePrices).where(inArray(departurePrices.departureId, departureIds)),
    db
      .select({
        id: departureOptions.id,
        departureId: departureOptions.departureId,
        kind: departureOptions.kind,
        name: departureOptions.name,
        roomType: departureOptions.roomType,
        occupancyFrom: departureOptions.occupancyFrom,
        hotelName: accommodations.name,
        flightNumber: flights.flightNumber,
        cabinClassName: flights.cabinClassName,
      })
      .from(departureOptions)
      .leftJoin(accommodations, eq(accommodations.id, departureOptions.accommodationId))
      .leftJoin(flights, eq(flights.optionId, departureOptions.id))
      .where(inArray(departureOptions.departureId, departureIds)),
  ]);
  const optionPriceRows = options.length === 0 ? [] : await db.select().from(optionPrices).where(inArray(optionPrices.optionId, options.map((o) => o.id)));

  const byDeparture = new Map<number, SeededDeparture>();
  for (const row of rows) {
    const seeded: SeededDeparture = { id: row.id, tourName: row.tourName, startDate: row.startDate, price: noPrices(), options: [] };
    byDeparture.set(row.id, seeded);
    catalogue.set(departureKey(row.code, calendarDaysBetween(seededOn, row.startDate)), seeded);
  }
  for (const price of tourPrices) byDeparture.get(price.departureId)!.price[price.currency] = price.pricePerPerson;

  const byOption = new Map<number, SeededOption>();
  for (const option of options) {
    // The keys and component names insert-catalogue.ts gave each kind of option.
    const key =
      option.kind === 'flight' ? `${option.flightNumber} ${option.cabinClassName}` : option.kind === 'room' ? option.roomType! : option.name;
    const componentName = option.kind === 'room' ? `${option.hotelName}: ${option.name}` : option.name;
    const seeded: SeededOption = { id: option.id, kind: option.kind, key, componentName, occupancyFrom: option.occupancyFrom, price: noPrices() };
    byOption.set(option.id, seeded);
    byDeparture.get(option.departureId)!.options.push(seeded);
  }
  for (const price of optionPriceRows) byOption.get(price.optionId)!.price[price.currency] = price.adultPrice;
  return catalogue;
}
