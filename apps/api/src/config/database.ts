import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

const timeoutMs = (fallback: number) => z.coerce.number().int().min(100).max(600_000).default(fallback);

export const database = defineSlice({
  title: 'Database',
  summary: 'Where the data lives (embedded PGlite, or a PostgreSQL server), how it is reached, and what is loaded into it.',
  settings: {
    dataDir: setting(
      'DATA_DIR',
      z.string().min(1).default('./.data'),
      'PGlite data directory, relative to the working directory; `memory://` for a throwaway database. Ignored when `DATABASE_URL` is set',
    ),
    databaseUrl: setting(
      'DATABASE_URL',
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'Use a postgres:// or postgresql:// URL')
        .optional(),
      '`postgres://user@host:port/db`; uses a PostgreSQL server (15 or later) instead of PGlite',
    ),
    databasePoolMax: setting('DATABASE_POOL_MAX', z.coerce.number().int().min(1).max(100).default(10), 'Connections per API process to the server'),
    databaseTimeouts: {
      statementMs: setting(
        'DATABASE_STATEMENT_TIMEOUT_MS',
        timeoutMs(15_000),
        "`statement_timeout` of every connection (the pool's, and PGlite's one): a statement running longer is cancelled (SQLSTATE 57014)",
      ),
      lockMs: setting(
        'DATABASE_LOCK_TIMEOUT_MS',
        timeoutMs(5_000),
        '`lock_timeout` of every connection: a wait for a row or table lock longer than this fails (55P03). Both failures abort only their transaction and count as transient in `src/lib/pg-errors.ts`: settlement retries them and otherwise leaves the payment to reconciliation',
      ),
    },
    seed: setting('SEED', z.enum(['demo', 'none']).default('demo'), '`demo` loads the demo data once (idempotent); `none` leaves the database alone'),
  },
});
