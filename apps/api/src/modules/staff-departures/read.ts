import type { BookingStatus, CurrencyCode, StaffDepartureRow, StaffDepartureSearch } from '@tours/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { sqlInstant, type Instant } from '../../lib/clock.ts';
import { containing } from '../../lib/sql-like.ts';
import type { Correspondence, JoiningInformation, PassportDetails } from '../../db/json-types.ts';
import { agentsReadModel } from '../agents/index.ts';
import { bookingsReadModel, bookingTotalSql, isSettledSql } from '../bookings/index.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { inventoryReadModel } from '../inventory/index.ts';
import { amountPaidSql } from '../payments/index.ts';

const { bookings, bookingPassengers } = bookingsReadModel;
const { departures, tours, departureOptions, flights, departureAccommodations, accommodations } = catalogueReadModel;
const { allocations } = inventoryReadModel;
const { agents } = agentsReadModel;

/**
 * What a departure's page and its ground team's documents are read from.
 * Only settled bookings count (the domain's travelsOnDeparture, here the
 * bookings module's isSettledSql); amounts are the staff list's own
 * (bookingTotalSql, amountPaidSql), the figures the booking page shows.
 */

/** Units of an option (or places, when `optionId` is null) sold, and held by a live hold, on the departure `departureId`. */
const unitsIn = (state: 'sold' | 'held', departureId: SQL, optionId: SQL | null, now: Instant): SQL<number> =>
  sql<number>`(select cast(coalesce(sum(${allocations.quantity}), 0) as integer) from ${allocations}
    where ${allocations.departureId} = ${departureId} and ${optionId === null ? sql`${allocations.optionId} is null` : sql`${allocations.optionId} = ${optionId}`}
    and ${allocations.state} = ${state}${state === 'held' ? sql` and ${allocations.expiresAt} > ${sqlInstant(now)}` : sql``})`;

interface DepartureRecord {
  id: number;
  tour_id: number;
  tour_code: string;
  tour_name: string;
  start_date: string;
  end_date: string;
  capacity: number;
  sold: number;
  held: number;
}

const departureColumns = (now: Instant) =>
  sql`${departures.id} as id, ${tours.id} as tour_id, ${tours.code} as tour_code, ${tours.name} as tour_name,
    cast(${departures.startDate} as text) as start_date, cast(${departures.endDate} as text) as end_date, ${departures.capacity} as capacity,
    ${unitsIn('sold', sql`${departures.id}`, null, now)} as sold, ${unitsIn('held', sql`${departures.id}`, null, now)} as held`;

export function presentDeparture(row: DepartureRecord): StaffDepartureRow {
  const capacity = Number(row.capacity);
  const sold = Number(row.sold);
  const held = Number(row.held);
  return {
    id: Number(row.id),
    tour: { id: Number(row.tour_id), code: row.tour_code, name: row.tour_name },
    start_date: row.start_date,
    end_date: row.end_date,
    places: { capacity, sold, held, left: Math.max(0, capacity - sold - held) },
  };
}

