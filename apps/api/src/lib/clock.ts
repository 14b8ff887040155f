import { OPERATOR } from '@tours/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/**
 * The one source of 'now', so tests can fix the day and holds can be expired
 * without waiting. Two readings of it:
 *  - now(): this process's clock, for what it shows and signs (dates on
 *    pages, e-mails and documents, JWTs, the booking window's day);
 *  - databaseNow(): 'now' as the database reads it, for every decision that
 *    replicas must agree on (is a hold expired, is an e-mail or a provider
 *    notification due, is a lease over, is a payment request old enough to
 *    reconcile). Replicas' clocks drift apart; the database has one clock.
 */
export interface Clock {
  now(): Date;
  /** 'now' in SQL, evaluated by the database when the statement runs. */
  databaseNow(): SQL;
}

/**
 * The database server's wall clock, read once per statement. clock_timestamp()
 * rather than now(): now() is the time the transaction began, and a
 * transaction that waited for a departure's lock would judge holds by a time
 * earlier than the one the previous lock holder used, so the two could
 * disagree on the same hold (ADR 0002's ordering would no longer order
 * time). The scalar subquery makes it one value per statement (an InitPlan),
 * which an index scan can use, where the bare volatile function could not.
 */
const DATABASE_CLOCK = 'select clock_timestamp()';

export const databaseClock = (): SQL => sql`(${sql.raw(DATABASE_CLOCK)})`;

/** The database's clock moved by `offsetMs` (a test clock that was moved on). */
export const shiftedDatabaseClock = (offsetMs: number): SQL =>
  offsetMs === 0 ? databaseClock() : sql`((${sql.raw(DATABASE_CLOCK)}) + cast(${offsetMs} as double precision) * interval '1 millisecond')`;

/** The instant a databaseNow() expression stands for, read once: for what JavaScript must date by the database's clock. */
export async function readDatabaseNow(db: Database, databaseNow: SQL): Promise<Date> {
  const [row] = await queryRows<{ now: string }>(db, sql`select cast(extract(epoch from ${databaseNow}) * 1000 as double precision) as now`);
  return new Date(Number(row!.now));
}

export const systemClock: Clock = { now: () => new Date(), databaseNow: databaseClock };

/**
 * An instant a decision is made at: the database's 'now' (Clock.databaseNow(),
 * what the app passes) or a fixed instant (tests that pin the run's time).
 */
export type Instant = Date | SQL;

/** The instant as a SQL timestamptz expression. */
export const sqlInstant = (at: Instant): SQL => (at instanceof Date ? sql`cast(${at.toISOString()} as timestamptz)` : at);

/**
 * The operator's calendar date (OPERATOR.timeZone, as the domain's
 * operatorDate) at the instant, as a SQL date: 'today' for rules about
 * departures and due dates, the same on every replica.
 */
export const sqlOperatorDate = (at: Instant): SQL => sql`cast((${sqlInstant(at)} at time zone ${OPERATOR.timeZone}) as date)`;

/** `ms` milliseconds after the instant, as a SQL timestamptz expression (negative: before). */
export const sqlAfter = (at: Instant, ms: number): SQL =>
  at instanceof Date ? sqlInstant(new Date(at.getTime() + ms)) : sql`(${at} + cast(${ms} as double precision) * interval '1 millisecond')`;

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}
