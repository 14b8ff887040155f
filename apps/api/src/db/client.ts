import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { packagePath } from '../files.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both engines: repositories never know whether PGlite or a PostgreSQL server answers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Rows of a raw statement; both drivers answer with `rows`, which the shared type cannot know. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export const MIGRATIONS_FOLDER = packagePath('drizzle');
/** PGlite's own name for a database that lives only in memory. */
export const IN_MEMORY = 'memory://';
/** Arbitrary constant shared by every replica: whoever holds it migrates, the others wait. */
const MIGRATION_LOCK_KEY = 7_240_001;

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent the embedded PGlite engine is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory://`. */
  dataDir: string;
  /** PGlite in memory only: starts from this dump of a data directory (PGlite#dumpDataDir) instead of an empty database. */
  loadDataDir?: Blob | undefined;
  poolMax?: number;
  /** statement_timeout and lock_timeout of every connection: a stuck statement or lock wait fails (and is retried) instead of hanging. */
  timeouts?: { statementMs: number; lockMs: number };
  /** Sees every statement, for trace logs and query-count budgets. */
  onQuery?: (query: string, params: unknown[]) => void;
}

export interface DatabaseConnection {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Applies pending migrations from `apps/api/drizzle`; concurrent replicas take turns. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUTS = { statementMs: 15_000, lockMs: 5_000 } as const;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  const logger: Logger | undefined = options.onQuery ? { logQuery: options.onQuery } : undefined;
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolMax ?? 10, logger, timeouts)
    : openPglite(options.dataDir, logger, timeouts, options.loadDataDir);
}

type Timeouts = NonNullable<DatabaseOptions['timeouts']>;

async function openPglite(dataDir: string, logger: Logger | undefined, timeouts: Timeouts, loadDataDir: Blob | undefined): Promise<DatabaseConnection> {
  // The extensions the migrations create: PGlite loads an extension's code only when it is given here.
  const extensions = { pg_trgm };
  let client: PGlite;
  if (dataDir === IN_MEMORY) {
    client = await PGlite.create(loadDataDir ? { loadDataDir, extensions } : { extensions });
  } else {
    const path = resolve(dataDir);
    mkdirSync(path, { recursive: true });
    client = await PGlite.create(path, { extensions });
  }
  // Session settings of its one connection.
  await client.exec(`set statement_timeout = ${Math.trunc(timeouts.statementMs)}; set lock_timeout = ${Math.trunc(timeouts.lockMs)};`);
  const db = drizzlePglite({ client, schema, logger });
  return {
    db,
    engine: 'pglite',
    // One process owns a PGlite directory, so there is nobody to take turns with.
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string, max: number, logger: Logger | undefined, timeouts: Timeouts): Promise<DatabaseConnection> {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5_000,
    // Set on every connection the pool opens, so no request can wait on a statement or a lock for ever.
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
  });
  // An idle client losing its server must not crash the process; the next query reports the failure.
  pool.on('error', () => {});
  // Nor may a checked-out one (in a transaction, when the server restarts or fails over): the pool listens
  // only to idle clients, and an 'error' event nobody listens to ends the process. The query in flight
  // fails with the error, and the pool discards the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg({ client: pool, schema, logger });
  return {
    db,
    engine: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
