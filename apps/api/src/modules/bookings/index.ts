import { bookingComponents, bookingPassengers, bookings } from './schema.ts';

/**
 * Bookings: the booking, its passengers and its priced lines
 * (booking_components), and only this module writes them. It creates a
 * booking and changes it on the visitor's, the customer's, the agent's and
 * settlement's behalf; the other modules ask through these functions.
 * Below it: catalogue, inventory, payments, customers, marketing, promotions.
 */
export { createBooking, createBookingIn, notBookable, type CreateContext } from './create.ts';
export { updatePassengers, type UpdatedBooking, type UpdatePassengers } from './update-passengers.ts';
export {
  appliedPromotions,
  bookingCurrency,
  listComponents,
  lockBooking,
  replaceComponents,
  repricePromotionLine,
  type ComponentLine,
  type LockedBooking,
  type NewComponentLine,
} from './repository.ts';
export { findSessionByTokenHash, sessionOf, type BookingSession } from './session.ts';
export { bookingTotals, totalsFromLines, type BookingTotals } from './totals.ts';
export { NOTHING_TO_PAY, openPayment, type OpenPayment } from './payment-token.ts';
export { applyPromotionCode, ONE_CODE_PER_BOOKING, promotionCodeIsValid, removePromotionCode } from './promotion-code.ts';
export { linkBookingToCustomer, type LinkedCustomer } from './customer-link.ts';
export { randomBookingReference, settleWithReference } from './reference.ts';
export {
  lockBookingForPayment,
  lockBookingForSettlement,
  lockBookingStatus,
  markNeedsAttention,
  type SettlingBooking,
} from './settlement.ts';
export { BOOKING_NOT_FOUND, isOwnedBy, ownedBookingId } from './ownership.ts';
export {
  lockBookingForDetails,
  lockPassenger,
  saveCorrespondence,
  savePassengerDetails,
  type PassengerDetails,
  type PassengerRow,
} from './passenger-details.ts';
export { agentOfBooking, BOOKING_SETTLED, lockBookingForAgent, registerAgentOnBooking, registerStaffOnBooking, type AgentOnBooking } from './agent.ts';
export { COMPONENT_TYPES, type ComponentType } from './schema.ts';

/**
 * What other modules may read of the bookings' tables in their own
 * statements (the account's and the documents' readings, settlement's
 * e-mail), never write (docs/decisions/0017-modules-own-their-tables.md).
 */
export const bookingsReadModel = { bookings, bookingPassengers, bookingComponents } as const;
