import { SCREEN_TEXT } from '../messages.ts';

/**
 * Who settles a booking's outstanding balance: one rule for step 5, the
 * confirmation e-mail, the account's summary and its 'Make a payment' form,
 * and the API's refusal of a client's balance payment.
 *
 * A travel agent's booking is confirmed without payment online (spec section
 * 4, 'Agent bookings'); the agency agrees the final rates with its client
 * ('Please contact your provider for final booking rates.', spec section 2)
 * and settles the balance with us. So the client of an agent booking is
 * never asked, nor allowed, to pay that balance online: it would be paid
 * twice, once by the client and once by the agency. Every other booking's
 * balance is the customer's to pay.
 */
export type BalanceSettler = { by: 'customer' } | { by: 'agency'; agencyName: string };

/** `agency`: the name of the travel agency that made the booking, or null when the customer booked it themselves. */
export function balanceSettler(booking: { agency: string | null }): BalanceSettler {
  return booking.agency === null ? { by: 'customer' } : { by: 'agency', agencyName: booking.agency };
}

/** The customer may pay this booking's balance online (when there is one). */
export const customerSettlesBalance = (booking: { agency: string | null }): boolean => balanceSettler(booking).by === 'customer';

/** 'settled through Wanderlust Travel Ltd': after the amount, wherever an agent booking's balance is shown. */
export const settledThroughAgency = (agencyName: string): string => `settled through ${agencyName}`;

/** What the client of an agent booking reads where a customer would be offered to pay (account, e-mail). */
export const agencySettlesBalanceText = (agencyName: string): string =>
  `This booking was made by your travel agent, ${agencyName}, who settles its balance with us: there is nothing for you to pay us online. ${SCREEN_TEXT.agentRates}`;

/** The API's refusal of a balance payment on an agent booking. */
export const agencySettlesBalanceRefusal = (agencyName: string): string =>
  `This booking's balance is settled through the travel agent, ${agencyName}: it cannot be paid online. ${SCREEN_TEXT.agentRates}`;
