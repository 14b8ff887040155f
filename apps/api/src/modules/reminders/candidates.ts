import type { BookingStatus, CurrencyCode } from '@tours/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { sqlInstant, sqlOperatorDate, type Instant } from '../../lib/clock.ts';
import { bookingDetailsIncompleteSql, bookingsReadModel, bookingTotalSql, isSettledSql } from '../bookings/index.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { mailReadModel } from '../mail/index.ts';
import { amountPaidSql } from '../payments/index.ts';

const { bookings } = bookingsReadModel;
const { departures, tours } = catalogueReadModel;
const { outboxMessages } = mailReadModel;

export interface CandidateRow {
  id: number;
  reference: string;
  status: BookingStatus;
  currency: CurrencyCode;
  startDate: string;
  endDate: string;
  balanceDueDays: number | null;
  tourName: string;
  total: number;
  paid: number;
  detailsIncomplete: boolean;
  /** The message keys already queued for the booking. */
  sentKeys: string[] | null;
}

/**
 * The customers' bookings a reminder may be due for, in one statement, with
 * the operator's date today on the database's clock: settled (Confirmed, or
 * Optional with its reference; a cancelled booking is neither), booked by the
 * customer (an agent's client is never written to: the agency settles with
 * us), departing from today to `windowDays` ahead.
 */
export async function reminderCandidates(db: Database, now: Instant, windowDays: number, balanceReminderDays: number): Promise<{ today: string; rows: CandidateRow[] }> {
  const today = sqlOperatorDate(now);
  const [day] = await queryRows<{ today: string }>(db, sql`select to_char(${today}, 'YYYY-MM-DD') as today`);
  const rows = await queryRows<CandidateRow>(
    db,
    sql`select ${bookings.id} as "id", ${bookings.reference} as "reference", ${bookings.status} as "status", ${bookings.currency} as "currency",
          to_char(${departures.startDate}, 'YYYY-MM-DD') as "startDate", to_char(${departures.endDate}, 'YYYY-MM-DD') as "endDate", ${tours.name} as "tourName",
          ${departures.balanceDueDays} as "balanceDueDays",
          ${bookingTotalSql(bookings.id)} as "total", ${amountPaidSql(sql`${bookings.id}`)} as "paid", ${bookingDetailsIncompleteSql()} as "detailsIncomplete",
          (select array_agg(${outboxMessages.messageKey}) from ${outboxMessages} where ${outboxMessages.bookingId} = ${bookings.id} and ${outboxMessages.messageKey} is not null) as "sentKeys"
        from ${bookings}
        inner join ${departures} on ${departures.id} = ${bookings.departureId}
        inner join ${tours} on ${tours.id} = ${departures.tourId}
        where ${isSettledSql()} and ${bookings.agentId} is null
          -- A departure with a balance due earlier than the operator's widens the window by as much.
          and ${departures.startDate} between ${today} and ${today} + greatest(cast(${windowDays} as integer), coalesce(${departures.balanceDueDays}, 0) + cast(${balanceReminderDays} as integer))
        order by ${departures.startDate}, ${bookings.id}`,
  );
  return { today: day!.today, rows: rows.map((row) => ({ ...row, id: Number(row.id), total: Number(row.total), paid: Number(row.paid) })) };
}

export interface OptionalRow {
  id: number;
  reference: string;
  startDate: string;
  tourName: string;
  agentBooking: boolean;
}

/** Optional bookings (with their reference) still awaiting staff's decision `hours` after they were made, not yet departed, whose staff reminder is not queued. */
export async function optionalAwaitingStaff(db: Database, now: Instant, hours: number): Promise<OptionalRow[]> {
  const rows = await queryRows<OptionalRow>(
    db,
    sql`select ${bookings.id} as "id", ${bookings.reference} as "reference", to_char(${departures.startDate}, 'YYYY-MM-DD') as "startDate", ${tours.name} as "tourName",
          (${bookings.agentId} is not null) as "agentBooking"
        from ${bookings}
        inner join ${departures} on ${departures.id} = ${bookings.departureId}
        inner join ${tours} on ${tours.id} = ${departures.tourId}
        where ${bookings.status} = 'Optional' and ${bookings.reference} is not null
          and ${bookings.createdAt} <= ${sqlInstant(now)} - cast(${hours} as integer) * interval '1 hour'
          and ${departures.startDate} >= ${sqlOperatorDate(now)}
          and not exists (select 1 from ${outboxMessages} where ${outboxMessages.messageKey} = 'option-reminder:' || ${bookings.id})
        order by ${departures.startDate}, ${bookings.id}`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
