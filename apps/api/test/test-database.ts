import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { IN_MEMORY } from '../src/db/client.ts';

export interface TestDatabase {
  /** Set when tests run against a PostgreSQL server. */
  databaseUrl: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

async function onServer<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A database nobody else uses. Without DATABASE_URL: embedded PGlite, in
 * memory (or in a temporary directory when it must survive a restart). With
 * DATABASE_URL (the maintenance database of a server): a new, uniquely named
 * database on that server, dropped afterwards.
 */
export async function createTestDatabase(options: { persistent?: boolean } = {}): Promise<TestDatabase> {
  const server = process.env.DATABASE_URL;
  if (!server) {
    if (!options.persistent) return { databaseUrl: undefined, dataDir: IN_MEMORY, drop: async () => {} };
    const dataDir = mkdtempSync(join(tmpdir(), 'tours-api-test-'));
    return { databaseUrl: undefined, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `tours_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(server, (client) => client.query(`create database "${name}"`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir: IN_MEMORY,
    drop: () => onServer(server, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}
