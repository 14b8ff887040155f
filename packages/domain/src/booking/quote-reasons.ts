/**
 * Why a quote stayed a quote: the site could not go on with it, showed the
 * availability-error screen ('A quote has been created in our reservations
 * system. Please contact us…', spec section 2) and staff are to call the
 * customer back. The bookings module records the first reason on the booking
 * (quote_reason); the staff console's work queue lists them.
 * - rooms-sold-out: no room was left for the party (the accommodation list
 *   answered SERVICE_FAILURE, or a room chosen was gone when selected);
 * - places-sold-out: the departure's places were gone when selections were made;
 * - options-sold-out: a flight or an extra the party needed was gone.
 */
export const QUOTE_REASONS = ['rooms-sold-out', 'places-sold-out', 'options-sold-out'] as const;
export type QuoteReason = (typeof QUOTE_REASONS)[number];

export const QUOTE_REASON_LABELS: Readonly<Record<QuoteReason, string>> = {
  'rooms-sold-out': 'No room left for the party',
  'places-sold-out': 'No places left on the departure',
  'options-sold-out': 'A flight or extra the party needed was sold out',
};
