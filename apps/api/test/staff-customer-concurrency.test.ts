import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, payments, refunds } from '../src/db/schema/index.ts';
import { accountBooking, accountTestServer, openAccountPayment, payOnForm, submitReceipt } from './account-fixtures.ts';
import { patchPassenger } from './account-passengers-fixtures.ts';
import { staffSession } from './staff-fixtures.ts';
import { REASON, staffPost } from './staff-money-fixtures.ts';

/**
 * Staff acting on a booking at the moment its customer acts on it (issue 26):
 * whichever request the database orders first, money the provider captured
 * is recorded once, never lost and never counted twice, and no refund goes
 * above what was paid. Each pair is sent in each order and then together:
 * the same invariants hold whichever the database takes first.
 */
describe('staff and the customer acting on one booking at once', () => {
  const { app, seedCustomer } = accountTestServer({ env: { MAIL_RELAY_INTERVAL_MS: '0' } });
  const db = () => app().db;
  const paymentsOf = (bookingId: number) => db().select().from(payments).where(eq(payments.bookingId, bookingId));
  const refundsOf = (bookingId: number) => db().select().from(refunds).where(eq(refunds.bookingId, bookingId));
  const statusOf = async (bookingId: number) => (await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.status;
  const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);

  it('the customer pays their balance while finance cancels: the captured payment is recorded once, and either the cancellation is refused as out of date or the payment waits for staff on the cancelled booking', async () => {
    const finance = await staffSession(app(), ['finance']);
    const outcomes = new Set<string>();
    // Each order once for certain, then both requests together: whichever wins, the same invariants hold.
    for (const order of ['paid first', 'cancelled first', 'together', 'together'] as const) {
      const customer = await seedCustomer();
      const bookingId = customer.withBalance.id;
      const balance = (await accountBooking(app(), customer.headers, bookingId)).booking.outstanding_balance.value;
      const paidBefore = sum(await paymentsOf(bookingId));
      const preview = (await app().inject({ method: 'GET', url: `/api/staff/bookings/${bookingId}/cancellation`, headers: finance.headers })).json().data;
      // The card is taken at the provider before either request reaches the API.
      const { token } = await openAccountPayment(app(), customer.headers, bookingId, balance);
      const providerPaymentId = await payOnForm(app(), token);

      const pay = () => submitReceipt(app(), customer.headers, bookingId, providerPaymentId);
      const cancelIt = () =>
        staffPost(app(), finance, `/api/staff/bookings/${bookingId}/cancel`, { reason: REASON, expected: { charge: preview.charge.value, refund: preview.refund.value } });
      const [receipt, cancel] =
        order === 'together'
          ? await Promise.all([pay(), cancelIt()])
          : order === 'paid first'
            ? [await pay(), await cancelIt()]
            : await cancelIt().then(async (cancelled) => [await pay(), cancelled] as const);
      expect(receipt.statusCode, receipt.body).toBeLessThan(300);
      const recorded = (await paymentsOf(bookingId)).filter((row) => row.providerPaymentId === providerPaymentId);
      expect(recorded, 'the captured balance is one payment row').toHaveLength(1);
      expect(recorded[0]!.amount).toBe(balance);
      const refunded = sum(await refundsOf(bookingId));
      expect(refunded).toBeLessThanOrEqual(paidBefore + balance);

      if (cancel.statusCode === 200) {
        // Cancelled first, on the figures before the balance came in: the balance is on record for staff to refund, not kept and not refunded twice.
        outcomes.add('cancelled first');
        expect(await statusOf(bookingId)).toBe('Cancelled');
        expect(refunded).toBe(preview.refund.value);
        const queue = (await app().inject({ method: 'GET', url: '/api/staff/bookings?queue=payments-flagged', headers: finance.headers })).json();
        expect(queue.data.items.map((row: { id: number }) => row.id)).toContain(bookingId);
      } else {
        // The balance came in first: the preview no longer holds; nothing was cancelled or refunded.
        outcomes.add('paid first');
        expect(cancel.statusCode, cancel.body).toBe(409);
        expect(await statusOf(bookingId)).not.toBe('Cancelled');
        expect(refunded).toBe(0);
        expect((await accountBooking(app(), customer.headers, bookingId)).booking.outstanding_balance.value).toBe(0);
      }
    }
    expect([...outcomes].sort()).toEqual(['cancelled first', 'paid first']);
  });

  it('the customer and operations save the same passenger section at once: both are saved in turn, the last one stands whole, and the staff change is audited', async () => {
    const operations = await staffSession(app(), ['operations']);
    const customer = await seedCustomer();
    const bookingId = customer.withBalance.id;
    const passengerId = (await accountBooking(app(), customer.headers, bookingId)).passengers[0]!.id;
    const byCustomer = 'Arriving by train at 14:00 from Salzburg';
    const byStaff = 'Arriving on flight OS 456 at 16:20';
    const [mine, theirs] = await Promise.all([
      patchPassenger(app(), customer.headers, bookingId, passengerId, { arrival_time: byCustomer }),
      app().inject({
        method: 'PATCH',
        url: `/api/staff/bookings/${bookingId}/passengers/${passengerId}`,
        headers: { ...operations.headers, 'idempotency-key': crypto.randomUUID() },
        payload: { arrival_time: byStaff, reason: REASON },
      }),
    ]);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const page = (await app().inject({ method: 'GET', url: `/api/staff/bookings/${bookingId}`, headers: operations.headers })).json().data;
    const stands = page.passengers.find((passenger: { id: number }) => passenger.id === passengerId).arrival_time;
    expect([byCustomer, byStaff]).toContain(stands);
    const audited = page.history.filter((entry: { action: string; actor: { kind: string } }) => entry.actor.kind === 'staff' && entry.action.includes('passenger'));
    expect(audited.length).toBeGreaterThanOrEqual(1);
  });
});
