import { defineConfig } from 'vitest/config';

/**
 * API test files that replace a module (vi.mock): they run in a process of
 * their own, since the others share their worker's loaded modules.
 */
const API_ISOLATED = ['test/confirmation-email-fallback.test.ts'];

const api = {
  root: './apps/api',
  pool: 'forks',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          ...api,
          name: 'api',
          include: ['test/**/*.test.ts'],
          exclude: API_ISOLATED,
          // Migrates and seeds one database that every test file's database is a copy of (test/test-database.ts).
          globalSetup: ['./test/global-setup.ts'],
          // Files run one after another in the same worker, which keeps the modules it loaded: importing the app
          // and starting PGlite is paid once per worker, not once per file (each file still has its own database
          // and app). A file must leave nothing behind: it closes what it opens and restores what it changes.
          isolate: false,
        },
      },
      // Too few files to pay for a seeded template: their databases start empty and the app migrates and seeds them.
      { test: { ...api, name: 'api-isolated', include: API_ISOLATED } },
      './apps/web/vite.config.ts',
    ],
  },
});
