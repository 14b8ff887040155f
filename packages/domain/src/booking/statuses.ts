import { bookingMode } from './departure-rules.ts';

/**
 * The one list of booking statuses (spec sections 2, 3 and 9), used by the
 * database enum, the API and the web alike.
 * - Quote: created online, not yet paid or confirmed (also what staff follow
 *   up when the site cannot go on: the availability-error screen).
 * - Optional: a departure under five weeks away, booked subject to
 *   availability checks; it keeps this status once paid, with a reference.
 * - Unconfirmed: paid, but the booking could not be confirmed (places gone,
 *   the payment came through an outdated request): staff follow it up.
 * - Confirmed, Cancelled.
 */
export const BOOKING_STATUSES = ['Quote', 'Optional', 'Unconfirmed', 'Confirmed', 'Cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The status a new online booking starts with: Optional under five weeks away, otherwise a Quote. */
export function initialBookingStatus(brandChannel: number | null | undefined, start: string, now: Date = new Date()): BookingStatus {
  return bookingMode(brandChannel, start, now) === 'optional' ? 'Optional' : 'Quote';
}

/** The status a settled booking takes: an Optional booking stays Optional (staff confirm it after their checks). */
export function settledBookingStatus(current: BookingStatus): BookingStatus {
  return current === 'Optional' ? 'Optional' : 'Confirmed';
}

/**
 * Whether a booking is still being booked online: not yet settled (no
 * reference issued), in a status that can still be paid and changed.
 */
export function awaitsSettlement(booking: { status: BookingStatus; reference: string | null }): boolean {
  return (booking.status === 'Quote' || booking.status === 'Optional') && booking.reference === null;
}

/** Settled and holding its places: later payments on it are balance payments. */
export function isSettled(booking: { status: BookingStatus; reference: string | null }): boolean {
  return booking.reference !== null && (booking.status === 'Confirmed' || booking.status === 'Optional');
}
