import { count, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';

export const TABLES = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

/** Row count of every table of the schema, by table name. */
export async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row!.n;
  }
  return counts;
}
