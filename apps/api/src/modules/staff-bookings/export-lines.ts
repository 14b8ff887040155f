import { createHash } from 'node:crypto';
import { STAFF_QUEUES, type StaffBookingExport } from '@tours/domain';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '../../db/client.ts';
import { scheduleBackgroundJob } from '../../lib/background-job.ts';
import { sharedPlugin } from '../../lib/plugin.ts';
import { bookingsReadModel, passengerCountsSql } from '../bookings/index.ts';
import { csvHeadSql, csvLineEndSql } from './csv.ts';
import { moneyOfEveryBooking } from './money.ts';
import { queueDaysSql, queueLabelsOnSql, type QueueDay } from './queues.ts';
import { departureJoin, departureJoins, leadAndAgentJoins } from './rows.ts';
import { bookingExportChanges, bookingExportLines } from './schema.ts';
import { orderOf, searchConditions, sortKey } from './search.ts';

const { bookings } = bookingsReadModel;

/**
 * The staff bookings CSV's read model (docs/decisions/0021): each booking's
 * line up to its queues, kept in booking_export_lines, so an export of a
 * season writes the lines of the bookings that changed since the last and
 * reads the rest as they are, instead of working out 20,000 lines' money,
 * passengers and twenty formatted fields every time.
 *
 * A line is current when it was built by today's statement (its format) and
 * no change to what it is written from (booking_export_changes, which the
 * source tables' triggers write in the writer's own transaction) escaped the
 * snapshot it was built under. A change committed while a line is built is
 * not in its snapshot, so the line is stale at the next export: nothing is
 * missed whatever the timing, and nothing waits on a writer. Refreshers take
 * one advisory lock, so two exports (or the background job) never build the
 * same line at once, nor delete changes another's older line has not seen.
 */

/** The advisory lock refreshers of the read model take, one at a time (among the API's keys: 7_240_0xx). */
const EXPORT_LINES_LOCK_KEY = 7_240_031;

/** queueDaysSql's column for a booking in no queue on any day. */
const NO_QUEUE_DAYS = sql.raw(`array[${STAFF_QUEUES.map(() => 'null').join(', ')}]::daterange[]`);

/** A change (`change`) its booking's line (`seen`) was built without: not in the snapshot the line was built under. */
const NOT_SEEN = sql`not pg_visible_in_snapshot(change.changed_by, seen.built_under)`;

/** Whether the booking `bookingId` names has a change its kept line was built without (a hashed subquery: the change log is read once). */
const changedSinceBuilt = (bookingId: SQL): SQL<boolean> =>
  sql<boolean>`${bookingId} in (select change.booking_id from ${bookingExportChanges} change inner join ${bookingExportLines} seen on seen.booking_id = change.booking_id where ${NOT_SEEN})`;

/** What a line is written from, and how: the statement's text and parameters once rendered (settings and labels among them). */
function lineParts(balanceDueDays: number, bookingIds: SQL) {
  const money = moneyOfEveryBooking(bookingIds);
  const line = csvHeadSql(
    { money, passengers: sql`coalesce(party.passengers, 0)`, detailsMissing: sql<boolean>`coalesce(party.details_missing, false)` },
    'booking_line',
  );
  const queueDays = queueDaysSql(balanceDueDays, money, { detailsMissing: sql<boolean>`coalesce(party.details_missing, false)` });
  const joins = sql`${departureJoins()} ${leadAndAgentJoins()} ${money.joins}
    left join (${passengerCountsSql(bookingIds)}) as party on party.booking_id = ${bookings.id}`;
  return { line, queueDays, joins };
}

const formats = new Map<number, string>();
/**
 * A digest of the statement that builds lines under a balance due setting:
 * lines built by another (an older release, another setting) are stale.
 */
