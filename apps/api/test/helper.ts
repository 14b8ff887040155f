import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toIsoDate } from '@tours/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { readDatabaseNow, shiftedDatabaseClock, sqlInstant } from '../src/lib/clock.ts';
import { loadConfig, type RawEnv } from '../src/config/index.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export { createTestDatabase } from './test-database.ts';

/** Where no SPA has been built, unless a test provides one. */
export const NO_WEB_DIST = join(tmpdir(), 'tours-api-test-no-web-dist');

/** A clean environment: the test database and quiet logs, nothing from the developer's shell. */
export function testEnv(database: TestDatabase, overrides: RawEnv = {}): RawEnv {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    WEB_DIST: NO_WEB_DIST,
    // Background settlement runs only when a test asks for it (deliverDue, reconcilePayments), so each test decides its own timing.
    PAYMENT_WEBHOOK_RETRY_INTERVAL_MS: '0',
    PAYMENT_RECONCILE_INTERVAL_MS: '0',
    // Reminders likewise: a test runs them itself (runReminders) on its own clock.
    REMINDERS_INTERVAL_MS: '0',
    // And the bookings CSV's read model: an export builds the lines it reads, or a test runs refreshExportLines itself. Its job, landing
    // mid-test, would rebuild lines under a test that holds that a request changed nothing (seen in CI: the hostile-input fingerprints).
    BOOKING_EXPORT_LINES_INTERVAL_MS: '0',
    ...overrides,
  };
}

/**
 * Every job that runs on a timer turned off, for a test that counts the
 * statements its requests issue: a relay poll or a sweep landing inside the
 * counted window would add one (seen in CI: 15 statements where 14 were due).
 */
export const NO_TIMED_JOBS = { HOLD_SWEEP_INTERVAL_MS: '0', MAIL_RELAY_INTERVAL_MS: '0', RATE_LIMIT_SWEEP_INTERVAL_MS: '0' } as const;

export interface BuildOptions extends Omit<BuildAppOptions, 'config' | 'env'> {
  /** Settings over the clean test environment. */
  env?: RawEnv;
  /** Extra routes for the test, added before the app is ready. */
  routes?: (app: FastifyInstance) => void;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
}

async function buildReadyApp(database: TestDatabase, options: BuildOptions): Promise<FastifyInstance> {
  const { env, routes, ...rest } = options;
  const settings = testEnv(database, env);
  // An in-memory PGlite lives in the process that opens it: the test opens it, with the app's timeouts, and hands it over.
  const opened = !rest.database && database.inMemory ? await database.open({ timeouts: loadConfig(settings, false).databaseTimeouts }) : undefined;
  const app = await buildApp({ ...rest, ...(opened ? { database: opened } : {}), env: settings });
  routes?.(app);
  await app.ready();
  return app;
}

/**
 * Whether the demo data is anchored on the day the app's clock gives the
 * database (as plugins/db.ts anchors a seed it makes), or there is none.
 */
async function seededOnItsDay(app: FastifyInstance): Promise<boolean> {
  const [run] = await queryRows<{ seeded_on: string }>(app.db, sql`select cast(seeded_on as text) as seeded_on from seed_runs where name = 'demo'`);
  return !run || run.seeded_on === toIsoDate(await readDatabaseNow(app.db, app.clock.databaseNow()));
}

/**
 * Builds one app on the test database, ready. A database copied from the
 * seeded template holds demo data anchored on the day the template was
 * made: when this app's clock says another day (a test clock stopped on
 * another date, a run across midnight), the database is emptied and the app
 * built again, to seed it as it would have on a fresh database.
 */
export async function buildTestApp(database: TestDatabase, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await buildReadyApp(database, options);
  // A connection the test opened itself stays as the test made it.
  if (options.database || !database.seeded || (await seededOnItsDay(app))) return app;
  await app.close();
  await database.empty();
  return buildReadyApp(database, options);
}

/**
 * The fastify/demo `build()` helper for vitest: before the file's tests, a
 * database of its own (a copy of the migrated and seeded template: PGlite in
 * memory, or a new database on DATABASE_URL's server) and the app on it;
 * afterwards both are closed.
 */
export function build(options: BuildOptions = {}): TestApp {
  let app: FastifyInstance | undefined;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp(database, options);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  return {
    get app() {
      if (!app) throw new Error('The app is built in beforeAll; use it inside a test');
      return app;
    },
    get database() {
      if (!database) throw new Error('The database is created in beforeAll; use it inside a test');
      return database;
    },
  };
}

/** The day the seed anchored its dates on: the database's clock, read as a local date (plugins/db.ts). */
export const today = () => toIsoDate(new Date());

/** An answer in the error envelope with this status and code. */
export function expectApiError(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.code).toBe(code);
}

/**
 * A clock for `build({ clock })` that a test moves forward (sessions, holds and
 * payment requests expire without waiting) or stops at an instant (a cut-off
 * to the minute). It runs from the real time until stopped. The database's
 * 'now' moves with it (databaseNow), so holds, leases and due times, which
 * the app judges in SQL by the database's clock, lapse as the test moves on.
 */
export function testClock() {
  let offsetMs = 0;
  let stopped: Date | null = null;
  return {
    now: () => stopped ?? new Date(Date.now() + offsetMs),
    databaseNow: (): SQL => (stopped ? sqlInstant(stopped) : shiftedDatabaseClock(offsetMs)),
    advance: (seconds: number) => {
      if (stopped) stopped = new Date(stopped.getTime() + seconds * 1000);
      else offsetMs += seconds * 1000;
    },
    stopAt: (instant: Date) => {
      stopped = instant;
    },
  };
}
