import { DETAILS_MISSING_WITHIN_DAYS, PAYMENT_FLAG_CODES, STAFF_QUEUE_INFO, STAFF_QUEUES, type StaffQueue } from '@tours/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { sqlOperatorDate, type Instant } from '../../lib/clock.ts';
import { awaitsSettlementSql, bookingDetailsIncompleteSql, bookingsReadModel, bookingTotalsSql, isSettledSql } from '../bookings/index.ts';
import { balanceDueDateSql, catalogueReadModel } from '../catalogue/index.ts';
import { failedMailExists } from '../mail/index.ts';
import { amountsPaidSql } from '../payments/index.ts';
import type { BookingMoney } from './money.ts';
import { queueItemsDealtWith } from './schema.ts';

const { bookings } = bookingsReadModel;

/**
 * What the work queue is judged by: the database's clock, read as the
 * operator's date, and the BALANCE_DUE_DAYS setting, which dates the balances
 * here as in the e-mails, the documents and the reminders.
 */
export interface QueueDay {
  now: Instant;
  balanceDueDays: number;
}
const { departures } = catalogueReadModel;

/**
 * The bookings that owe money: whose lines come to more than they paid.
 * Worked out for every booking at once (each money table read once and
 * grouped, then joined), not booking by booking: the queue's candidates are
 * every settled booking past its due date, most of a season. A booking with
 * no lines owes nothing (paid is never below zero: a refund never exceeds
 * what its payment took).
 */
const owingMoney = (): SQL =>
  sql`select owed.booking_id from (${bookingTotalsSql()}) owed left join (${amountsPaidSql()}) paid on paid.booking_id = owed.booking_id
      where owed.total > coalesce(paid.paid, 0)`;

/**
 * The work queue (STAFF_QUEUES): each queue is a condition on a booking,
 * written once here for its count, its list (GET /staff/bookings?queue=) and
 * the flags of every booking shown, over the bookings row and its departure
 * in the caller's statement. 'Today' and due dates are the database's clock
 * read as the operator's date, so the test clock moves them. `money`: the
 * booking's total and paid when the caller's statement has them already (a
 * row shown: its flags); without, the balance is worked out for every booking
 * at once (a count, a filter). `grouped`: for a statement over thousands
 * of bookings (the CSV), whether a passenger has not answered a section, from
 * the passengers it grouped (passengerCountsSql's details_missing); the failed
 * e-mails are then read once and hashed too, not looked up booking by booking.
 */
export function queueCondition(queue: StaffQueue, day: QueueDay, money?: BookingMoney, grouped?: { detailsMissing: SQL<boolean> }): SQL<boolean> {
  const days = queueDays(queue, day.balanceDueDays);
  if (!days) return queueFact(queue, money, grouped);
  // A subquery, so the operator's date is worked out once per statement, not once per booking.
  const today = sql`(select ${sqlOperatorDate(day.now)})`;
  return sql<boolean>`(${queueFact(queue, money, grouped)} and ${today} >= ${days.from}${days.until ? sql` and ${today} <= ${days.until}` : sql``})`;
}

/**
 * What puts a booking in the queue whatever the day (for the two queues of
 * dates, with queueDays: it is in them on those days alone), over the
 * bookings row and its departure in the caller's statement.
 */
function queueFact(queue: StaffQueue, money?: BookingMoney, grouped?: { detailsMissing: SQL<boolean> }): SQL<boolean> {
  switch (queue) {
    case 'unconfirmed':
      return sql<boolean>`${bookings.status} = 'Unconfirmed'`;
    case 'payments-flagged':
      return sql<boolean>`(${bookings.needsAttention} and ${bookings.attentionCode} in (${sql.join(
        PAYMENT_FLAG_CODES.map((code) => sql`${code}`),
        sql`, `,
      )}))`;
    case 'optional':
      return sql<boolean>`(${bookings.status} = 'Optional' and ${bookings.reference} is not null)`;
    case 'sold-out-quotes':
      return sql<boolean>`(${bookings.quoteReason} = 'rooms-sold-out' and ${awaitsSettlementSql()} and not exists (select 1 from ${queueItemsDealtWith} where ${queueItemsDealtWith.bookingId} = ${bookings.id} and ${queueItemsDealtWith.queue} = 'sold-out-quotes'))`;
    case 'balances-overdue': {
      const owes = money ? sql`${money.total} > ${money.paid}` : sql`${bookings.id} in (${owingMoney()})`;
      return sql<boolean>`(${isSettledSql()} and ${owes})`;
    }
    case 'details-missing':
      // The notifications modal's rule (bookingsNeedingDetails): Confirmed, on the days of queueDays (from 90 days before departure to the day).
      return sql<boolean>`(${bookings.status} = 'Confirmed' and ${bookingDetailsIncompleteSql(grouped?.detailsMissing)})`;
    case 'mail-failed':
      return grouped ? failedMailExists(sql`${bookings.id}`, 'all', mailDealtWith()) : failedMailExists(sql`${bookings.id}`, 'each', mailDealtWith(sql`${bookings.id}`));
  }
}

