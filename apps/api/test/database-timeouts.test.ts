import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_TIMEOUTS,
  IN_MEMORY,
  openDatabase,
  queryRows,
  type Database,
  type DatabaseConnection,
} from "../src/db/client.ts";
import {
  isTransientDatabaseError,
  retryTransient,
} from "../src/lib/pg-errors.ts";
import { loadConfig } from "../src/config/index.ts";
import { buildTestApp } from "./helper.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

async function timeoutsOf(
  db: Database,
): Promise<{ statement: string; lock: string }> {
  const [statement] = await queryRows<{ statement_timeout: string }>(
    db,
    sql`show statement_timeout`,
  );
  const [lock] = await queryRows<{ lock_timeout: string }>(
    db,
    sql`show lock_timeout`,
  );
  return { statement: statement!.statement_timeout, lock: lock!.lock_timeout };
}

/** The SQLSTATE of a failure, however deep drizzle wrapped the driver's error. */
function sqlState(error: unknown): string | undefined {
  for (
    let cause = error;
    cause && typeof cause === "object";
    cause = (cause as { cause?: unknown }).cause
  ) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("the statement did not fail");
}

describe("database timeouts: settings", () => {
  it("default to 15 s per statement and 5 s per lock wait, and read DATABASE_STATEMENT_TIMEOUT_MS and DATABASE_LOCK_TIMEOUT_MS", () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({
      statementMs: 15_000,
      lockMs: 5_000,
    });
    expect(DEFAULT_TIMEOUTS).toEqual({ statementMs: 15_000, lockMs: 5_000 });
    expect(
      loadConfig({
        DATABASE_STATEMENT_TIMEOUT_MS: "30000",
        DATABASE_LOCK_TIMEOUT_MS: "750",
      }).databaseTimeouts,
    ).toEqual({ statementMs: 30_000, lockMs: 750 });
    expect(() => loadConfig({ DATABASE_LOCK_TIMEOUT_MS: "0" })).toThrow(
      /DATABASE_LOCK_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });
});

describe("database timeouts on PGlite", () => {
  it("sets both on its connection, by default and as configured", async () => {
    const defaults = await openDatabase({ dataDir: IN_MEMORY });
    const configured = await openDatabase({
      dataDir: IN_MEMORY,
      timeouts: { statementMs: 1234, lockMs: 567 },
    });
    try {
      expect(await timeoutsOf(defaults.db)).toEqual({
        statement: "15s",
        lock: "5s",
      });
      expect(await timeoutsOf(configured.db)).toEqual({
        statement: "1234ms",
        lock: "567ms",
      });
    } finally {
      await Promise.all([defaults.close(), configured.close()]);
    }
  });
});

describe("a lock timeout and a statement timeout are transient failures", () => {
  // Both cancel the statement and abort its transaction, so nothing was written: trying the whole transaction again is safe.
  it.each([
    ["55P03", "lock_not_available: canceling statement due to lock timeout"],
    ["57014", "query_canceled: canceling statement due to statement timeout"],
  ])(
    "classifies SQLSTATE %s (%s) as transient, also when wrapped",
    (code, message) => {
      const driverError = Object.assign(new Error(message), { code });
      expect(isTransientDatabaseError(driverError)).toBe(true);
      expect(
        isTransientDatabaseError(
          new Error("Failed query: update ...", { cause: driverError }),
        ),
      ).toBe(true);
    },
  );

  it("does not retry what another try cannot fix", () => {
    for (const code of ["23505", "23503", "25P02", "42P01"]) {
      expect(
        isTransientDatabaseError(Object.assign(new Error(code), { code })),
      ).toBe(false);
    }
  });
});

describe("database timeouts of the app", () => {
  it("apply the settings to the app's own connections, on either engine", async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp(database, {
      env: {
        SEED: "none",
        DATABASE_STATEMENT_TIMEOUT_MS: "20000",
        DATABASE_LOCK_TIMEOUT_MS: "2500",
      },
    });
    try {
      expect(await timeoutsOf(app.db)).toEqual({
        statement: "20s",
        lock: "2500ms",
      });
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

const server = process.env.DATABASE_URL;

// The PostgreSQL lane (`npm run test:pg`, `node scripts/with-postgres.mjs npx vitest run --project api test/database-timeouts.test.ts`): PGlite has one connection, so nobody can hold a lock it waits for.
// Tests of the PostgreSQL lane only: on PGlite they are not defined, rather than reported as skipped.
if (server) {
  describe("database timeouts on a PostgreSQL server", () => {
    let database: TestDatabase;
    let connection: DatabaseConnection;

    beforeAll(async () => {
      database = await createTestDatabase();
      connection = await openDatabase({
        databaseUrl: database.databaseUrl,
        dataDir: IN_MEMORY,
        poolMax: 4,
        timeouts: { statementMs: 1500, lockMs: 300 },
      });
      await connection.db.execute(
        sql`create table timeout_probe (id integer primary key, value integer not null)`,
      );
      await connection.db.execute(sql`insert into timeout_probe values (1, 0)`);
    });
    afterAll(async () => {
      await connection?.close();
      await database?.drop();
    });

    it("sets both on every connection of the pool", async () => {
      // Four transactions at once on a pool of four: each holds its own connection while it asks.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          connection.db.transaction(async (tx) => {
            const result = await timeoutsOf(tx as unknown as Database);
            await tx.execute(sql`select pg_sleep(0.05)`);
            return result;
          }),
        ),
      );
      expect(answers).toEqual(
        Array.from({ length: 4 }, () => ({
          statement: "1500ms",
          lock: "300ms",
        })),
      );
    });

    it("fails a lock wait beyond the lock timeout with a transient error, and a retry succeeds once the lock is gone", async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // One connection holds the row for longer than the lock timeout.
      const holder = connection.db.transaction(async (tx) => {
        await tx.execute(
          sql`select * from timeout_probe where id = 1 for update`,
        );
        locked();
        await released;
      });
      await isLocked;

      const started = Date.now();
      const failure = await failureOf(
        connection.db.execute(
          sql`update timeout_probe set value = value + 1 where id = 1`,
        ),
      );
      const waited = Date.now() - started;
      expect(sqlState(failure)).toBe("55P03");
      expect(isTransientDatabaseError(failure)).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(1500);

      // The retry helper waits it out: the lock is released between the first try and a later one.
      let attempts = 0;
      const retried = retryTransient(
        async () => {
          attempts++;
          if (attempts === 2) release();
          await connection.db.execute(
            sql`update timeout_probe set value = value + 1 where id = 1`,
          );
        },
        { attempts: 4, baseDelayMs: 20 },
      );
      await retried;
      await holder;
      expect(attempts).toBeGreaterThanOrEqual(2);
      const [row] = await queryRows<{ value: number }>(
        connection.db,
        sql`select value from timeout_probe where id = 1`,
      );
      expect(row!.value).toBe(1);
    });

    it("cancels a statement beyond the statement timeout with a transient error", async () => {
      const failure = await failureOf(
        connection.db.execute(sql`select pg_sleep(5)`),
      );
      expect(sqlState(failure)).toBe("57014");
      expect(isTransientDatabaseError(failure)).toBe(true);
    });
  });
}