export function lineFormat(balanceDueDays: number): string {
  let format = formats.get(balanceDueDays);
  if (!format) {
    const { line, queueDays, joins } = lineParts(balanceDueDays, sql`select 0`);
    const query = new PgDialect().sqlToQuery(sql`${line.values} ${line.head} ${queueDays} ${joins}`);
    format = createHash('sha256').update(JSON.stringify([query.sql, query.params])).digest('base64url').slice(0, 22);
    formats.set(balanceDueDays, format);
  }
  return format;
}

/** The bookings (of the relation `ids` selects, or every one) whose line is missing, of another format, or has not seen a change. */
const staleLines = (format: string, ids?: SQL): SQL =>
  sql`select ${bookings.id} as id from ${bookings}
    left join ${bookingExportLines} on ${bookingExportLines.bookingId} = ${bookings.id}
    where ${ids ? sql`${bookings.id} in (${ids}) and ` : sql``}(${bookingExportLines.bookingId} is null or ${bookingExportLines.format} <> ${format}
      or ${changedSinceBuilt(sql`${bookings.id}`)})`;

/** Builds (or builds again) the lines of the bookings `ids` selects, under the statement's snapshot: an INSERT, its rows returned. */
function buildLines(format: string, balanceDueDays: number, ids: SQL): SQL {
  const { line, queueDays, joins } = lineParts(balanceDueDays, ids);
  // In the bookings' order, so two builders (never at once: the lock) would meet their rows in one order.
  return sql`insert into ${bookingExportLines} (booking_id, format, built_under, head, queue_days)
    select booking_line.id, ${format}, pg_current_snapshot(), ${line.head},
      -- Most bookings are in no queue on any day (null): their last field is then empty without reading the day.
      nullif(booking_line.queue_days, ${NO_QUEUE_DAYS})
    from (
      select ${bookings.id} as id, ${line.values}, ${queueDays} as queue_days
      from ${bookings} ${joins}
      where ${bookings.id} in (${ids})
      offset 0
    ) as booking_line
    order by booking_line.id
    on conflict (booking_id) do update set format = excluded.format, built_under = excluded.built_under, head = excluded.head, queue_days = excluded.queue_days
    returning booking_id, head, queue_days`;
}

/**
 * Deletes the changes the lines have seen: those under a line's snapshot, and
 * those of bookings without a line (committed, so whatever builds it later
 * sees them; the lock keeps builders out meanwhile).
 */
const forgetSeenChanges = (): SQL =>
  sql`delete from ${bookingExportChanges} where id in (
    select change.id from ${bookingExportChanges} change left join ${bookingExportLines} seen on seen.booking_id = change.booking_id
    where seen.booking_id is null or not (${NOT_SEEN}))`;

