import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, queryRows } from '../src/db/client.ts';
import { TABLES } from './db-counts.ts';
import { createTestDatabase } from './helper.ts';

describe('migrations', () => {
  it('apply to an empty database, create every table of the schema, and apply only once', async () => {
    const database = await createTestDatabase({ empty: true });
    const connection = await database.open();
    try {
      await connection.migrate();
      await connection.migrate();
      const tables = await queryRows<{ table_name: string }>(
        connection.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      const created = tables.map((row) => row.table_name).sort();
      expect(created).toEqual(TABLES.map((table) => getTableName(table)).sort());

      const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const [applied] = await queryRows<{ n: number }>(connection.db, sql`select cast(count(*) as integer) as n from drizzle.__drizzle_migrations`);
      expect(Number(applied!.n)).toBe(journal.entries.length);
    } finally {
      await connection.close();
      await database.drop();
    }
  });
});
