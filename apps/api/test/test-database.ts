import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { IN_MEMORY, openDatabase, type DatabaseConnection, type DatabaseOptions } from '../src/db/client.ts';
import { withPooledMemory } from './pglite-memory.ts';

/** Where the global set-up (global-setup.ts) left the migrated and seeded database every test file starts from. */
export interface SeededTemplate {
  /** PGlite: a dump of its data directory (PGlite#dumpDataDir), which an in-memory database starts from. */
  dump?: string;
  /** PGlite: the same as a data directory, which a persistent database is a copy of. */
  dataDir?: string;
  /** PostgreSQL: the database each test database is created from (`create database … template …`). */
  database?: string;
  /** The day its demo data is anchored on (YYYY-MM-DD). */
  seededOn: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate | null;
  }
}

/** How a test opens its database itself (the app opens its own from its settings). */
export type OpenOptions = Pick<DatabaseOptions, 'poolMax' | 'timeouts' | 'onQuery'>;

export interface TestDatabase {
  /** Set when tests run against a PostgreSQL server. */
  databaseUrl: string | undefined;
  /** The PGlite data directory; `memory://` for an in-memory PGlite (and on a PostgreSQL server, where it is unused). */
  dataDir: string;
  /**
   * An in-memory PGlite: it lives inside the process that opens it, so each
   * open() is a database of its own, and an app is handed one rather than
   * opening it from its settings (helper.ts does).
   */
  readonly inMemory: boolean;
  /** Whether it starts as a copy of the migrated and seeded template rather than empty. */
  readonly seeded: boolean;
  /** A connection to it (in memory: to a new copy of it). */
  open(options?: OpenOptions): Promise<DatabaseConnection>;
  /** Makes it start empty from now on (same name, same directory), for an app to migrate and seed itself; nothing may have it open. */
  empty(): Promise<void>;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * An empty database, for tests of what migrating and seeding do (or of a
   * seed anchored on a clock of their own). Otherwise a copy of the database
   * the global set-up migrated and seeded once: what an app starting on a
   * fresh database would make of it, without paying for it in every file.
   */
  empty?: boolean;
  /** PGlite: in a data directory, which survives the app (a restart, another process), instead of in memory. */
  persistent?: boolean;
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

/** The template, when the api project's global set-up made one (it does for every run of the project). */
function seededTemplate(): SeededTemplate | null {
  try {
    return inject('seededTemplate') ?? null;
  } catch {
    // Outside a vitest worker: no template, every database starts empty.
    return null;
  }
}

/** The template's dump, read once per worker process. */
let dumpRead: { path: string; blob: Blob } | undefined;
function templateDump(path: string): Blob {
  if (dumpRead?.path !== path) dumpRead = { path, blob: new Blob([readFileSync(path)]) };
  return dumpRead.blob;
}

/**
 * A database nobody else uses. Without DATABASE_URL: embedded PGlite, in
 * memory (or in a temporary directory when it must survive the app). With
 * DATABASE_URL (the maintenance database of a server): a new, uniquely
 * named database on that server, dropped by drop().
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const template = options.empty ? null : seededTemplate();
  const server = process.env.DATABASE_URL;
  if (server) return onPostgres(server, template?.database);
  if (options.persistent) return inDirectory(template?.dataDir);
  return inMemory(template?.dump);
}

function inMemory(dump: string | undefined): TestDatabase {
  let seeded = dump !== undefined;
  return {
    databaseUrl: undefined,
    dataDir: IN_MEMORY,
    inMemory: true,
    get seeded() {
      return seeded;
    },
    open: (options = {}) => withPooledMemory(() => openDatabase({ ...options, dataDir: IN_MEMORY, loadDataDir: seeded && dump ? templateDump(dump) : undefined })),
    async empty() {
      seeded = false;
    },
    drop: async () => {},
  };
}

function inDirectory(templateDir: string | undefined): TestDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'tours-api-test-'));
  let seeded = false;
  if (templateDir) {
    cpSync(templateDir, dataDir, { recursive: true });
    seeded = true;
  }
  return {
    databaseUrl: undefined,
    dataDir,
    inMemory: false,
    get seeded() {
      return seeded;
    },
    open: (options = {}) => openDatabase({ ...options, dataDir }),
    async empty() {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir);
      seeded = false;
    },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function onPostgres(server: string, templateDatabase: string | undefined): Promise<TestDatabase> {
  const name = `tours_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(server, (client) => client.query(`create database "${name}"${templateDatabase ? ` template "${templateDatabase}"` : ''}`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const drop = () => onServer(server, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined);
  let seeded = templateDatabase !== undefined;
  return {
    databaseUrl,
    dataDir: IN_MEMORY,
    inMemory: false,
    get seeded() {
      return seeded;
    },
    open: (options = {}) => openDatabase({ ...options, databaseUrl, dataDir: IN_MEMORY }),
    async empty() {
      await drop();
      await onServer(server, (client) => client.query(`create database "${name}"`));
      seeded = false;
    },
    drop,
  };
}