async function underTheLock<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LINES_LOCK_KEY})`);
    const result = await work(tx);
    await tx.execute(forgetSeenChanges());
    return result;
  });
}

/** A kept line (`kept`) that is not current: missing, of another format, or without a change to its booking. */
const notCurrent = (format: string, bookingId: SQL): SQL<boolean> =>
  sql<boolean>`(kept.booking_id is null or kept.format <> ${format}
    or ${changedSinceBuilt(bookingId)})`;

/**
 * The CSV lines of every booking the filters find, in the list's order, as
 * one text. Most exports find every line current (the background job keeps
 * them so): one statement reads them, and says whether any was not; if one
 * was, the stale lines are built again (and kept) and the lines read again,
 * under the lock. Either way the text is consistent as of one statement's
 * snapshot: every line in it was current then.
 */
export async function exportBookingLines(db: Database, search: StaffBookingExport, day: QueueDay): Promise<string> {
  const format = lineFormat(day.balanceDueDays);
  const [read] = await queryRows<{ lines: string | null; stale: boolean | null }>(db, readLines(search, day, format, 'read'));
  if (!read?.stale) return read?.lines ?? '';
  return underTheLock(db, async (tx) => {
    const [row] = await queryRows<{ lines: string | null }>(tx, readLines(search, day, format, 'build'));
    return row?.lines ?? '';
  });
}

/**
 * The export's statement: the bookings the filters find, in the list's
 * order, each with its kept line, ended on the day by its queues. 'read':
 * the lines as kept, and whether one was not current; 'build': with the
 * stale lines built first (a data-modifying CTE, its rows returned: the
 * statement's own reading of the table does not see them).
 */
function readLines(search: StaffBookingExport, day: QueueDay, format: string, mode: 'read' | 'build'): SQL {
  const key = sortKey(search.sort);
  const where = searchConditions(search, day);
  const matchedIds = where ? sql`select id from matched` : undefined;
  const line = sql.raw('line');
  const head = mode === 'build' ? sql`coalesce(rebuilt.head, kept.head)` : sql`kept.head`;
  const days = mode === 'build' ? sql`coalesce(rebuilt.queue_days, kept.queue_days)` : sql`kept.queue_days`;
  const ctes = [
    ...(where ? [sql`matched as (select ${bookings.id} as id from ${bookings} ${departureJoin()} where ${where})`] : []),
    ...(mode === 'build' ? [sql`stale as (${staleLines(format, matchedIds)})`, sql`rebuilt as (${buildLines(format, day.balanceDueDays, sql`select id from stale`)})`] : []),
  ];
  return sql`${ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}
    select string_agg(concat(${line}.head, ${csvLineEndSql(sql`${line}.queues`)}), '' order by ${orderOf(search, key, sql`${line}.`)}) as lines
      ${mode === 'read' ? sql`, bool_or(${line}.stale) as stale` : sql``}
    from (
      select listed.sort_key, listed.id, ${head} as head, ${queueLabelsOnSql(day, days)} as queues
        ${mode === 'read' ? sql`, ${notCurrent(format, sql`listed.id`)} as stale` : sql``}
      from (
        select ${key.key} as sort_key, ${bookings.id} as id
        from ${where ? sql`matched inner join ${bookings} on ${bookings.id} = matched.id` : sql`${bookings}`} ${departureJoin()} ${key.joins}
      ) as listed
      ${mode === 'build' ? sql`left join rebuilt on rebuilt.booking_id = listed.id` : sql``}
      left join ${bookingExportLines} kept on kept.booking_id = listed.id
      offset 0
    ) as ${line}`;
}

/** Lines built at once beyond which the tables are vacuumed and analysed: PGlite has no autovacuum, and a planner that thinks the lines table empty hashes it the costly way round. */
const TIDY_AFTER_LINES = 1_000;

/**
 * Brings every stale line up to date (the background job: so an export after
 * a busy hour has little to build), forgets the changes seen, and after a
 * large build vacuums and analyses the read model's tables. Answers how many
 * lines it built.
 */
export async function refreshExportLines(db: Database, balanceDueDays: number): Promise<number> {
  const format = lineFormat(balanceDueDays);
  const built = await underTheLock(db, async (tx) => {
    const [row] = await queryRows<{ built: number }>(
      tx,
      sql`with stale as (${staleLines(format)}), rebuilt as (${buildLines(format, balanceDueDays, sql`select id from stale`)})
        select cast(count(*) as integer) as built from rebuilt`,
    );
    return Number(row?.built ?? 0);
  });
  // Outside the transaction, where VACUUM must run.
  if (built >= TIDY_AFTER_LINES) await db.execute(sql`vacuum (analyze) ${bookingExportLines}, ${bookingExportChanges}`);
  return built;
}

/** Keeps the read model current every BOOKING_EXPORT_LINES_INTERVAL_MS (0: never; each export then builds its own stale lines), on every replica: the lock takes turns. */
export const exportLinesPlugin = sharedPlugin('booking-export-lines', async (app) => {
  scheduleBackgroundJob(app, 'bringing the bookings export up to date', app.config.staffBookings.exportLinesIntervalMs, async () => {
    const built = await refreshExportLines(app.db, app.config.balances.dueDays);
    if (built > 0) app.log.debug({ built }, 'bookings export lines built');
  });
});
