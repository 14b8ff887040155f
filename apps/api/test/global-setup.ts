import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toIsoDate } from '@tours/domain';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { IN_MEMORY, openDatabase, type DatabaseConnection } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { databaseClock, readDatabaseNow } from '../src/lib/clock.ts';
import { loadProviderKeys } from '../src/modules/identity-provider/keys.ts';
import type { SeededTemplate } from './test-database.ts';

/**
 * Migrates and seeds one database before any test file runs; every file's
 * database is then a copy of it (test-database.ts) instead of migrating and
 * seeding its own, which cost each file about two seconds of CPU.
 * PGlite: a dump of its data directory that each in-memory database starts
 * from (and the same as a directory, for persistent ones). PostgreSQL (DATABASE_URL, the
 * maintenance database): a template database each file's database is
 * created from. The app finds both done on start (migrations applied, the
 * demo seed present), as it would on a database it made itself, and the
 * seed is anchored on the database's day, as plugins/db.ts anchors it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildApiWhenStale();
  const server = process.env.DATABASE_URL;
  const started = performance.now();
  let template: SeededTemplate;
  let remove: () => Promise<void>;
  if (!server) {
    const folder = mkdtempSync(join(tmpdir(), 'tours-api-template-'));
    const dump = join(folder, 'seeded.tar');
    const dataDir = join(folder, 'data');
    const seededOn = await migrateAndSeed({ dataDir: IN_MEMORY }, async (connection) => {
      const client = (connection.db as unknown as { $client: PGlite }).$client;
      // PGlite's cluster comes with the databases postgres and template0 beside the one it uses (template1), which
      // nothing here opens: without them the dump is 18 MB instead of 33, and each test database unpacks it faster.
      await client.exec(`update pg_database set datistemplate = false where datname = 'template0'`);
      for (const name of ['template0', 'postgres']) await client.exec(`drop database ${name}`);
      const tarball = await client.dumpDataDir('none');
      writeFileSync(dump, Buffer.from(await tarball.arrayBuffer()));
    });
    // The same as a data directory, for the tests whose database must outlive an app (restarts, other processes).
    const copy = await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(dump)]) });
    await copy.close();
    // The in-memory database's own dump was taken while it ran: each copy started from it recovered from its
    // write-ahead log first. The directory was shut down cleanly, so its dump opens sooner, for every test file.
    const reopened = await PGlite.create(dataDir);
    writeFileSync(dump, Buffer.from(await (await reopened.dumpDataDir('none')).arrayBuffer()));
    await reopened.close();
    template = { dump, dataDir, seededOn };
    remove = async () => rmSync(folder, { recursive: true, force: true });
  } else {
    const name = `tours_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database "${name}"`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    template = { database: name, seededOn: await migrateAndSeed({ databaseUrl: url.toString(), dataDir: IN_MEMORY }) };
    remove = () => admin(`drop database if exists "${name}" with (force)`);
  }
  project.provide('seededTemplate', template);
  console.info(`[api tests] seeded template ready in ${Math.round(performance.now() - started)} ms (${server ? 'PostgreSQL' : 'PGlite'}, demo data of ${template.seededOn})`);
  return remove;
}

/**
 * What the app's first start leaves in a fresh database: the migrations
 * (plugins/db.ts), the demo seed on the database's day, and the identity
 * provider's keys, which are made once and kept (making an RSA key costs
 * about half a second of CPU). `keep` copies it before it is closed.
 */
async function migrateAndSeed(options: { databaseUrl?: string; dataDir: string }, keep?: (connection: DatabaseConnection) => Promise<void>): Promise<string> {
  const connection = await openDatabase(options);
  try {
    await connection.migrate();
    const result = await seedDemoData(connection.db, toIsoDate(await readDatabaseNow(connection.db, databaseClock())));
    await loadProviderKeys(connection.db, undefined);
    await keep?.(connection);
    return result.seededOn;
  } finally {
    await connection.close();
  }
}

/**
 * The tests that run the API as a process of its own (api-process.ts) run its production build, as `npm start`
 * does: built here once, before any file starts, when the sources are newer (scripts/build-api.mjs), so no two
 * files build it at once and none runs a stale one. (Started from its sources through tsx instead, each process
 * cost about two more seconds of CPU.)
 */
function buildApiWhenStale(): void {
  const script = fileURLToPath(new URL('../../../scripts/build-api.mjs', import.meta.url));
  // Its output goes to stderr: the reporter owns stdout.
  const build = spawnSync(process.execPath, [script], { stdio: ['ignore', 2, 2] });
  if (build.status !== 0) throw new Error(`The API build failed (exit ${build.status ?? build.signal})`);
}
