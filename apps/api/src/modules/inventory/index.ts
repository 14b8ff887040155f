import { allocations } from './schema.ts';

/**
 * Inventory: the allocations, the one record of every place and option unit
 * a booking holds or bought (docs/decisions/0002-inventory-holds.md). What a
 * departure offers (its capacity, its options' stock) is the catalogue's;
 * what is taken of it is this module's, and only this module writes it.
 */
export {
  hasLiveSelections,
  isActiveAllocation,
  lapsedHoldExists,
  placesLeft,
  placesTaken,
  takenExcept,
  unitsLeft,
  unitsTaken,
  unitsTakenByBooking,
  type UnitsTaken,
} from './availability.ts';
export { allocationsToSell, extendHolds, placeHolds, releaseBookingAllocations, releaseBookingHolds, sellAllocations, shortages, type Need } from './holds.ts';
export { holdSweeperPlugin, sweepExpiredHolds } from './sweeper.ts';

/**
 * What other modules may read of the allocations in their own statements
 * (what is left of a departure's stock, in one read), never write
 * (docs/decisions/0017-modules-own-their-tables.md).
 */
export const inventoryReadModel = { allocations } as const;
