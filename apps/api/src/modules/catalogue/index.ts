import { tourItineraryDays } from './schema/content.ts';
import { departures, tours } from './schema/departures.ts';
import { accommodations, departureAccommodations, departureOptions, flights } from './schema/options.ts';

/**
 * The catalogue: what is sold. Tours, their departures and prices, what the
 * tour page says of them, and each departure's options (flights, rooms,
 * extras, additional nights) with their stock and prices. What is taken of
 * that stock is modules/inventory's; the catalogue asks it for places left.
 * Written by staff through the console's services (admin/), which the demo
 * seed loads its catalogue through too: the booking flow reads it, and
 * locks a departure's or its options' rows while it allocates.
 */
export { isBookableOnline } from './booking-window.ts';
export { departureById, findDeparture } from './repository.ts';
export { loadOffer, lockDepartureForAllocation, lockOptions, occupancyOf, type DepartureOffer, type OfferedOption } from './offer.ts';
export { extraOptions, flightGroups, roomOptions, type Presenting } from './option-lists.ts';
export { stockLeft } from './stock-left.ts';
export { balanceDueDateSql } from './due-dates.ts';
// What the console's catalogue services do, for the demo seed to load its catalogue through them (db/seed).
export type { CatalogueChange } from './admin/change.ts';
export { createTour } from './admin/tours.ts';
export { createDeparture } from './admin/departures.ts';
export { addOption } from './admin/options.ts';
export { addRenderedPictures, type RenderedPicture } from './rendered-pictures.ts';

/**
 * What other modules may read of the catalogue's tables in their own
 * statements (a booking's tour and dates, a document's itinerary, a
 * departure's rooms and flights for the staff console), never
 * write (docs/decisions/0017-modules-own-their-tables.md).
 */
export const catalogueReadModel = { tours, departures, tourItineraryDays, departureOptions, flights, departureAccommodations, accommodations } as const;
