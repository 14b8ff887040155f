import { bookingComponents, bookingPassengers, bookings } from './schema.ts';

/**
 * Bookings: the booking, its passengers and its priced lines
 * (booking_components); only this module writes them. It creates a booking
 * and changes it on the visitor's behalf (its routes), and on the
 * customer's, the agent's and settlement's when their modules ask through
 * the functions below. Below it: catalogue, inventory, payments, customers,
 * marketing, promotions, audit (docs/decisions/0017-modules-own-their-tables.md).
 */

// The booking as the flow reads it: its session, its lines and what they come to.
export { findSessionByTokenHash, sessionOf, type BookingSession } from './session.ts';
export {
  appliedPromotions,
  bookingCurrency,
  listComponents,
  lockBooking,
  replaceComponents,
  repricePromotionLine,
  type ComponentLine,
  type NewComponentLine,
} from './repository.ts';
export { bookingTotals, totalsFromLines, withBalanceDue } from './totals.ts';
// How many bookings use a promotional code (the staff console's promotions, through the composition in modules/index.ts).
export { promotionUsage } from './promotion-uses.ts';
export type { ComponentType } from './schema.ts';

// Settlement's writes (modules/confirmation): the locks it takes its turn on, the reference, the customer, staff's attention.
export { lockBookingForPayment, lockBookingForSettlement, lockBookingStatus, markNeedsAttention, type SettlingBooking } from './settlement.ts';
export { randomBookingReference, settleWithReference } from './reference.ts';
export { linkBookingToCustomer } from './customer-link.ts';

// The staff console's statements: the domain's rules about a booking in SQL, for lists of thousands.
export {
  awaitsSettlementSql,
  bookingDetailsIncompleteSql,
  bookingReferenceIs,
  bookingTotalSql,
  bookingTotalsSql,
  isSettledSql,
  passengerCountSql,
  passengerCountsSql,
  passengerEmailContains,
  passengerNameContains,
} from './staff-reading.ts';

// The booking flow's dead end (options, selections): why the site could not go on with a quote, for staff to call back.
export { recordQuoteReason } from './quote-reason.ts';

// The account area's: whose booking it is, and the details a customer completes after booking.
export { BOOKING_NOT_FOUND, ownedBookingId } from './ownership.ts';
export {
  changedFields,
  correspondenceOf,
  lockBookingForDetails,
  passengerOf,
  saveCorrespondence,
  savePassengerSection,
  sectionValue,
  storedCorrespondence,
  type DetailsWindow,
  type PassengerRow,
} from './passenger-details.ts';

export { addressRecord, presentCorrespondence, presentPassenger } from './passenger-presenter.ts';

// The staff console's decisions (modules/booking-actions): the row locked for a change, cancellation, an Optional booking confirmed, a flag cleared.
export { clearNeedsAttention, confirmSettledOptional, lockBookingForChange, markCancelled, readBookingForChange, type BookingForChange } from './staff-changes.ts';

// The agent's (modules/agent-bookings): the travel agent and staff member registered on the booking.
export { agentOfBooking, lockBookingForAgent, registerAgentOnBooking, registerStaffOnBooking } from './agent.ts';

/**
 * What other modules may read of the bookings' tables in their own
 * statements (the account's and the documents' readings, settlement's
 * e-mail), never write (docs/decisions/0017-modules-own-their-tables.md).
 */
export const bookingsReadModel = { bookings, bookingPassengers, bookingComponents } as const;
