import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { allocations, bookings, departures } from '../src/db/schema/index.ts';
import { isActiveAllocation } from '../src/modules/inventory/index.ts';
import { lead, type CreatedTestBooking } from './booking-fixtures.ts';
import { bookDayTrip, bookSicily, confirm, openPayment, payToken, type Totals } from './payment-fixtures.ts';
import type { StaffCaller } from './staff-fixtures.ts';

/**
 * Bookings in the states the staff console's money actions start from, made
 * through the booking flow as a customer makes them (paid by the sandbox
 * provider's card form), and the staff calls as the console sends them.
 */

export const REASON = 'Customer asked on the telephone';

export interface PaidBooking {
  booking: CreatedTestBooking;
  totals: Totals;
  /** The provider's payment id. */
  providerPaymentId: string;
}

/** A Sicily booking (£3,495 + £540) starting in `startsInDays`, paid its deposit or its total and confirmed by the customer's call. */
export async function paidSicily(app: FastifyInstance, startsInDays = 120, pay: 'deposit' | 'total' = 'deposit'): Promise<PaidBooking> {
  const { booking, totals } = await bookSicily(app, { code: 'TSG-SIC', startsInDays, passengers: [lead] });
  const providerPaymentId = await payToken(app, (await openPayment(app, booking, totals[pay])).token);
  const answer = await confirm(app, booking, providerPaymentId);
  expect(answer.statusCode, answer.body).toBe(200);
  return { booking, totals, providerPaymentId };
}

/**
 * A day trip paid in full whose places were sold before it was confirmed
 * (its holds lapsed and the departure filled): Unconfirmed, flagged
 * places-gone. `free` gives the place back afterwards, so staff can confirm it.
 */
export async function unconfirmedDayTrip(app: FastifyInstance): Promise<PaidBooking & { free: () => Promise<void> }> {
  const { booking, totals } = await bookDayTrip(app, { code: 'LD-GRE', startsInDays: 42, passengers: [lead] });
  const [row] = await app.db.select({ departureId: bookings.departureId }).from(bookings).where(eq(bookings.id, booking.id));
  const departureId = row!.departureId;
  const [{ capacity } = { capacity: 0 }] = await app.db.select({ capacity: departures.capacity }).from(departures).where(eq(departures.id, departureId));
  const providerPaymentId = await payToken(app, (await openPayment(app, booking, totals.total)).token);
  // The holds lapse, and the departure is full without them.
  await app.db.update(allocations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(allocations.bookingId, booking.id));
  const [{ taken } = { taken: 0 }] = await app.db
    .select({ taken: sql<number>`cast(count(*) as integer)` })
    .from(allocations)
    .where(and(eq(allocations.departureId, departureId), isNull(allocations.optionId), isActiveAllocation(new Date())));
  await app.db.update(departures).set({ capacity: Number(taken) }).where(eq(departures.id, departureId));
  const answer = await confirm(app, booking, providerPaymentId);
  expect(answer.json().data.status).toBe('unconfirmed');
  const free = async () => {
    await app.db.update(departures).set({ capacity }).where(eq(departures.id, departureId));
  };
  return { booking, totals, providerPaymentId, free };
}

/** A staff write as the console sends it: the caller's session and an Idempotency-Key (a new one unless given). */
export function staffPost(app: FastifyInstance, caller: StaffCaller, url: string, payload: object, key: string = randomUUID()): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, headers: { ...caller.headers, 'idempotency-key': key }, payload });
}

export async function bookingPage(app: FastifyInstance, caller: StaffCaller, bookingId: number) {
  const response = await app.inject({ method: 'GET', url: `/api/staff/bookings/${bookingId}`, headers: caller.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
