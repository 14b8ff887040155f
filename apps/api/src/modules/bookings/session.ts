import type { BookingStatus, CurrencyCode } from '@tours/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sqlInstant, type Instant } from '../../lib/clock.ts';
import { catalogueReadModel } from '../catalogue/index.ts';
import { bookings } from './schema.ts';

const { departures, tours } = catalogueReadModel;

/** The booking a bearer token opens, with what every booking call needs to scope and price its work. */
export interface BookingSession {
  bookingId: number;
  status: BookingStatus;
  currency: CurrencyCode;
  departureId: number;
  tourId: number;
  tourName: string;
  brandChannel: number;
  /** The deposit percentage the booking was sold under (its departure's, or the operator's, when it was made). */
  depositPercent: number;
  /** The departure's start date 'YYYY-MM-DD': the balance falls due BALANCE_DUE_DAYS before it, or the departure's own days. */
  startDate: string;
  /** The departure's own days before the start the balance falls due (null: the operator's). */
  balanceDueDays: number | null;
  /** How many passengers travel on the booking. */
  participants: number;
  /** Holds placed in this session lapse with it. */
  expiresAt: Date;
  /** Seconds until it ends by the database's clock (negative once it has), the clock every replica judges it by. */
  secondsLeft: number;
  /** The customer the booking belongs to: started while signed in, or linked at confirmation; null for an anonymous booking. */
  customerId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the 'booking' auth guard; null on routes without it. */
    bookingSession: BookingSession | null;
  }
}

/** One indexed lookup by the token's hash (bookings.token_hash is unique); `now` is the database's 'now' (Clock.databaseNow()). */
export async function findSessionByTokenHash(db: Database, tokenHash: string, now: Instant): Promise<BookingSession | null> {
  const [row] = await db
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      currency: bookings.currency,
      departureId: bookings.departureId,
      tourId: tours.id,
      tourName: tours.name,
      brandChannel: tours.brandChannel,
      depositPercent: bookings.depositPercent,
      startDate: departures.startDate,
      balanceDueDays: departures.balanceDueDays,
      expiresAt: bookings.tokenExpiresAt,
      customerId: bookings.customerId,
      secondsLeft: sql<number>`cast(extract(epoch from (${bookings.tokenExpiresAt} - ${sqlInstant(now)})) as double precision)`,
      // Aliased: drizzle leaves columns unqualified in some queries, and an unqualified id here would be the passenger's.
      participants: sql<number>`(select cast(count(*) as integer) from booking_passengers bp where bp.booking_id = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(departures, eq(departures.id, bookings.departureId))
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(eq(bookings.tokenHash, tokenHash));
  if (!row?.expiresAt) return null;
  return { ...row, participants: Number(row.participants), expiresAt: row.expiresAt, secondsLeft: Number(row.secondsLeft) };
}

/** The guard ran before any handler that calls this; a missing session is a wiring mistake, not the caller's. */
export function sessionOf(request: FastifyRequest): BookingSession {
  if (!request.bookingSession) throw new Error(`${request.method} ${request.url} reached its handler without a booking session`);
  return request.bookingSession;
}