/**
 * The operator's days on which a booking meeting the queue's fact is in it,
 * from and until (both included; no until: from then on), over the
 * departures row of the caller's statement; undefined for the queues that
 * do not depend on the day. Balances are overdue from the day after they
 * fall due; details are missing from DETAILS_MISSING_WITHIN_DAYS before
 * departure to the day itself.
 */
function queueDays(queue: StaffQueue, balanceDueDays: number): { from: SQL; until?: SQL } | undefined {
  switch (queue) {
    case 'balances-overdue':
      return { from: sql`(${balanceDueDateSql(balanceDueDays)} + 1)` };
    case 'details-missing':
      return { from: sql`(${departures.startDate} - cast(${DETAILS_MISSING_WITHIN_DAYS} as integer))`, until: sql`${departures.startDate}` };
    default:
      return undefined;
  }
}

/**
 * The days a booking is in each queue (STAFF_QUEUES' order), as a
 * daterange[] column of the caller's statement, worked out without knowing
 * the day: null, not in it; unbounded, in it whatever the day; else the
 * days of queueDays. The export's read model keeps it (export-lines.ts);
 * queueLabelsOnSql reads it on the day of the export. `money` and `grouped`:
 * as queueCondition's, for thousands of bookings.
 */
export function queueDaysSql(balanceDueDays: number, money: BookingMoney, grouped: { detailsMissing: SQL<boolean> }): SQL {
  const spans = STAFF_QUEUES.map((queue) => {
    const days = queueDays(queue, balanceDueDays);
    const span = days ? sql`daterange(${days.from}, ${days.until ?? sql`null`}, '[]')` : sql`cast('(,)' as daterange)`;
    return sql`case when ${queueFact(queue, money, grouped)} then ${span} end`;
  });
  return sql`array[${sql.join(spans, sql`, `)}]::daterange[]`;
}

/**
 * The labels of the queues a booking is in on the day (STAFF_QUEUE_INFO), in
 * the queues' order, joined by '; ' ('' in none), from its days in each
 * (`days`: queueDaysSql's column, as the read model keeps it: null when in
 * no queue on any day).
 */
export function queueLabelsOnSql(day: QueueDay, days: SQL): SQL<string> {
  const today = sql`(select ${sqlOperatorDate(day.now)})`;
  const cases = STAFF_QUEUES.map((queue, index) => sql`case when (${days})[${sql.raw(String(index + 1))}] @> ${today} then cast(${STAFF_QUEUE_INFO[queue].label} as text) end`);
  // Null days: in no queue on any day (the read model keeps most bookings so).
  return sql<string>`(case when ${days} is null then '' else concat_ws('; ', ${sql.join(cases, sql`, `)}) end)`;
}

/** The ids of the undelivered e-mails staff marked as dealt with: of the booking `bookingId` names, or of every booking. */
export const mailDealtWith = (bookingId?: SQL): SQL =>
  sql`select unnest(${queueItemsDealtWith.messageIds}) from ${queueItemsDealtWith} where ${queueItemsDealtWith.queue} = 'mail-failed'${
    bookingId ? sql` and ${queueItemsDealtWith.bookingId} = ${bookingId}` : sql``
  }`;

/** The queues a booking is in, as a text[] column of the caller's statement (the bookings row, its departure and its money in scope). */
export function queueFlagsSql(day: QueueDay, money: BookingMoney): SQL<StaffQueue[]> {
  const cases = STAFF_QUEUES.map((queue) => sql`case when ${queueCondition(queue, day, money)} then ${queue} end`);
  return sql<StaffQueue[]>`array_remove(array[${sql.join(cases, sql`, `)}]::text[], null)`;
}

/** Every queue's count, in one statement: each its own count over its own index (balances: over the grouped money). */
export async function queueCounts(db: Database, day: QueueDay): Promise<{ queue: StaffQueue; count: number }[]> {
  const counts = STAFF_QUEUES.map(
    (queue) =>
      sql`(select cast(count(*) as integer) from ${bookings} inner join ${departures} on ${eq(departures.id, bookings.departureId)} where ${queueCondition(queue, day)}) as ${sql.identifier(queue)}`,
  );
  const [row] = await queryRows<Record<StaffQueue, number>>(db, sql`select ${sql.join(counts, sql`, `)}`);
  return STAFF_QUEUES.map((queue) => ({ queue, count: Number(row?.[queue] ?? 0) }));
}
