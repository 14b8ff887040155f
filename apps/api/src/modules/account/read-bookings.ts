import {
  balanceDueDate, balanceDueDaysFor,
  bookingDetailsComplete,
  bookingOutstandingBalance,
  minor,
  type AccountBooking,
  type AccountPassenger,
  type Component,
} from '@tours/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agentsReadModel } from '../agents/index.ts';
import { bookingsReadModel, presentCorrespondence, presentPassenger, totalsFromLines } from '../bookings/index.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { paidByBooking } from '../payments/index.ts';

const { bookings, bookingComponents, bookingPassengers } = bookingsReadModel;
const { departures, tours } = catalogueReadModel;
const { agents } = agentsReadModel;

/**
 * The account area's reading of bookings (spec section 3, Booking (account)):
 * the customer's bookings with their totals and outstanding balances worked
 * out from our own lines and verified payments, never stored figures.
 * Read only: the account area displays statuses, it never changes them. It
 * reads the bookings' and the catalogue's tables through their read models
 * and the payments through the payments module.
 */

type ComponentRow = Pick<typeof bookingComponents.$inferSelect, 'id' | 'bookingId' | 'name' | 'componentType' | 'unitPrice' | 'quantity' | 'price' | 'currency'>;

function accountComponent(row: ComponentRow): Component {
  return { id: row.id, name: row.name, component_type: row.componentType, price: { value: minor(row.price), currency_code: row.currency } };
}

const bookingColumns = {
  id: bookings.id,
  reference: bookings.reference,
  status: bookings.status,
  currency: bookings.currency,
  confirmedDate: bookings.confirmedDate,
  correspondence: bookings.correspondence,
  startDate: departures.startDate,
  endDate: departures.endDate,
  balanceDueDays: departures.balanceDueDays,
  tourName: tours.name,
  brandChannel: tours.brandChannel,
  depositPercent: bookings.depositPercent,
  agencyName: agents.name,
};

function accountBooking(
  row: Awaited<ReturnType<typeof selectBookings>>[number],
  lines: readonly ComponentRow[],
  paid: number,
  passengers: readonly AccountPassenger[],
  balanceDueDays: number,
): AccountBooking {
  const { details } = totalsFromLines(lines, row.currency, row);
  const total = details.total_price.value;
  const outstanding = bookingOutstandingBalance(row, total, paid);
  const correspondence = presentCorrespondence(row.correspondence);
  return {
    id: row.id,
    booking_reference: row.reference ?? String(row.id),
    status: row.status,
    confirmed_date: row.confirmedDate ? row.confirmedDate.toISOString() : null,
    start_date: row.startDate,
    end_date: row.endDate,
    balance_due: outstanding > 0 ? balanceDueDate(row.startDate, balanceDueDaysFor(row.balanceDueDays, balanceDueDays)) : null,
    principal_component_name: lines.find((line) => line.componentType === 'Tour')?.name ?? row.tourName,
    outstanding_balance: { value: outstanding, currency: row.currency },
    total_price: { value: total, currency_code: row.currency },
    currency_code: row.currency,
    details_complete: bookingDetailsComplete(passengers, correspondence),
    correspondence,
    // A travel agent's booking: the agency settles its balance (balanceSettler), and the account says so.
    agency: row.agencyName,
  };
}
function selectBookings(db: Database, where: ReturnType<typeof eq>) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(departures, eq(departures.id, bookings.departureId))
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .leftJoin(agents, eq(agents.id, bookings.agentId))
    .where(where)
    .orderBy(asc(departures.startDate), asc(bookings.id));
}

const groupBy = <T extends { bookingId: number }>(rows: readonly T[]) => {
  const grouped = new Map<number, T[]>();
  for (const row of rows) grouped.set(row.bookingId, [...(grouped.get(row.bookingId) ?? []), row]);
  return grouped;
};

/**
 * Every booking of the customer, whatever its status (the web groups them); four queries however many there are.
 * `balanceDueDays`: the BALANCE_DUE_DAYS setting (app.config.balances.dueDays), which dates balance_due.
 */
export async function listAccountBookings(db: Database, customerId: number, balanceDueDays: number): Promise<AccountBooking[]> {
  const rows = await selectBookings(db, eq(bookings.customerId, customerId));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, paid, passengers] = await Promise.all([
    db.select().from(bookingComponents).where(inArray(bookingComponents.bookingId, ids)).orderBy(asc(bookingComponents.id)),
    paidByBooking(db, ids),
    db.select().from(bookingPassengers).where(inArray(bookingPassengers.bookingId, ids)).orderBy(asc(bookingPassengers.position)),
  ]);
  const linesOf = groupBy(lines);
  const passengersOf = groupBy(passengers);
  return rows.map((row) => accountBooking(row, linesOf.get(row.id) ?? [], paid.get(row.id) ?? 0, (passengersOf.get(row.id) ?? []).map(presentPassenger), balanceDueDays));
}

/** One booking with its components and passengers; the caller has checked it is the customer's (ownedBookingId). */
export async function readAccountBooking(db: Database, bookingId: number, balanceDueDays: number) {
  const [row] = await selectBookings(db, eq(bookings.id, bookingId));
  if (!row) return null;
  const [lines, paid, passengerRows] = await Promise.all([
    db.select().from(bookingComponents).where(eq(bookingComponents.bookingId, bookingId)).orderBy(asc(bookingComponents.id)),
    paidByBooking(db, [bookingId]),
    db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position)),
  ]);
  const passengers = passengerRows.map(presentPassenger);
  return {
    booking: accountBooking(row, lines, paid.get(bookingId) ?? 0, passengers, balanceDueDays),
    components: lines.map(accountComponent),
    passengers,
  };
}

/** The name of the travel agency that made the booking, or null when the customer booked it themselves. */
export async function agencyOfBooking(db: Database, bookingId: number): Promise<string | null> {
  const [row] = await db.select({ name: agents.name }).from(bookings).innerJoin(agents, eq(agents.id, bookings.agentId)).where(eq(bookings.id, bookingId));
  return row?.name ?? null;
}
