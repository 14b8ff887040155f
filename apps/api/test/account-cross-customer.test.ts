import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bookings, payments } from '../src/db/schema/index.ts';
import { BOOKING_NOT_FOUND } from '../src/modules/bookings/index.ts';
import { rowCounts } from './db-counts.ts';
import { accountTestServer, cardPaymentRequest, openAccountPayment, payOnForm, type AccountCustomer } from './account-fixtures.ts';
import { expectApiError } from './helper.ts';

/** Every account call that names a booking, as the web sends it (the receipt naming a real payment of the booking). */
function bookingCalls(bookingId: number | string, paymentId: string) {
  return [
    { method: 'GET' as const, url: `/api/account/bookings/${bookingId}` },
    { method: 'GET' as const, url: `/api/account/bookings/${bookingId}/payments` },
    { method: 'POST' as const, url: `/api/account/bookings/${bookingId}/payments/token`, payload: cardPaymentRequest(Number(bookingId) || 1, 1_000) },
    { method: 'PUT' as const, url: `/api/account/bookings/${bookingId}/payments/${paymentId}?currency=GBP`, payload: { payment_method_id: 'pm_sandbox_visa_4242' } },
  ];
}

/** What a call could change: every table's row count, and the booking and its payments as they stand. */
async function snapshot(app: FastifyInstance, bookingId: number) {
  return {
    counts: await rowCounts(app.db),
    booking: await app.db.select().from(bookings).where(eq(bookings.id, bookingId)),
    payments: await app.db.select().from(payments).where(eq(payments.bookingId, bookingId)),
  };
}

describe('the account area never shows or touches another customer’s booking', () => {
  const { app, headersFor, seedCustomer } = accountTestServer();

  /** The owner's booking with a card payment taken on it whose receipt has not been sent yet. */
  async function victim(): Promise<{ owner: AccountCustomer; paymentId: string }> {
    const owner = await seedCustomer();
    const paymentId = await payOnForm(app(), (await openAccountPayment(app(), owner.headers, owner.withBalance.id, 1_500)).token);
    return { owner, paymentId };
  }

  it('answers another customer’s booking id exactly as a missing one: the same 404, nothing leaked, nothing changed', async () => {
    const { owner, paymentId } = await victim();
    const intruder = await seedCustomer();
    const [last] = await app().db.select({ id: sql<number>`cast(max(${bookings.id}) as integer)` }).from(bookings);
    const missing = Number(last!.id) + 1000;
    const before = await snapshot(app(), owner.withBalance.id);

    const owned = bookingCalls(owner.withBalance.id, paymentId);
    const absent = bookingCalls(missing, paymentId);
    for (const [index, call] of owned.entries()) {
      const theirs = await app().inject({ ...call, headers: intruder.headers });
      const nobody = await app().inject({ ...absent[index]!, headers: intruder.headers });
      expectApiError(theirs, 404, 'NOT_FOUND');
      expect(theirs.json().error.message).toBe(BOOKING_NOT_FOUND);
      expect(theirs.body, `${call.method} ${call.url}`).toBe(nobody.body);
      expect(theirs.headers['content-length']).toBe(nobody.headers['content-length']);
      for (const secret of [owner.withBalance.reference, owner.email, paymentId, 'Ashworth']) expect(theirs.body).not.toContain(secret);
    }
    // Someone signed in who is nobody's customer gets the same.
    const stranger = await headersFor('not-a-customer@example.com');
    for (const call of owned) {
      const response = await app().inject({ ...call, headers: stranger });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe((await app().inject({ ...absent[0]!, headers: intruder.headers })).body);
    }
    // No payment intent was opened, the payment taken was not recorded anywhere, the booking is as it was.
    expect(await snapshot(app(), owner.withBalance.id)).toEqual(before);
  });

  it('answers ids that cannot be bookings as missing, not as errors', async () => {
    const intruder = await seedCustomer();
    const missing = await app().inject({ method: 'GET', url: '/api/account/bookings/99999999', headers: intruder.headers });
    expect(missing.statusCode).toBe(404);
    // Beyond the database's integer range: refused by the contract (input-values.ts) before any lookup, never a failed query;
    // the same answer whoever asks, so it tells nothing about anyone's bookings.
    for (const id of ['2147483648', '99999999999']) {
      for (const call of bookingCalls(id, 'pay_x')) {
        const response = await app().inject({ ...call, headers: intruder.headers });
        expectApiError(response, 400, 'VALIDATION_FAILED');
      }
    }
    // Not an id at all: the path is refused as such.
    for (const id of ['0', 'abc', '-3']) {
      expectApiError(await app().inject({ method: 'GET', url: `/api/account/bookings/${id}`, headers: intruder.headers }), 400, 'VALIDATION_FAILED');
    }
  });

  it('asks for a token on every account call (401), before saying anything about the booking', async () => {
    const { owner, paymentId } = await victim();
    const before = await snapshot(app(), owner.withBalance.id);
    for (const call of [{ method: 'GET' as const, url: '/api/account/bookings' }, ...bookingCalls(owner.withBalance.id, paymentId), ...bookingCalls(99_999_999, paymentId)]) {
      const response = await app().inject(call);
      expectApiError(response, 401, 'UNAUTHORIZED');
    }
    expect(await snapshot(app(), owner.withBalance.id)).toEqual(before);
  });
});
