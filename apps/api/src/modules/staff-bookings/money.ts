import { sql, type SQL } from 'drizzle-orm';
import { bookingsReadModel, bookingTotalSql, bookingTotalsSql } from '../bookings/index.ts';
import { amountPaidSql, amountsPaidSql } from '../payments/index.ts';

const { bookings } = bookingsReadModel;

/**
 * A booking's total and what it paid, as columns of the caller's statement,
 * with the joins that bring them: the figures a row of the list shows, its
 * balance, and the balances-overdue flag, worked out once per row.
 */
export interface BookingMoney {
  joins: SQL;
  total: SQL<number>;
  paid: SQL<number>;
}

/**
 * For a page of the list (at most 100 rows): each booking's own figures,
 * looked up by its id through the owners' indexes (one lateral row per
 * booking, read once for the columns and the flags).
 */
export const moneyOfEachRow = (): BookingMoney => ({
  joins: sql`left join lateral (select ${bookingTotalSql(bookings.id)} as total, ${amountPaidSql(sql`${bookings.id}`)} as paid) as row_money on true`,
  total: sql<number>`row_money.total`,
  paid: sql<number>`row_money.paid`,
});

/**
 * For thousands of bookings (a sort by total or balance over the whole list,
 * the CSV of a season): every booking's figures at once, each money table
 * read once and grouped by booking, then hash-joined, instead of three
 * lookups per booking. `bookingIds`: a subquery of the bookings the statement
 * shows, when it has them (every booking otherwise).
 */
export const moneyOfEveryBooking = (bookingIds?: SQL): BookingMoney => ({
  joins: sql`left join (${bookingTotalsSql(bookingIds)}) as booking_totals on booking_totals.booking_id = ${bookings.id}
    left join (${amountsPaidSql(bookingIds)}) as booking_paid on booking_paid.booking_id = ${bookings.id}`,
  total: sql<number>`coalesce(booking_totals.total, 0)`,
  paid: sql<number>`coalesce(booking_paid.paid, 0)`,
});

/** For one booking (its page's head): its figures as subqueries, no join. */
export const moneyOfOneBooking = (): BookingMoney => ({
  joins: sql``,
  total: bookingTotalSql(bookings.id),
  paid: amountPaidSql(sql`${bookings.id}`),
});
