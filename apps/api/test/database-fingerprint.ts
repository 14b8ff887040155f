import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client.ts';

/**
 * Tables any request may change without it being a change of data: the
 * rate-limit counters count every attempt, refused ones included (that is
 * their job: agent verification, promotional codes, postcode lookups), so
 * bad input moves them by design.
 */
export const CHANGING_ON_ANY_REQUEST = new Set(['rate_limit_counters']);

export interface FingerprintOptions {
  /** The tables that change on any request give their row count instead of nothing. */
  countChanging?: boolean;
  /**
   * Columns left out, by table: what a refused request may move by design (the staff guard starts a live session's
   * idle time again, its last_seen_at, before it checks the permission).
   */
  leaveOut?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Every table of the database (public schema, the migrations' bookkeeping
 * aside): its row count and a hash of its rows in a stable order, so two
 * fingerprints are equal exactly when no row was added, removed or changed.
 * The one fingerprint of the API tests: the fuzz and the hostile-input tests
 * take it around every refused request, the staff role matrix around all its
 * refused calls.
 */
export async function fingerprint(db: Database, options: FingerprintOptions = {}): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const leaveOut = options.leaveOut ?? {};
  const columnsKept = new Map<string, string[]>();
  for (const [table, left] of Object.entries(leaveOut)) {
    const columns = await queryRows<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
    );
    if (columns.length === 0) throw new Error(`No table ${table} to leave columns of out`);
    columnsKept.set(table, columns.map((column) => column.name).filter((column) => !left.includes(column)));
  }
  // One statement for all the tables: a fingerprint is taken around every refused request, and a query per table
  // was most of what those tests cost (20 ms a fingerprint on the embedded database, 40-odd round trips).
  const prints = tables.flatMap(({ name }) => {
    if (!CHANGING_ON_ANY_REQUEST.has(name)) {
      const kept = columnsKept.get(name);
      const rows = kept ? sql`(select ${sql.join(kept.map((column) => sql.identifier(column)), sql`, `)} from ${sql.identifier(name)})` : sql.identifier(name);
      // Rows ordered by their whole text: a total order whatever the primary key, so equal tables hash alike.
      return [sql`select ${name} as name, count(*)::int || ':' || md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as print from ${rows} t`];
    }
    // Only their rows' number, where a caller wants to know that nothing was even counted.
    return options.countChanging ? [sql`select ${name} as name, count(*)::text as print from ${sql.identifier(name)}`] : [];
  });
  if (prints.length === 0) return {};
  const rows = await queryRows<{ name: string; print: string }>(db, sql.join(prints, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}