/** One page of departures, earliest first, and how many the filters find, in one statement. */
export async function listDepartures(db: Database, search: StaffDepartureSearch, now: Instant): Promise<{ items: StaffDepartureRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (search.tour) {
    // Part of the code or the name, as staff remember a tour ('VIE', 'Vienna'); LIKE's own signs are taken literally.
    const pattern = containing(search.tour);
    conditions.push(sql`(${tours.code} ilike ${pattern} or ${tours.name} ilike ${pattern})`);
  }
  if (search.from) conditions.push(sql`${departures.startDate} >= ${search.from}`);
  if (search.to) conditions.push(sql`${departures.startDate} <= ${search.to}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await queryRows<DepartureRecord & { total_count: number }>(
    db,
    sql`select ${departureColumns(now)}, cast(count(*) over () as integer) as total_count
      from ${departures} inner join ${tours} on ${tours.id} = ${departures.tourId} ${where}
      order by ${departures.startDate}, ${tours.code}, ${departures.id}
      limit ${search.page_size} offset ${(search.page - 1) * search.page_size}`,
  );
  let total = Number(rows[0]?.total_count ?? 0);
  if (rows.length === 0 && search.page > 1) {
    const [counted] = await queryRows<{ total: number }>(
      db,
      sql`select cast(count(*) as integer) as total from ${departures} inner join ${tours} on ${tours.id} = ${departures.tourId} ${where}`,
    );
    total = Number(counted?.total ?? 0);
  }
  return { items: rows.map(presentDeparture), total };
}

export interface OptionRecord {
  id: number;
  kind: 'flight' | 'room' | 'extra' | 'additional_night';
  name: string;
  inventory: number;
  duration_from: number;
  /** The most people one unit takes (a Double room: 2). */
  occupancy_to: number;
  room_type: string | null;
  accommodation_id: number | null;
  hotel: string | null;
  hotel_nights: number | null;
  hotel_position: number | null;
  flight_number: string | null;
  airline_name: string | null;
  departure_airport: string | null;
  arrival_airport: string | null;
  departure_ms: number | null;
  position: number;
  sold: number;
  held: number;
}

export interface SettledBooking {
  id: number;
  reference: string;
  status: BookingStatus;
  currency: CurrencyCode;
  total: number;
  paid: number;
  agent_code: string | null;
  agent_name: string | null;
  correspondence: Correspondence | null;
}

export interface PassengerRecord {
  id: number;
  booking_id: number;
  position: number;
  is_lead: boolean;
  title: string;
  given_name: string;
  family_name: string;
  email: string | null;
  telephone_home: string | null;
  telephone_mobile: string | null;
  date_of_birth: string | null;
  special_requests: string | null;
  apis: PassportDetails | null;
  insurance: unknown;
  joining_information: JoiningInformation | null;
  arrival_time: string | null;
}

export interface Placement {
  booking_id: number;
  passenger_id: number;
  option_id: number;
}

/**
 * Everything about one departure its page and documents need, in five
 * statements whatever it holds; null when there is no such departure.
 */
export async function readDeparture(db: Database, departureId: number, now: Instant) {
  const settledHere = sql`${bookings.departureId} = ${departureId} and ${isSettledSql()}`;
  const [heads, options, settled, passengers, placements] = await Promise.all([
    queryRows<DepartureRecord>(
      db,
      sql`select ${departureColumns(now)} from ${departures} inner join ${tours} on ${tours.id} = ${departures.tourId} where ${departures.id} = ${departureId}`,
    ),
    queryRows<OptionRecord>(
      db,
      sql`select ${departureOptions.id} as id, ${departureOptions.kind} as kind, ${departureOptions.name} as name, ${departureOptions.inventory} as inventory,
          ${departureOptions.durationFrom} as duration_from, ${departureOptions.occupancyTo} as occupancy_to, ${departureOptions.roomType} as room_type, ${departureOptions.accommodationId} as accommodation_id,
          ${accommodations.name} as hotel, ${departureAccommodations.nights} as hotel_nights, ${departureAccommodations.position} as hotel_position,
          ${flights.flightNumber} as flight_number, ${flights.airlineName} as airline_name, ${flights.departureAirport} as departure_airport,
          ${flights.arrivalAirport} as arrival_airport, cast(extract(epoch from ${flights.departureAt}) * 1000 as double precision) as departure_ms,
          ${departureOptions.position} as position,
          ${unitsIn('sold', sql`${departureOptions.departureId}`, sql`${departureOptions.id}`, now)} as sold,
          ${unitsIn('held', sql`${departureOptions.departureId}`, sql`${departureOptions.id}`, now)} as held
        from ${departureOptions}
        left join ${flights} on ${flights.optionId} = ${departureOptions.id}
        left join ${departureAccommodations} on ${departureAccommodations.departureId} = ${departureOptions.departureId}
          and ${departureAccommodations.accommodationId} = ${departureOptions.accommodationId}
        left join ${accommodations} on ${accommodations.id} = ${departureOptions.accommodationId}
        where ${departureOptions.departureId} = ${departureId}
        order by ${departureOptions.kind}, ${departureAccommodations.position} nulls last, ${departureOptions.position}, ${departureOptions.id}`,
    ),
    queryRows<SettledBooking>(
      db,
      sql`select ${bookings.id} as id, ${bookings.reference} as reference, ${bookings.status} as status, ${bookings.currency} as currency,
          ${bookingTotalSql(bookings.id)} as total, ${amountPaidSql(sql`${bookings.id}`)} as paid,
          ${agents.code} as agent_code, ${agents.name} as agent_name, ${bookings.correspondence} as correspondence
        from ${bookings} left join ${agents} on ${agents.id} = ${bookings.agentId}
        where ${settledHere} order by ${bookings.reference}`,
    ),
    queryRows<PassengerRecord>(
      db,
      sql`select ${bookingPassengers.id} as id, ${bookingPassengers.bookingId} as booking_id, ${bookingPassengers.position} as position,
          ${bookingPassengers.isLead} as is_lead, ${bookingPassengers.title} as title, ${bookingPassengers.givenName} as given_name,
          ${bookingPassengers.familyName} as family_name, ${bookingPassengers.email} as email, ${bookingPassengers.telephoneHome} as telephone_home,
          ${bookingPassengers.telephoneMobile} as telephone_mobile, cast(${bookingPassengers.dateOfBirth} as text) as date_of_birth,
          ${bookingPassengers.specialRequests} as special_requests, ${bookingPassengers.apis} as apis, ${bookingPassengers.insurance} as insurance,
          ${bookingPassengers.joiningInformation} as joining_information, ${bookingPassengers.arrivalTime} as arrival_time
        from ${bookingPassengers} inner join ${bookings} on ${bookings.id} = ${bookingPassengers.bookingId}
        where ${settledHere} order by ${bookings.reference}, ${bookingPassengers.position}`,
    ),
    queryRows<Placement>(
      db,
      sql`select ${allocations.bookingId} as booking_id, ${allocations.passengerId} as passenger_id, ${allocations.optionId} as option_id
        from ${allocations} inner join ${bookings} on ${bookings.id} = ${allocations.bookingId}
        where ${settledHere} and ${allocations.optionId} is not null and ${allocations.passengerId} is not null and ${allocations.state} <> 'released'
        order by ${allocations.bookingId}, ${allocations.optionId}, ${allocations.passengerId}`,
    ),
  ]);
  const head = heads[0];
  if (!head) return null;
  const numbers = <T extends object>(row: T, keys: (keyof T)[]): T => {
    const copy = { ...row };
    for (const key of keys) if (copy[key] !== null) (copy as Record<keyof T, unknown>)[key] = Number(copy[key]);
    return copy;
  };
  return {
    departure: presentDeparture(head),
    options: options.map((row) =>
      numbers(row, ['id', 'inventory', 'duration_from', 'occupancy_to', 'accommodation_id', 'hotel_nights', 'hotel_position', 'departure_ms', 'position', 'sold', 'held']),
    ),
    bookings: settled.map((row) => numbers(row, ['id', 'total', 'paid'])),
    passengers: passengers.map((row) => numbers(row, ['id', 'booking_id', 'position'])),
    placements: placements.map((row) => numbers(row, ['booking_id', 'passenger_id', 'option_id'])),
  };
}
export type DepartureRecordSet = NonNullable<Awaited<ReturnType<typeof readDeparture>>>;
