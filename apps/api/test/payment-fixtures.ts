import { buildPaymentTokenRequest, type CurrencyCode, type PaymentTokenRequest } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { departureOptions, payPayments } from '../src/db/schema/index.ts';
import { address, createBooking, lead, optionIds, submit, type BookingRequest, type CreatedTestBooking } from './booking-fixtures.ts';
import { CARDS, submit as submitCard } from './payment-provider-fixtures.ts';

/** The booking flow's payment calls as the web makes them, and the payer's side of the provider's form. */

/** The site's origin as app.inject reaches it (Host: localhost:80): with no PUBLIC_URL the card form is bound to the request's origin. */
export const SITE_ORIGIN = 'http://localhost';

export interface Totals {
  total: number;
  deposit: number;
}

/** The token request body of spec section 7, built with the domain's builder as the web builds it. */
export function tokenRequest(booking: CreatedTestBooking, amount: number, currency: CurrencyCode = 'GBP'): PaymentTokenRequest {
  return buildPaymentTokenRequest({
    bookingId: booking.id,
    currency,
    amount,
    instanceKey: 'booking-site',
    payer: { first_name: lead.given_name, last_name: lead.family_name, email: lead.email, address },
  });
}

export function requestToken(app: FastifyInstance, booking: CreatedTestBooking, body: object) {
  return app.inject({ method: 'POST', url: '/api/bookings/payments/token', headers: booking.headers, payload: body });
}

/** A token for the amount, which the API must accept. */
export async function openPayment(app: FastifyInstance, booking: CreatedTestBooking, amount: number, currency: CurrencyCode = 'GBP') {
  const response = await requestToken(app, booking, tokenRequest(booking, amount, currency));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { token: string; script_url: string; origin: string; expires_at: string };
}

/** Pays a token through the provider's frame endpoint with a card that succeeds; answers the payment id. */
export async function payToken(app: FastifyInstance, token: string): Promise<string> {
  const response = await submitCard(app, token, { card_number: CARDS.succeeds });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json();
  expect(answer.status).toBe('succeeded');
  return answer.payment_id as string;
}

/** A declined attempt on the token: the frame does not answer its id, so it is read from the provider's records. */
export async function declineOnToken(app: FastifyInstance, booking: CreatedTestBooking, token: string): Promise<string> {
  const response = await submitCard(app, token, { card_number: CARDS.declined });
  expect(response.json().status).toBe('declined');
  const [row] = await app.db
    .select({ id: payPayments.id })
    .from(payPayments)
    .where(and(eq(payPayments.crmKey, String(booking.id)), eq(payPayments.status, 'declined')));
  return row!.id;
}

export function confirm(app: FastifyInstance, booking: CreatedTestBooking, paymentId: string, currency: CurrencyCode = 'GBP') {
  return app.inject({ method: 'POST', url: '/api/bookings/confirm', headers: booking.headers, payload: { payment_id: paymentId, currency } });
}

/** Plenty of single rooms on every departure, so a file's many bookings never run out of them. */
export async function plentyOfSingleRooms(app: FastifyInstance) {
  await app.db.update(departureOptions).set({ inventory: 500 }).where(and(eq(departureOptions.kind, 'room'), eq(departureOptions.name, 'Single room')));
}

export const SICILY: BookingRequest = { code: 'TSG-SIC', startsInDays: 120, passengers: [lead] };

/** A Sicily booking for one with a single room: the tour (£3,495) and the single room (£540). */
export async function bookSicily(app: FastifyInstance, request: BookingRequest = SICILY): Promise<{ booking: CreatedTestBooking; totals: Totals }> {
  const booking = await createBooking(app, request);
  const ids = await optionIds(app, booking);
  const response = await submit(app, booking, {
    accommodation: [{ component_id: ids.room('Hotel Villa Aretusa', 'Single'), passenger_ids: booking.passengerIds }],
  });
  expect(response.statusCode, response.body).toBe(200);
  const details = response.json().data;
  return { booking, totals: { total: details.total_price.value, deposit: details.deposit.value } };
}

/** A day trip: the tour alone, paid in full (no deposit). */
export async function bookDayTrip(app: FastifyInstance, request: BookingRequest = { code: 'LD-GRE', startsInDays: 77, passengers: [lead] }) {
  const booking = await createBooking(app, request);
  const response = await app.inject({ method: 'POST', url: '/api/bookings/selection', headers: booking.headers, payload: { tour_id: booking.tourId } });
  expect(response.statusCode, response.body).toBe(200);
  const details = response.json().data;
  return { booking, totals: { total: details.total_price.value, deposit: details.deposit.value } as Totals };
}
