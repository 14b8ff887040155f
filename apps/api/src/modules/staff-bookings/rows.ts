import type { AttentionCode, BookingStatus, CurrencyCode, QuoteReason, StaffBookingRow, StaffQueue } from '@tours/domain';
import { ATTENTION_REASONS } from '@tours/domain';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { blankSql } from '../../lib/sql-formats.ts';
import { agentsReadModel } from '../agents/index.ts';
import { bookingsReadModel, passengerCountSql } from '../bookings/index.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import type { BookingMoney } from './money.ts';
import { queueFlagsSql, type QueueDay } from './queues.ts';

const { bookings, bookingPassengers } = bookingsReadModel;
const { departures, tours } = catalogueReadModel;
const { agents } = agentsReadModel;

/**
 * One booking of the staff list (and one line of its CSV), read with the
 * bookings row, its departure and tour, its agent, its lead passenger and its
 * money in the caller's statement (departureJoins, leadAndAgentJoins, a
 * BookingMoney's joins). Instants travel as epoch milliseconds and dates as
 * text, which both engines answer alike.
 */
export interface BookingRowRecord {
  id: number;
  reference: string | null;
  status: BookingStatus;
  currency: CurrencyCode;
  created_ms: number;
  lead_title: string | null;
  lead_given_name: string | null;
  lead_family_name: string | null;
  lead_email: string | null;
  tour_code: string;
  tour_name: string;
  departure_id: number;
  start_date: string;
  end_date: string;
  passengers: number;
  total: number;
  paid: number;
  agent_code: string | null;
  agent_name: string | null;
  attention_code: AttentionCode | null;
  needs_attention: boolean;
  quote_reason: QuoteReason | null;
  flags: StaffQueue[];
}

/** The lead passenger, joined to the bookings row: one per booking (the one-lead index), or none. */
export const leadJoin = (): SQL => sql`left join ${bookingPassengers} on ${bookingPassengers.bookingId} = ${bookings.id} and ${bookingPassengers.isLead}`;

/** The lead passenger and the agent, joined to the bookings row. */
export const leadAndAgentJoins = (): SQL => sql`${leadJoin()} left join ${agents} on ${agents.id} = ${bookings.agentId}`;

/** The bookings row's departure, joined to it (every booking has one): what the filters and sorts read of it. */
export const departureJoin = (): SQL => sql`inner join ${departures} on ${departures.id} = ${bookings.departureId}`;

/** The bookings row's departure and tour, joined to it. */
export const departureJoins = (): SQL => sql`${departureJoin()} inner join ${tours} on ${tours.id} = ${departures.tourId}`;

/**
 * The columns of a row. `passengers`: how many travel, as a column of the
 * caller's statement (each booking's own count unless the caller joined them
 * grouped).
 */
export function rowColumns(day: QueueDay, money: BookingMoney, passengers: SQL = passengerCountSql(bookings.id)): SQL {
  return sql`${bookings.id} as id, ${bookings.reference} as reference, ${bookings.status} as status, ${bookings.currency} as currency,
    cast(extract(epoch from ${bookings.createdAt}) * 1000 as double precision) as created_ms,
    ${bookingPassengers.title} as lead_title, ${bookingPassengers.givenName} as lead_given_name, ${bookingPassengers.familyName} as lead_family_name,
    ${bookingPassengers.email} as lead_email,
    ${tours.code} as tour_code, ${tours.name} as tour_name,
    ${departures.id} as departure_id, cast(${departures.startDate} as text) as start_date, cast(${departures.endDate} as text) as end_date,
    ${passengers} as passengers,
    ${money.total} as total,
    ${money.paid} as paid,
    ${agents.code} as agent_code, ${agents.name} as agent_name,
    ${bookings.needsAttention} as needs_attention, ${bookings.attentionCode} as attention_code, ${bookings.quoteReason} as quote_reason,
    ${queueFlagsSql(day, money)} as flags`;
}

/** The lead's name as staff read it: 'Mr Edward Elgar'. */
export const leadName = (row: Pick<BookingRowRecord, 'lead_title' | 'lead_given_name' | 'lead_family_name'>): string =>
  [row.lead_title, row.lead_given_name, row.lead_family_name].filter((part) => part && part.trim() !== '').join(' ');

/**
 * leadName in SQL, for the lead passenger joined to the caller's statement
 * (leadJoin): '' when there is none. test/staff-bookings-csv.test.ts holds it
 * equal to leadName.
 */
export function leadNameSql(): SQL<string> {
  const part = (column: SQLWrapper) => sql`case when not ${blankSql(sql`${column}`)} then ${column} end`;
  return sql<string>`concat_ws(' ', ${part(bookingPassengers.title)}, ${part(bookingPassengers.givenName)}, ${part(bookingPassengers.familyName)})`;
}

export function presentRow(row: BookingRowRecord): StaffBookingRow {
  const money = (value: number) => ({ value: Number(value) as never, currency: row.currency });
  const total = Number(row.total);
  const paid = Number(row.paid);
  return {
    id: Number(row.id),
    reference: row.reference,
    booking_reference: row.reference ?? String(row.id),
    status: row.status,
    created_at: new Date(Number(row.created_ms)).toISOString(),
    lead: row.lead_family_name === null ? null : { name: leadName(row), email: row.lead_email },
    tour: { code: row.tour_code, name: row.tour_name },
    departure: { id: Number(row.departure_id), start_date: row.start_date, end_date: row.end_date },
    passengers: Number(row.passengers),
    total: money(total),
    paid: money(paid),
    balance: money(total - paid),
    agent: row.agent_code === null ? null : { code: row.agent_code, name: row.agent_name ?? '' },
    attention: row.needs_attention && row.attention_code ? { code: row.attention_code, reason: ATTENTION_REASONS[row.attention_code] } : null,
    quote_reason: row.quote_reason,
    flags: row.flags,
  };
}
