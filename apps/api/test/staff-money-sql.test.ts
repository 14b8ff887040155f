import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { payments, refunds } from '../src/db/schema/index.ts';
import { bookingsReadModel, bookingTotalSql, bookingTotalsSql } from '../src/modules/bookings/index.ts';
import { amountPaid, amountPaidSql, amountsPaidSql } from '../src/modules/payments/index.ts';
import { build } from './helper.ts';
import { plentyOfSingleRooms } from './payment-fixtures.ts';
import { staffSession, type StaffCaller } from './staff-fixtures.ts';
import { paidSicily, REASON, staffPost } from './staff-money-fixtures.ts';

const { bookings } = bookingsReadModel;

/**
 * The staff console reads a booking's money two ways: booking by booking
 * (bookingTotalSql, amountPaidSql: a page's rows, a booking's page) and for
 * thousands at once, each money table grouped (bookingTotalsSql,
 * amountsPaidSql: a sort by total or balance, the queue of overdue balances,
 * the CSV). Both must answer the same for every booking, whatever its money:
 * a deposit, a payment in full partly refunded, a payment in another
 * currency (never counted), a failed refund (never taken off), none at all.
 */
describe('a booking’s money, booking by booking and grouped', () => {
  const server = build();
  const app = () => server.app;
  let finance: StaffCaller;

  beforeAll(async () => {
    await plentyOfSingleRooms(app());
    finance = await staffSession(app(), ['finance']);
    await paidSicily(app(), 120, 'deposit');
    const refunded = await paidSicily(app(), 120, 'total');
    const [payment] = await app().db.select().from(payments).where(sql`${payments.bookingId} = ${refunded.booking.id}`);
    const refund = await staffPost(app(), finance, `/api/staff/bookings/${refunded.booking.id}/refunds`, { payment_id: payment!.id, amount: 20_000, reason: REASON });
    expect(refund.statusCode, refund.body).toBe(201);
    // Money in another currency than the booking's, and a refund the provider refused: neither changes what was paid.
    const [other] = await app()
      .db.insert(payments)
      .values({ bookingId: refunded.booking.id, currency: 'USD', bookingCurrency: 'GBP', amount: 5_000, status: 'succeeded', provider: 'sandbox', providerPaymentId: `money-sql-usd-${Date.now()}` })
      .returning();
    await app()
      .db.insert(refunds)
      .values({
        paymentId: payment!.id,
        bookingId: refunded.booking.id,
        currency: 'GBP',
        amount: 1_000,
        status: 'failed',
        provider: 'sandbox',
        idempotencyKey: `money-sql-failed-${Date.now()}`,
        reason: REASON,
        staffMemberId: finance.member.id,
        failureReason: 'The card has expired.',
        settledAt: new Date(),
      });
    expect(other).toBeDefined();
  });

  const byBooking = async () =>
    queryRows<{ id: number; total: number; paid: number }>(
      app().db,
      sql`select ${bookings.id} as id, ${bookingTotalSql(bookings.id)} as total, ${amountPaidSql(sql`${bookings.id}`)} as paid from ${bookings} order by ${bookings.id}`,
    );
  const grouped = async (only?: number[]) => {
    const ids = only ? sql`select ${bookings.id} from ${bookings} where ${bookings.id} in (${sql.join(only.map((id) => sql`${id}`), sql`, `)})` : undefined;
    return queryRows<{ id: number; total: number; paid: number }>(
      app().db,
      sql`select ${bookings.id} as id, cast(coalesce(t.total, 0) as integer) as total, cast(coalesce(p.paid, 0) as integer) as paid
          from ${bookings} left join (${bookingTotalsSql(ids)}) t on t.booking_id = ${bookings.id} left join (${amountsPaidSql(ids)}) p on p.booking_id = ${bookings.id}
          ${only ? sql`where ${bookings.id} in (${sql.join(only.map((id) => sql`${id}`), sql`, `)})` : sql``}
          order by ${bookings.id}`,
    );
  };
  const numbers = (rows: { id: number; total: number; paid: number }[]) => rows.map((row) => ({ id: Number(row.id), total: Number(row.total), paid: Number(row.paid) }));

  it('gives every booking the same total and paid either way, and the same paid as amountPaid', async () => {
    const each = numbers(await byBooking());
    expect(each.length).toBeGreaterThan(4);
    expect(each.some((row) => row.paid > 0 && row.paid < row.total)).toBe(true);
    expect(numbers(await grouped())).toEqual(each);
    for (const row of each) expect(await amountPaid(app().db, row.id), `booking ${row.id}`).toBe(row.paid);
  });

  it('gives the same figures when asked for some bookings only', async () => {
    const each = numbers(await byBooking());
    const some = each.filter((_, index) => index % 2 === 0);
    expect(numbers(await grouped(some.map((row) => row.id)))).toEqual(some);
  });
});
